import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { isValidOrcid } from '@/lib/scholarly/identifiers';
import { isTemporaryCoauthorId, type CoauthorItemValues } from '@/lib/validation/coauthors';
import { storedLink } from '@/lib/validation/lists';
import { syncList, type SyncColumn } from '../sync-list';
import { afterContentWrite, TAGS } from '../tags';
import type { Coauthor, SavedCoauthors } from './types';

export type { Coauthor, SavedCoauthors } from './types';

interface CoauthorRow {
  id: string;
  name: string;
  homepage: string | null;
  orcid: string | null;
}

function toCoauthor(row: CoauthorRow): Coauthor {
  // A row written by hand in the database links nowhere a browser would run, nor to a record that is no one's.
  return { id: row.id, name: row.name, homepage: storedLink(row.homepage), orcid: row.orcid && isValidOrcid(row.orcid) ? row.orcid : null };
}

async function readCoauthors(db: Queryable): Promise<Coauthor[]> {
  const { rows } = await db.query<CoauthorRow>('select id, name, homepage, orcid from coauthors order by position, created_at, id');
  return rows.map(toCoauthor);
}

/** Every co-author in the owner's order: what the research pages match papers' author names against. */
export async function getCoauthors(): Promise<Coauthor[]> {
  'use cache';
  cacheTag(TAGS.coauthors);
  return readCoauthors(await getDb());
}

/** The stored co-authors right now, past every cache: what the Co-authors editor starts from. */
export async function getCoauthorsForEditing(): Promise<Coauthor[]> {
  return readCoauthors(await getDb());
}

/** What the Co-authors editor writes, in order; `position` is the co-author's place in the editor's list. */
function editedColumns(items: readonly CoauthorItemValues[]): SyncColumn<CoauthorItemValues>[] {
  const positions = new Map(items.map((item, index) => [item.id, index]));
  return [
    { name: 'name', value: (item) => item.name },
    { name: 'homepage', value: (item) => item.homepage },
    { name: 'orcid', value: (item) => item.orcid },
    { name: 'position', cast: 'integer', value: (item) => positions.get(item.id) ?? 0 },
  ];
}

/**
 * Save All Changes: the editor's whole list, in its order, becomes the stored list, in one transaction; a
 * failure anywhere leaves the table as it was. The one-name-once constraint waits for the end of the
 * transaction, so a save may rename a co-author and give the old name to another, in any order of rows.
 */
export async function saveCoauthorList(items: readonly CoauthorItemValues[]): Promise<SavedCoauthors> {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    await tx.query('set constraints public.coauthors_name_once deferred');
    const created = await syncList(tx, 'coauthors', editedColumns(items), items, isTemporaryCoauthorId);
    return { items: await readCoauthors(tx), created };
  });
  afterContentWrite(TAGS.coauthors);
  return saved;
}
