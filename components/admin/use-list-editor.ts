'use client';

import { useCallback, useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';

import { useConfirm } from '@/components/admin/confirm-dialog';
import type { EditorFrameLabels, EditorTab } from '@/components/admin/editor-frame';
import { adminToast } from '@/components/admin/toast';
import { useEditorDraft } from '@/components/admin/use-editor-draft';
import { useSingleFlight } from '@/components/admin/use-single-flight';
import { confirmLeave, useUnsavedWarning } from '@/components/admin/use-unsaved-warning';
import { schemaErrors, type ActionResult } from '@/lib/action-result';
import { z } from '@/lib/validation/zod';

/** What a list editor's save answers: the stored list read back, and the server id of each new item. */
export interface SavedList<Stored> {
  items: Stored[];
  created: Record<string, string>;
}

export interface ListDraft<Item> {
  items: Item[];
  /** The create tab's form, when the admin had started on it. */
  creating: Item | null;
}

/**
 * The draft schema of a list editor whose form item has the shape `item`: a stored draft is read back only
 * when it still has it. Made once, at module level: a new schema makes the editor look for its draft again.
 */
export function listDraftSchema<Item>(item: z.ZodType<Item>): z.ZodType<ListDraft<Item>> {
  return z.object({ items: z.array(item), creating: item.nullable() });
}

export interface ListEditorLabels extends EditorFrameLabels {
  empty: string;
  /** The create form's submit button ('Add New Experience'). */
  createButton: string;
  /** The sticky bar's save button. */
  saveAll: string;
  /** The toast after the create form's item joined the list ('Experience added'). */
  added: string;
  /** An open card's edit button ('Edit'), and the edit form's button that leaves edit mode ('Close'). */
  edit: string;
  closeEdit: string;
}

export interface ListEditorOptions<Item extends { id: string }, Stored> {
  /** The draft's name in this browser. */
  draftName: string;
  draftSchema: z.ZodType<ListDraft<Item>>;
  toForm: (stored: Stored) => Item;
  /** A fresh item with the defaults of docs/product.md §9 and a temporary id. */
  newForm: () => Item;
  /** The server's schema of one item: the form's own check before an item joins the list or is sent. */
  itemSchema: z.ZodType;
  /** Whether an id is a temporary one: the item is 'New' until saved. */
  isNew: (id: string) => boolean;
  save: (items: Item[]) => Promise<ActionResult<SavedList<Stored>>>;
  /**
   * A stored item's Delete asks first and deletes it at once (Projects). Without it, Delete takes the
   * item out of the list and the next save deletes it.
   */
  deleteNow?: {
    remove: (id: string) => Promise<ActionResult<unknown>>;
    /** The confirmation's heading, and its question for one item. */
    deleteTitle: string;
    confirmDelete: (item: Item) => string;
    /** The toasts: done, and refused (the action's `error`, '' when the server could not be reached). */
    deleted: string;
    failed: (error: string) => string;
    logAs: string;
  };
  /** The toasts of docs/product.md §8 and the log line for a failed save. */
  messages: {
    saved: { title: string; description?: string };
    /** The toast for a failed save, `error` being why; 'Save failed' and a plea to try again unless given. */
    failed?: (error: string) => { title: string; description?: string };
    logAs: string;
  };
  /** The start of element ids: `{idPrefix}-item-{id}` a card, `{idPrefix}-{id}` its form, `{idPrefix}-new` the create form. */
  idPrefix: string;
  labels: ListEditorLabels;
}

/**
 * The state of an editor whose list is edited here and stored at once with Save All Changes (docs/product.md
 * §4: Experience, Projects, the CV). Items removed locally are deleted and new ones (temporary ids)
 * created at the save, then the list is read back. The list and the create form are kept as a draft in
 * this browser until saved, and leaving with unsaved changes asks first.
 */
export function useListEditor<Item extends { id: string }, Stored>(options: ListEditorOptions<Item, Stored>, initial: readonly Stored[]) {
  const { draftName, draftSchema, toForm, newForm, itemSchema, isNew, save, deleteNow, messages, idPrefix, labels } = options;
  const router = useRouter();
  const [saved, setSaved] = useState<Item[]>(() => initial.map(toForm));
  const [items, setItems] = useState<Item[]>(saved);
  const [creating, setCreating] = useState<Item>(newForm);
  const [createTouched, setCreateTouched] = useState(false);
  const [createErrors, setCreateErrors] = useState<Record<string, string>>({});
  const [itemErrors, setItemErrors] = useState<Record<string, Record<string, string>>>({});
  const [tab, setTab] = useState<EditorTab>('all');
  const [expanded, setExpanded] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, startSaving] = useSingleFlight();
  const [deleting, startDeleting] = useSingleFlight();
  const [announcement, setAnnouncement] = useState('');
  const { confirm, dialog: confirmDialog } = useConfirm();

  const listChanged = !sameJson(items, saved);
  const dirty = listChanged || createTouched;
  useUnsavedWarning(dirty);

  const draftValue = useMemo<ListDraft<Item>>(() => ({ items, creating: createTouched ? creating : null }), [items, creating, createTouched]);
  const draft = useEditorDraft({
    name: draftName,
    schema: draftSchema,
    current: draftValue,
    dirty,
    basedOn: null,
    restore: useCallback(
      (value: ListDraft<Item>) => {
        if (sameJson(value.items, saved) && !value.creating) return false;
        setItems(value.items);
        if (value.creating) {
          setCreating(value.creating);
          setCreateTouched(true);
        }
        return true;
      },
      [saved],
    ),
  });

  const cardId = (id: string) => `${idPrefix}-item-${cssId(id)}`;
  const checkItem = (item: Item) => schemaErrors(itemSchema, item);

  const changeTab = (next: EditorTab) => {
    setTab(next);
    // docs/product.md §2: a tab change scrolls to the top.
    window.scrollTo({ top: 0 });
  };

  const toggleExpanded = (id: string) => setExpanded(expanded === id ? null : id);

  /** The edit button toggles edit mode for one item; its changes stay in the list either way. */
  const toggleEdit = (item: Item) => setEditing(editing === item.id ? null : item.id);

  const changeEdit = (item: Item, next: Item, field: string) => {
    setItems((current) => current.map((existing) => (existing.id === item.id ? next : existing)));
    setItemErrors((current) => withoutField(current, item.id, field));
  };

  const changeCreating = (next: Item, field: string) => {
    setCreating(next);
    setCreateTouched(true);
    setCreateErrors((current) => withoutKey(current, field));
  };

  const resetCreating = () => {
    setCreating(newForm());
    setCreateTouched(false);
    setCreateErrors({});
  };

  /** Takes an item out of the list here; a stored one is deleted at the next save unless `alreadyDeleted`. */
  const removeItem = (id: string, { alreadyDeleted = false } = {}) => {
    setItems((current) => current.filter((item) => item.id !== id));
    if (alreadyDeleted) setSaved((current) => current.filter((item) => item.id !== id));
    if (expanded === id) setExpanded(null);
    if (editing === id) setEditing(null);
    setAnnouncement(alreadyDeleted ? 'Item deleted.' : 'Item removed. It is deleted when you save.');
  };

  /** A card's Delete: out of the list, or, with `deleteNow` and a stored item, asked and deleted at once. */
  const submitDelete = async (item: Item) => {
    if (!deleteNow || isNew(item.id)) {
      removeItem(item.id);
      return;
    }
    if (!(await confirm(deleteNow.confirmDelete(item), { title: deleteNow.deleteTitle, action: 'Delete' }))) return;
    startDeleting(async () => {
      try {
        const result = await deleteNow.remove(item.id);
        if (!result.ok) {
          adminToast.error(deleteNow.failed(result.error));
          return;
        }
        removeItem(item.id, { alreadyDeleted: true });
        adminToast.success(deleteNow.deleted);
      } catch (error) {
        console.error(deleteNow.logAs, error);
        adminToast.error(deleteNow.failed(''));
      }
    });
  };

  /**
   * Swaps an item with another (the CV editor's Move up / Move down): for the editors whose list order is the
   * content's order, stored at the next save.
   */
  const swapItems = (id: string, otherId: string, announcement: string) => {
    setItems((current) => {
      const from = current.findIndex((item) => item.id === id);
      const to = current.findIndex((item) => item.id === otherId);
      if (from < 0 || to < 0 || from === to) return current;
      const next = [...current];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
    setAnnouncement(announcement);
  };

  /** The create form's submit: the item joins the list (first), to be stored by the next save. */
  const submitCreate = () => {
    const errors = checkItem(creating);
    setCreateErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid('[data-create-form]');
      return;
    }
    const added = creating;
    setItems((current) => [added, ...current]);
    setExpanded(added.id);
    resetCreating();
    changeTab('all');
    setAnnouncement(`${labels.added}. ${labels.saveAll} to publish it.`);
    adminToast.info(labels.added, { description: `${labels.saveAll} to publish it.` });
  };

  const showItemErrors = (errors: Record<string, Record<string, string>>, error: string) => {
    setItemErrors(errors);
    setFailure(error);
    const toast = (messages.failed ?? saveFailed)(error);
    setAnnouncement(`${toast.title}. ${error}`);
    adminToast.error(toast.title, toast.description ? { description: toast.description } : undefined);
    const first = Object.keys(errors)[0];
    if (first) {
      setTab('all');
      setExpanded(first);
      setEditing(first);
      focusFirstInvalid(`#${cardId(first)}`);
    }
  };

  const saveAll = () => {
    if (saving) return;
    const sent = items;
    const local: Record<string, Record<string, string>> = {};
    for (const item of sent) {
      const errors = checkItem(item);
      if (Object.keys(errors).length > 0) local[item.id] = errors;
    }
    if (Object.keys(local).length > 0) {
      showItemErrors(local, 'Please correct the highlighted fields.');
      return;
    }
    startSaving(async () => {
      let result: ActionResult<SavedList<Stored>>;
      try {
        result = await save(sent);
      } catch (error) {
        console.error(messages.logAs, error);
        result = { ok: false, error: 'The server could not be reached. Your changes are kept here; please try again.' };
      }
      if (result.ok) {
        const next = result.data.items.map(toForm);
        const { created } = result.data;
        setSaved(next);
        setItems(next);
        setItemErrors({});
        setFailure(null);
        setEditing(null);
        setExpanded((current) => (current ? (created[current] ?? current) : null));
        draft.forget();
        setAnnouncement('Changes saved.');
        adminToast.success(messages.saved.title, messages.saved.description ? { description: messages.saved.description } : undefined);
        router.refresh();
        return;
      }
      console.error(messages.logAs, result.error, result.fieldErrors ?? {});
      showItemErrors(result.fieldErrors ? errorsByItem(result.fieldErrors, sent) : {}, result.error);
    });
  };

  const cancel = () => {
    if (!confirmLeave(dirty)) return;
    draft.finish();
    router.push('/admin');
  };

  const discardDraft = () => {
    draft.forget();
    setItems(saved);
    resetCreating();
    setItemErrors({});
    setFailure(null);
  };

  /** Whether a listed item differs from what is stored. */
  const isEdited = (item: Item) => {
    const baseline = saved.find((s) => s.id === item.id);
    return baseline !== undefined && !sameJson(baseline, item);
  };

  /** The card's status badge: 'New' (a temporary id), 'Edited' (differs from what is stored) or none. */
  const status = (item: Item) => (isNew(item.id) ? 'New' : isEdited(item) ? 'Edited' : null);

  return {
    items,
    creating,
    createErrors,
    itemErrors,
    tab,
    expanded,
    editing,
    failure,
    /** A save runs (its buttons say 'Saving...'). */
    saving,
    /** A delete runs (its button spins). */
    deleting,
    /** A save or a delete runs: every write button waits. */
    busy: saving || deleting,
    announcement,
    listChanged,
    restored: draft.restored,
    /** The delete confirmation (with `deleteNow`): rendered once by the editor's frame. */
    confirmDialog,
    cardId,
    changeTab,
    toggleExpanded,
    toggleEdit,
    changeEdit,
    changeCreating,
    resetCreating,
    swapItems,
    submitCreate,
    submitDelete,
    saveAll,
    cancel,
    discardDraft,
    isEdited,
    status,
  };
}

export type ListEditor<Item extends { id: string }> = ReturnType<typeof useListEditor<Item, unknown>>;

function saveFailed(): { title: string; description: string } {
  return { title: 'Save failed', description: 'There was an error saving your changes. Please try again.' };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The record without `key` (the same object when it has none, so React skips the update). */
export function withoutKey<V>(record: Record<string, V>, key: string): Record<string, V> {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
}

function withoutField(errors: Record<string, Record<string, string>>, id: string, field: string) {
  const forItem = errors[id];
  if (!forItem || !(field in forItem)) return errors;
  return { ...errors, [id]: withoutKey(forItem, field) };
}

/**
 * The server's errors are keyed by position ('items.2.endDate'); the editor keys them by item id, so an
 * error stays with its item whatever was removed above it.
 */
export function errorsByItem<Item extends { id: string }>(
  fieldErrors: Record<string, string>,
  items: readonly Item[],
): Record<string, Record<string, string>> {
  const keyed: Record<string, Record<string, string>> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^items\.(\d+)\.(.+)$/.exec(path);
    const item = match ? items[Number(match[1])] : undefined;
    if (!match || !item) continue;
    keyed[item.id] ??= {};
    keyed[item.id]![match[2]!] ??= message;
  }
  return keyed;
}

/** A temporary or saved id as the tail of an element id (they hold only letters, digits and hyphens). */
export function cssId(id: string): string {
  return id.replace(/[^\w-]/g, '');
}

/** After the next paint, focuses the first field marked invalid inside `scope`. */
function focusFirstInvalid(scope: string) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`${scope} [aria-invalid="true"]`)?.focus());
}
