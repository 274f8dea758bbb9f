'use client';

import { useCallback, useRef, useTransition } from 'react';

/**
 * A transition that runs one save at a time: while one runs, further calls are ignored. `pending` alone
 * is not enough: it is the value of the last render, so two submits before React re-renders (a double
 * click, Enter and a click, Ctrl+S twice) would both see it false and store the item twice.
 */
export function useSingleFlight(): [pending: boolean, run: (task: () => Promise<void>) => void] {
  const [pending, startTransition] = useTransition();
  const running = useRef(false);
  const run = useCallback((task: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    startTransition(async () => {
      try {
        await task();
      } finally {
        running.current = false;
      }
    });
  }, []);
  return [pending, run];
}
