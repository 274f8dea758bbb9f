'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { z } from 'zod';

import { clearDraft, readDraft, writeDraft, type Draft } from './drafts';

/**
 * An editor's unsaved work kept in this browser (components/admin/drafts.ts) and offered back after a
 * reload or a forced re-login. `restore` puts a found draft into the editor and answers whether it
 * differs from what is stored (a draft that does not is dropped). While `dirty`, every change of
 * `current` is written; once clean, the draft is removed. `finish()` stops keeping drafts (the editor was
 * left through Save or Cancel).
 */
export function useEditorDraft<T>({
  name,
  schema,
  current,
  dirty,
  basedOn,
  restore,
}: {
  name: string;
  schema: z.ZodType<T>;
  current: T;
  dirty: boolean;
  basedOn: string | null;
  restore: (value: T) => boolean;
}) {
  const [restored, setRestored] = useState<Draft<T> | null>(null);
  const [checked, setChecked] = useState(false);
  const finished = useRef(false);
  const restoreRef = useRef(restore);
  useEffect(() => {
    restoreRef.current = restore;
  });

  // The draft lives in this browser only, so it is looked for after hydration, once.
  useEffect(() => {
    const draft = readDraft(name, schema);
    const differs = draft !== null && restoreRef.current(draft.value);
    if (draft && !differs) clearDraft(name);
    setRestored(differs ? draft : null);
    setChecked(true);
  }, [name, schema]);

  // Written as the change is committed, not after the next paint (where React may run plain effects):
  // a reload or a navigation right after a keystroke must find it.
  useLayoutEffect(() => {
    if (!checked || finished.current) return;
    if (!dirty) clearDraft(name);
    else writeDraft(name, { value: current, savedAt: new Date().toISOString(), basedOn });
  }, [name, current, dirty, checked, basedOn]);

  const finish = useCallback(() => {
    finished.current = true;
    clearDraft(name);
  }, [name]);

  const forget = useCallback(() => {
    clearDraft(name);
    setRestored(null);
  }, [name]);

  return { restored, finish, forget };
}
