'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * A form's errors beside its fields (the About editor, the Welcome): `show` puts the server's errors up and
 * moves the focus to the first invalid control of the form `formId` once they are drawn; `clear` drops one
 * field's error as soon as it is edited.
 */
export function useFieldErrors(formId: string) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const focusFirst = useRef(false);

  useEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    document.querySelector<HTMLElement>(`#${formId} [aria-invalid="true"]`)?.focus();
  }, [errors, formId]);

  const show = (next: Record<string, string>) => {
    focusFirst.current = true;
    setErrors(next);
  };
  const clear = (key: string) =>
    setErrors((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  return { errors, show, clear, reset: () => setErrors({}) };
}
