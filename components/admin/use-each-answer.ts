'use client';

import { useEffect, useRef } from 'react';

/**
 * Runs `report` once for each new answer of a form action (the state of useActionState), however often
 * the component re-renders or its effects run again: a toast or a navigation happens once per answer.
 * The state the form starts with is not an answer.
 */
export function useEachAnswer<State>(state: State, report: (answer: State) => void): void {
  const handled = useRef(state);
  useEffect(() => {
    if (handled.current === state) return;
    handled.current = state;
    report(state);
  }, [state, report]);
}
