import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Database } from '@/lib/db/types';
import { PROFESSIONAL_LINKS, SECTIONS_SHOWN_WITH_CONTENT, shownLinks } from '@/lib/nav';
import { openTestPglite } from '../helpers/db';

/** The sections shown only with content (the registry's nav.whenEmpty): which are empty, on the real schema. */
const database: { db?: Database } = {};
const cache = vi.hoisted(() => ({ cacheTag: vi.fn() }));
vi.mock('next/cache', () => cache);
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));

const { getEmptySections } = await import('@/lib/content/nav-sections');

let cleanup: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanup = opened.cleanup;
});

afterAll(async () => {
  await cleanup();
});

describe('the header links of sections shown only with content', () => {
  it('are Talks and Teaching, and leave the links out while their tables are empty', async () => {
    expect(SECTIONS_SHOWN_WITH_CONTENT.map((section) => section.href)).toEqual(['/talks', '/teaching']);
    expect(await getEmptySections()).toEqual(['/talks', '/teaching']);
    // Read under the tags a save to either expires.
    expect(cache.cacheTag).toHaveBeenCalledWith('talks', 'courses');
    const links = shownLinks(PROFESSIONAL_LINKS, await getEmptySections()).map((link) => link.href);
    expect(links).not.toContain('/talks');
    expect(links).not.toContain('/teaching');
    expect(links).toContain('/research');
  });

  it('shows each once it has a row, and hides it again when the last goes', async () => {
    await database.db!.query(`insert into talks (title, start_date) values ('A first talk', '2027-03-12')`);
    expect(await getEmptySections()).toEqual(['/teaching']);
    await database.db!.query(`insert into courses (title, start_date) values ('Number Theory', '2024')`);
    expect(await getEmptySections()).toEqual([]);
    expect(shownLinks(PROFESSIONAL_LINKS, [])).toBe(PROFESSIONAL_LINKS);
    await database.db!.query('delete from talks');
    expect(await getEmptySections()).toEqual(['/talks']);
  });
});
