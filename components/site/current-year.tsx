'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};
const getYear = () => new Date().getFullYear();
const getServerYear = () => null;

/**
 * The current year, read in the browser. The footer is prerendered at build time, and reading the
 * clock while prerendering is an error under cacheComponents (and would freeze the build's year);
 * the server snapshot is empty and the browser fills it in on hydration.
 */
export function CurrentYear() {
  const year = useSyncExternalStore(subscribe, getYear, getServerYear);
  return <span suppressHydrationWarning>{year}</span>;
}
