'use client';

import NextLink from 'next/link';
import { useState, type ComponentProps, type FocusEvent, type PointerEvent, type TouchEvent } from 'react';

/*
 * The site's links: next/link, prefetching a page when the reader shows they may go there (the pointer
 * over the link, focus on it, a touch), not when the link scrolls into view. Next's default fetches the
 * page data and route code of every link in view after each page load: a render on the server and work on
 * the reader's main thread per link, and on a phone data the reader pays for and mostly never uses
 * (figures in docs/architecture.md, "A public page load"). This is the hover-triggered prefetch of Next's
 * prefetching guide (`prefetch={false}` until the intent, then the default), with focus and touch added.
 * A click is a client-side navigation either way; without a prefetch it fetches the page then. Every link
 * goes through here (eslint.config.mjs refuses next/link elsewhere).
 */
export function Link({ prefetch, onPointerEnter, onFocus, onTouchStart, ...props }: ComponentProps<typeof NextLink>) {
  const [intent, setIntent] = useState(false);
  const wanted = () => {
    if (!intent) setIntent(true);
  };
  return (
    <NextLink
      {...props}
      // Until the intent: none. After it: what the caller asked for, or Next's default (null).
      prefetch={prefetch === false || !intent ? false : (prefetch ?? null)}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        wanted();
        onPointerEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        wanted();
        onFocus?.(event);
      }}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => {
        wanted();
        onTouchStart?.(event);
      }}
    />
  );
}
