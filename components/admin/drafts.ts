import type { z } from 'zod';

/**
 * Unsaved editor drafts in the browser's local storage, one per editor (docs/architecture.md, "An admin save": typed work is
 * never lost to a reload or an expired session). A draft remembers when it was written and which saved
 * version it started from, so the editor can say so when it brings the draft back.
 */
export interface Draft<T> {
  value: T;
  /** ISO time of the last change. */
  savedAt: string;
  /** updated_at of the stored record the draft was made from, or null when there was none. */
  basedOn: string | null;
}

const PREFIX = 'portfolio:admin-draft:';

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off; the editor then works without drafts.
    return null;
  }
}

/** The editor's draft, or null when there is none or it no longer has the editor's shape. */
export function readDraft<T>(editor: string, schema: z.ZodType<T>, storage = browserStorage()): Draft<T> | null {
  const raw = storage?.getItem(PREFIX + editor);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<Draft<unknown>>;
    const value = schema.safeParse(stored.value);
    if (!value.success || typeof stored.savedAt !== 'string') return null;
    return { value: value.data, savedAt: stored.savedAt, basedOn: typeof stored.basedOn === 'string' ? stored.basedOn : null };
  } catch {
    return null;
  }
}

export function writeDraft<T>(editor: string, draft: Draft<T>, storage = browserStorage()): void {
  try {
    storage?.setItem(PREFIX + editor, JSON.stringify(draft));
  } catch (error) {
    // A full storage quota must not break typing; the draft is a safety net, not the save.
    console.warn('Could not keep the unsaved draft', error);
  }
}

export function clearDraft(editor: string, storage = browserStorage()): void {
  try {
    storage?.removeItem(PREFIX + editor);
  } catch (error) {
    console.warn('Could not clear the unsaved draft', error);
  }
}
