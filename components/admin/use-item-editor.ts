'use client';

import { useCallback, useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';

import { useConfirm } from '@/components/admin/confirm-dialog';
import type { EditorTab } from '@/components/admin/editor-frame';
import { adminToast } from '@/components/admin/toast';
import { useEditorDraft } from '@/components/admin/use-editor-draft';
import { useSingleFlight } from '@/components/admin/use-single-flight';
import { withoutKey } from '@/components/admin/use-list-editor';
import { useUnsavedWarning } from '@/components/admin/use-unsaved-warning';
import { settleAction, type ActionResult } from '@/lib/action-result';
import { z } from '@/lib/validation/zod';

/** Unsaved work of an item editor: the create form, and each item's edit form, by item id. */
export interface ItemDraft<Form> {
  creating: Form | null;
  edits: Record<string, Form>;
}

/**
 * The draft schema of an item editor whose form has the shape `form`: a stored draft is read back only when
 * it still has it. Made once, at module level: a new schema makes the editor look for its draft again.
 */
export function itemDraftSchema<Form>(form: z.ZodType<Form>): z.ZodType<ItemDraft<Form>> {
  return z.object({ creating: form.nullable(), edits: z.record(z.string(), form) });
}

type Check = { ok: true } | { ok: false; error: string; fieldErrors: Record<string, string> };

export interface ItemEditorOptions<Item extends { id: string }, Form> {
  draftName: string;
  draftSchema: z.ZodType<ItemDraft<Form>>;
  /** The list's order (docs/product.md §7), kept after a create or an update. */
  order: (a: Item, b: Item) => number;
  toForm: (item: Item) => Form;
  /** A fresh create form (docs/product.md §4: the defaults it resets to after a create). */
  newForm: () => Form;
  /** The schema's check, as the server runs it. */
  check: (form: Form) => Check;
  create: (form: Form) => Promise<ActionResult<Item>>;
  update: (id: string, form: Form) => Promise<ActionResult<Item>>;
  remove: (id: string) => Promise<ActionResult<{ id: string }>>;
  /** The toasts of docs/product.md §8. */
  messages: {
    created: string;
    updated: string;
    deleted: string;
    /** The toast for a refusal or failure; `error` is the action's message. */
    failed: (error: string) => { title: string; description?: string };
    /** The delete confirmation (components/admin/confirm-dialog.tsx): its heading, and its question for one item. */
    deleteTitle: string;
    confirmDelete: (item: Item) => string;
    /** The refusal when the server could not be reached, for a save and for a delete. */
    unreachable: { save: string; delete: string };
  };
}

/**
 * The state of an editor whose items are saved one at a time (docs/product.md §4: Blog, Personal Posts,
 * Research Papers): a list tab and a create tab, one card expanded ("selected") at a time (expanding it again
 * closes it), edit mode for one item (its edit button toggles), create resets the form, update closes
 * edit mode, delete asks first (the confirm dialog, `confirmDialog`) and closes the card and edit mode.
 * Every form is kept as a draft in this browser until saved, per item, and offered back after a reload
 * or a forced re-login.
 */
export function useItemEditor<Item extends { id: string }, Form>(options: ItemEditorOptions<Item, Form>, initial: Item[]) {
  const { draftName, draftSchema, order, toForm, newForm, check, create, update, remove, messages } = options;
  const router = useRouter();
  const [items, setItems] = useState<Item[]>(initial);
  const [tab, setTab] = useState<EditorTab>('all');
  const [expanded, setExpanded] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState<Form>(newForm);
  const [createTouched, setCreateTouched] = useState(false);
  const [edits, setEdits] = useState<Record<string, Form>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, startBusy] = useSingleFlight();
  const [announcement, setAnnouncement] = useState('');
  const { confirm, dialog: confirmDialog } = useConfirm();

  const dirty = createTouched || Object.keys(edits).length > 0;
  useUnsavedWarning(dirty);

  const draftValue = useMemo<ItemDraft<Form>>(() => ({ creating: createTouched ? creating : null, edits }), [creating, createTouched, edits]);
  const draft = useEditorDraft({
    name: draftName,
    schema: draftSchema,
    current: draftValue,
    dirty,
    basedOn: null,
    restore: useCallback(
      (value: ItemDraft<Form>) => {
        const known = Object.fromEntries(Object.entries(value.edits).filter(([id]) => initial.some((item) => item.id === id)));
        if (!value.creating && Object.keys(known).length === 0) return false;
        if (value.creating) {
          setCreating(value.creating);
          setCreateTouched(true);
        }
        setEdits(known);
        return true;
      },
      [initial],
    ),
  });

  const changeTab = (next: EditorTab) => {
    setTab(next);
    setErrors({});
    // A tab change scrolls to the top, as in every editor.
    window.scrollTo({ top: 0 });
  };

  const toggleExpanded = (id: string) => {
    setExpanded((current) => (current === id ? null : id));
    if (editing && editing !== id) setEditing(null);
  };

  /** The edit button toggles edit mode for one item; a draft of it is kept until saved or discarded. */
  const toggleEdit = (item: Item) => {
    setErrors({});
    if (editing === item.id) {
      setEditing(null);
      return;
    }
    setExpanded(item.id);
    setEditing(item.id);
  };

  const editForm = (item: Item): Form => edits[item.id] ?? toForm(item);

  const changeEdit = (item: Item, form: Form, field: string) => {
    setEdits((current) => ({ ...current, [item.id]: form }));
    setErrors((current) => withoutKey(current, field));
  };

  /** Throws away an item's unsaved edit and leaves edit mode. */
  const discardEdit = (id: string) => {
    setEdits((current) => withoutKey(current, id));
    setErrors({});
    setEditing(null);
  };

  const changeCreating = (form: Form, field: string) => {
    setCreating(form);
    setCreateTouched(true);
    setErrors((current) => withoutKey(current, field));
  };

  const resetCreating = () => {
    setCreating(newForm());
    setCreateTouched(false);
    setErrors({});
  };

  const refuse = (error: string, fieldErrors: Record<string, string> = {}) => {
    setErrors(fieldErrors);
    setAnnouncement(error);
    const toast = messages.failed(error);
    adminToast.error(toast.title, toast.description ? { description: toast.description } : undefined);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-item-form] [aria-invalid="true"]')?.focus());
  };

  const run = <T>(action: () => Promise<ActionResult<T>>, unreachable = messages.unreachable.save) => settleAction(action, unreachable, draftName);

  const submitCreate = () => {
    if (busy) return;
    const checked = check(creating);
    if (!checked.ok) return refuse(checked.error, checked.fieldErrors);
    const sent = creating;
    startBusy(async () => {
      const result = await run(() => create(sent));
      if (!result.ok) return refuse(result.error, result.fieldErrors);
      setItems((current) => [...current, result.data].sort(order));
      resetCreating();
      setExpanded(result.data.id);
      setAnnouncement(messages.created);
      adminToast.success(messages.created);
      setTab('all');
      router.refresh();
    });
  };

  /** Items stored by another way than this editor's forms (the BibTeX import): into the list, in order. */
  const addItems = (added: readonly Item[]) => {
    if (added.length === 0) return;
    setItems((current) => [...current.filter((item) => !added.some((next) => next.id === item.id)), ...added].sort(order));
    setTab('all');
    router.refresh();
  };

  const submitUpdate = (item: Item) => {
    if (busy) return;
    const form = editForm(item);
    const checked = check(form);
    if (!checked.ok) return refuse(checked.error, checked.fieldErrors);
    startBusy(async () => {
      const result = await run(() => update(item.id, form));
      if (!result.ok) return refuse(result.error, result.fieldErrors);
      setItems((current) => current.map((existing) => (existing.id === item.id ? result.data : existing)).sort(order));
      setEdits((current) => withoutKey(current, item.id));
      setErrors({});
      setEditing(null);
      setAnnouncement(messages.updated);
      adminToast.success(messages.updated);
      router.refresh();
    });
  };

  const submitDelete = async (item: Item) => {
    if (busy || !(await confirm(messages.confirmDelete(item), { title: messages.deleteTitle, action: 'Delete' }))) return;
    startBusy(async () => {
      const result = await run(() => remove(item.id), messages.unreachable.delete);
      if (!result.ok) return refuse(result.error);
      setItems((current) => current.filter((existing) => existing.id !== item.id));
      setEdits((current) => withoutKey(current, item.id));
      setExpanded(null);
      setEditing(null);
      setAnnouncement(messages.deleted);
      adminToast.success(messages.deleted);
      router.refresh();
    });
  };

  const discardDraft = () => {
    draft.forget();
    resetCreating();
    setEdits({});
    setEditing(null);
  };

  return {
    items,
    tab,
    expanded,
    editing,
    creating,
    errors,
    /** A create, an update or a delete runs: every write button waits. */
    busy,
    announcement,
    edits,
    restored: draft.restored,
    /** The delete confirmation: rendered once by the editor's frame. */
    confirmDialog,
    changeTab,
    toggleExpanded,
    toggleEdit,
    editForm,
    changeEdit,
    discardEdit,
    changeCreating,
    resetCreating,
    submitCreate,
    submitUpdate,
    submitDelete,
    addItems,
    discardDraft,
  };
}

export type ItemEditor<Item extends { id: string }, Form> = ReturnType<typeof useItemEditor<Item, Form>>;
