'use client';

import { useCallback, useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import type { z } from 'zod';

import { adminToast } from '@/components/admin/toast';
import { useEditorDraft } from '@/components/admin/use-editor-draft';
import { useSingleFlight } from '@/components/admin/use-single-flight';
import { confirmLeave, useUnsavedWarning } from '@/components/admin/use-unsaved-warning';
import type { ActionResult } from '@/lib/action-result';

/** An editor's two tabs: its list, and the create form. */
export type EditorTab = 'all' | 'create';

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

export interface ListEditorOptions<Item extends { id: string }, Stored> {
  /** The draft's name in this browser. */
  draftName: string;
  draftSchema: z.ZodType<ListDraft<Item>>;
  initial: Item[];
  toForm: (stored: Stored) => Item;
  /** A fresh item with the defaults of docs/product.md §9 and a temporary id. */
  newForm: () => Item;
  /** The form's own check (the server's schema): errors keyed by field, none when the item is valid. */
  checkItem: (item: Item) => Record<string, string>;
  save: (items: Item[]) => Promise<ActionResult<SavedList<Stored>>>;
  /** The toasts of docs/product.md §8 and the log line for a failed save. */
  messages: {
    saved: { title: string; description?: string };
    failed: (error: string) => { title: string; description?: string };
    logAs: string;
  };
  /** An element id for an item's card, for focusing its first invalid field. */
  cardId: (id: string) => string;
}

/**
 * The state of an editor whose list is edited here and stored at once with Save All Changes (docs/product.md
 * §4: Experience and Projects). Items removed locally are deleted and new ones (temporary ids)
 * created at the save, then the list is read back. The list and the create form are kept as a draft in
 * this browser until saved, and leaving with unsaved changes asks first.
 */
export function useListEditor<Item extends { id: string }, Stored>(options: ListEditorOptions<Item, Stored>) {
  const { draftName, draftSchema, initial, toForm, newForm, checkItem, save, messages, cardId } = options;
  const router = useRouter();
  const [saved, setSaved] = useState<Item[]>(initial);
  const [items, setItems] = useState<Item[]>(initial);
  const [creating, setCreating] = useState<Item>(newForm);
  const [createTouched, setCreateTouched] = useState(false);
  const [createErrors, setCreateErrors] = useState<Record<string, string>>({});
  const [itemErrors, setItemErrors] = useState<Record<string, Record<string, string>>>({});
  const [tab, setTab] = useState<EditorTab>('all');
  const [expanded, setExpanded] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, startSaving] = useSingleFlight();
  const [announcement, setAnnouncement] = useState('');

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

  /** Takes an item out of the list here; a stored one is deleted at the next save unless `stored` says it is gone already. */
  const removeItem = (id: string, { alreadyDeleted = false } = {}) => {
    setItems((current) => current.filter((item) => item.id !== id));
    if (alreadyDeleted) setSaved((current) => current.filter((item) => item.id !== id));
    if (expanded === id) setExpanded(null);
    if (editing === id) setEditing(null);
    setAnnouncement(alreadyDeleted ? 'Item deleted.' : 'Item removed. It is deleted when you save.');
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

  /** The create tab's submit: the item joins the list (first), to be stored by the next save. */
  const addCreated = (): Item | null => {
    const errors = checkItem(creating);
    setCreateErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid('[data-create-form]');
      return null;
    }
    const added = creating;
    setItems((current) => [added, ...current]);
    setExpanded(added.id);
    resetCreating();
    changeTab('all');
    return added;
  };

  const showItemErrors = (errors: Record<string, Record<string, string>>, error: string) => {
    setItemErrors(errors);
    setFailure(error);
    const toast = messages.failed(error);
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

  /** Whether a listed item differs from what is stored ('New' for temporary ids is the caller's call). */
  const isEdited = (item: Item) => {
    const baseline = saved.find((s) => s.id === item.id);
    return baseline !== undefined && !sameJson(baseline, item);
  };

  return {
    items,
    saved,
    creating,
    createErrors,
    itemErrors,
    tab,
    expanded,
    editing,
    failure,
    saving,
    announcement,
    listChanged,
    restored: draft.restored,
    setAnnouncement,
    changeTab,
    toggleExpanded,
    toggleEdit,
    changeEdit,
    changeCreating,
    resetCreating,
    removeItem,
    swapItems,
    addCreated,
    saveAll,
    cancel,
    discardDraft,
    isEdited,
  };
}

export type ListEditor<Item extends { id: string }> = ReturnType<typeof useListEditor<Item, unknown>>;

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
