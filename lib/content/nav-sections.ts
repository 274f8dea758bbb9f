import 'server-only';
import { cacheTag } from 'next/cache';

import { getDb } from '@/lib/db/client';
import { SECTIONS_SHOWN_WITH_CONTENT } from '@/lib/nav';

/**
 * Which of the sections shown only with content have none now (their paths): the header and footer leave their
 * links out. Cached and tagged with those types' tags, so the first talk saved shows the link on the next
 * request, and the last one deleted hides it.
 */
export async function getEmptySections(): Promise<string[]> {
  'use cache';
  cacheTag(...SECTIONS_SHOWN_WITH_CONTENT.map((section) => section.tag));
  if (SECTIONS_SHOWN_WITH_CONTENT.length === 0) return [];
  const db = await getDb();
  // The tables are the registry's constants, never input.
  const { rows } = await db.query<{ href: string }>(
    SECTIONS_SHOWN_WITH_CONTENT.map((section, index) => `select $${index + 1}::text as href where not exists (select 1 from public.${section.table})`).join(' union all '),
    SECTIONS_SHOWN_WITH_CONTENT.map((section) => section.href),
  );
  return rows.map((row) => row.href);
}
