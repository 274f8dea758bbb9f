'use client';

import { useLayoutEffect, useRef } from 'react';

import { unpackHtml } from '@/lib/markup/html-fragment';

/**
 * Inserts a server-rendered HTML fragment that reaches the page's payload packed (lib/markup/html-fragment.ts).
 * Only ever given what the server made safe (page-html.tsx).
 *
 * - On the server, the fragment is unpacked into the page's HTML, as a plain div would hold it.
 * - Hydrating a page load, the server's HTML is already in place: nothing is unpacked (React does not
 *   compare inserted HTML), which keeps the long post's 76 kB of formulas out of the hydration task.
 * - Mounted by a client-side navigation, or given another fragment later, the fragment is unpacked into the
 *   div before the browser paints.
 */
export function PackedHtml({ packed, className, slot }: { packed: string; className?: string; slot?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  /** The packed fragment whose HTML the div holds. */
  const shown = useRef<string | null>(null);
  useLayoutEffect(() => {
    const element = ref.current!;
    // Hydrated: the server's HTML (never empty: an empty fragment is not packed).
    if (shown.current === null && element.hasChildNodes()) shown.current = packed;
    if (shown.current === packed) return;
    element.innerHTML = unpackHtml(packed);
    shown.current = packed;
  }, [packed]);
  return (
    <div
      ref={ref}
      data-slot={slot}
      className={className}
      // The browser's render leaves the content to the effect above; the server's is the fragment itself.
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: typeof window === 'undefined' ? unpackHtml(packed) : '' }}
    />
  );
}
