'use client';

import { startTransition, useEffect, useRef, type FormEvent } from 'react';

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

/**
 * A form's submit handler that hands its data to a useActionState `dispatch` without React's automatic
 * form reset (which a `<form action>` does after every answer), so what was typed survives a refusal.
 */
export function submitWithoutReset(dispatch: (data: FormData) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => dispatch(data));
  };
}
