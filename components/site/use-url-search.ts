'use client';

import { useMemo, useSyncExternalStore } from 'react';
import { useSearchParams } from 'next/navigation';

const noSubscription = () => () => {};

/**
 * The address's query string, for filters that run in the browser. Public pages are rendered once and
 * kept whole (Next's route cache, a CDN), the same for every query string: the server renders the
 * unfiltered page, hydration starts from it (the server snapshot), and the browser then applies the
 * address's filter. Navigations and history writes update it through Next's router.
 *
 * `useSearchParams()` is called in the browser only: during a server render it would make the page wait
 * for a request. Whether the code runs in a browser never changes within one runtime, so the hooks'
 * order is stable.
 */
export function useUrlSearch(): URLSearchParams {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- see above: constant per runtime
  const live = typeof window === 'undefined' ? null : useSearchParams();
  const search = useSyncExternalStore(
    noSubscription,
    () => live?.toString() ?? '',
    () => '',
  );
  return useMemo(() => new URLSearchParams(search), [search]);
}
