import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AdminCheck } from '@/lib/auth/guard';
import { ACCESS_DENIED } from '@/lib/auth/constants';
import type { Database } from '@/lib/db/types';
import {
  COAUTHOR_HOMEPAGE_INVALID,
  COAUTHOR_NAME_REQUIRED,
  COAUTHOR_ORCID_INVALID,
  COAUTHORS_REFUSED,
  coauthorItemSchema,
  newCoauthorDefaults,
  TOO_MANY_COAUTHORS,
} from '@/lib/validation/coauthors';
import { openTestPglite } from '../helpers/db';

/**
 * Save All Changes of the Co-authors editor (docs/product.md, "Admin Co-authors") on the real schema (PGlite),
 * through its server action: the list stored in its order in one transaction, every refusal (a field, a name
 * listed twice, more than 500, a caller who is not an admin) leaving the stored list exactly as it was.
 */
const database: { db?: Database } = {};
const cache = vi.hoisted(() => ({ cacheTag: vi.fn(), updateTag: vi.fn(), revalidateTag: vi.fn() }));
const guard = vi.hoisted(() => ({ check: { ok: true, user: { id: 'admin', email: 'admin@example.org' } } as AdminCheck }));
vi.mock('next/cache', () => cache);
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));
vi.mock('@/lib/auth/guard', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth/guard')>()),
  checkAdmin: async () => guard.check,
}));

const { saveCoauthorsAction } = await import('@/app/admin/(guarded)/research/coauthors/actions');
const { getCoauthorsForEditing, saveCoauthorList } = await import('@/lib/content/coauthors/queries');

let cleanup: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanup = opened.cleanup;
});

afterAll(async () => {
  await cleanup();
});

beforeEach(async () => {
  await database.db!.query('delete from coauthors');
  guard.check = { ok: true, user: { id: 'admin', email: 'admin@example.org' } };
  cache.updateTag.mockClear();
  cache.revalidateTag.mockClear();
});

/** A co-author as the editor sends it: the homepage and ORCID iD as typed. */
const typed = (name: string, extra: { homepage?: string; orcid?: string } = {}) => ({ ...newCoauthorDefaults(), homepage: '', orcid: '', ...extra, name });

async function stored() {
  return (await getCoauthorsForEditing()).map(({ name, homepage, orcid }) => ({ name, homepage, orcid }));
}

/** Saves two co-authors and answers what the table then holds, for the refusals to compare with. */
async function storeTwo() {
  const result = await saveCoauthorsAction({ items: [typed('Emmy Noether', { homepage: 'https://example.org/noether' }), typed('Paul Erdős', { orcid: '0000-0002-1825-0097' })] });
  expect(result).toMatchObject({ ok: true });
  cache.updateTag.mockClear();
  return getCoauthorsForEditing();
}

