'use client';

import { useMemo } from 'react';

import { unpackHtml } from '@/lib/markup/html-fragment';

/**
 * Inserts a server-rendered HTML fragment that reaches the page's payload packed (lib/markup/html-fragment.ts).
 * Server-rendered, the page's HTML holds the fragment as before; hydration keeps that DOM as it is (React
 * does not compare inserted HTML); after a client-side navigation the fragment is unpacked here. Only ever
 * given what the server made safe (page-html.tsx).
 */
export function PackedHtml({ packed, className, slot }: { packed: string; className?: string; slot?: string }) {
  const html = useMemo(() => unpackHtml(packed), [packed]);
  return <div data-slot={slot} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