describe('saveCoauthorsAction', () => {
  it('stores the list in the editor order, the ORCID iD bare, gives new co-authors their ids, and expires the co-authors tag', async () => {
    const first = typed('Emmy Noether', { homepage: 'https://example.org/noether' });
    const second = typed('Paul Erdős', { orcid: 'https://orcid.org/0000-0002-1825-0097' });
    const result = await saveCoauthorsAction({ items: [first, second] });
    if (!result.ok) throw new Error(result.error);
    expect(result.data.items.map(({ name, homepage, orcid }) => ({ name, homepage, orcid }))).toEqual([
      { name: 'Emmy Noether', homepage: 'https://example.org/noether', orcid: null },
      { name: 'Paul Erdős', homepage: null, orcid: '0000-0002-1825-0097' },
    ]);
    expect(result.data.created[first.id]).toBe(result.data.items[0]!.id);
    expect(cache.updateTag).toHaveBeenCalledWith('coauthors');

    const [emmy, paul] = result.data.items;
    const again = await saveCoauthorsAction({ items: [typed('Hermann Weyl'), { ...paul!, homepage: '', orcid: paul!.orcid! }, { ...emmy!, homepage: '', orcid: '' }] });
    if (!again.ok) throw new Error(again.error);
    expect(await stored()).toEqual([
      { name: 'Hermann Weyl', homepage: null, orcid: null },
      { name: 'Paul Erdős', homepage: null, orcid: '0000-0002-1825-0097' },
      { name: 'Emmy Noether', homepage: null, orcid: null },
    ]);
    expect(again.data.items[1]!.id).toBe(paul!.id);
  });

  it('refuses invalid fields with their messages beside them, and writes nothing', async () => {
    const before = await storeTwo();
    const result = await saveCoauthorsAction({
      items: [typed('Hermann Weyl'), typed('  '), typed('Emil Artin', { homepage: 'javascript:alert(1)' }), typed('Olga Taussky', { orcid: '0000-0002-1825-0098' })],
    });
    expect(result).toEqual({
      ok: false,
      error: COAUTHORS_REFUSED,
      fieldErrors: { 'items.1.name': COAUTHOR_NAME_REQUIRED, 'items.2.homepage': COAUTHOR_HOMEPAGE_INVALID, 'items.3.orcid': COAUTHOR_ORCID_INVALID },
    });
    expect(await getCoauthorsForEditing()).toEqual(before);
    expect(cache.updateTag).not.toHaveBeenCalled();
  });

  it('refuses a name already on the list, whatever its case, beside the second; namesakes by family name are kept', async () => {
    const before = await storeTwo();
    const result = await saveCoauthorsAction({ items: [...before.map((item) => ({ ...item, homepage: item.homepage ?? '', orcid: item.orcid ?? '' })), typed(' emmy noether ')] });
    expect(result).toEqual({ ok: false, error: COAUTHORS_REFUSED, fieldErrors: { 'items.2.name': 'emmy noether is on the list already.' } });
    expect(await getCoauthorsForEditing()).toEqual(before);

    const namesakes = Array.from({ length: 200 }, (_, index) => typed(`${String.fromCharCode(65 + (index % 26))}. ${String.fromCharCode(65 + Math.floor(index / 26))}. Wang`));
    expect(await saveCoauthorsAction({ items: namesakes })).toMatchObject({ ok: true });
    expect(await getCoauthorsForEditing()).toHaveLength(200);
  });

  it('stores 500 co-authors and refuses a save that would make 501, writing nothing', async () => {
    const items = Array.from({ length: 500 }, (_, index) => typed(`Person ${index}`));
    expect(await saveCoauthorsAction({ items })).toMatchObject({ ok: true });
    const before = await getCoauthorsForEditing();
    const kept = before.map((item) => ({ ...item, homepage: item.homepage ?? '', orcid: item.orcid ?? '' }));
    const result = await saveCoauthorsAction({ items: [typed('One Too Many'), ...kept] });
    expect(result).toMatchObject({ ok: false, error: TOO_MANY_COAUTHORS });
    expect(await getCoauthorsForEditing()).toEqual(before);
  });

  for (const reason of ['anonymous', 'forbidden'] as const) {
    it(`refuses a${reason === 'anonymous' ? 'n anonymous' : ' non-admin'} caller with the Access Denied text, and writes nothing`, async () => {
      const before = await storeTwo();
      guard.check = { ok: false, reason };
      expect(await saveCoauthorsAction({ items: [typed('Hermann Weyl')] })).toEqual({ ok: false, error: ACCESS_DENIED[reason] });
      expect(await saveCoauthorsAction({ items: 'not a list' })).toEqual({ ok: false, error: ACCESS_DENIED[reason] });
      expect(await getCoauthorsForEditing()).toEqual(before);
      expect(cache.updateTag).not.toHaveBeenCalled();
    });
  }
});

describe('saveCoauthorList and the table', () => {
  const checked = (name: string, extra: { homepage?: string; orcid?: string } = {}) => coauthorItemSchema.parse(typed(name, extra));

  it('writes nothing when the database refuses a row part-way: the stored list stays exactly as it was', async () => {
    const before = await storeTwo();
    // An iD the schema would refuse, sent past it: the table's check refuses the third row, after two were written.
    const broken = { ...checked('Broken'), orcid: 'not an iD' };
    await expect(saveCoauthorList([checked('Hermann Weyl'), checked('Emil Artin'), broken])).rejects.toThrow();
    expect(await getCoauthorsForEditing()).toEqual(before);
  });

  it('lets one save hand a name from one co-author to another, but never keeps a name twice', async () => {
    const [emmy, paul] = await storeTwo();
    const swapped = await saveCoauthorList([
      { ...checked('Paul Erdős'), id: emmy!.id },
      { ...checked('Emmy Noether'), id: paul!.id },
    ]);
    expect(swapped.items.map((item) => [item.id, item.name])).toEqual([
      [emmy!.id, 'Paul Erdős'],
      [paul!.id, 'Emmy Noether'],
    ]);
    const before = await getCoauthorsForEditing();
    await expect(saveCoauthorList([...before.map((item) => ({ ...item })), checked('EMMY NOETHER')])).rejects.toThrow();
    expect(await getCoauthorsForEditing()).toEqual(before);
    // As an import writes rows: refused at once.
    await expect(database.db!.query(`insert into coauthors (name) values ('paul erdős')`)).rejects.toThrow(/coauthors_name_once/);
  });
});
