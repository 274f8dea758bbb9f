import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { CONTENT_TYPES, NON_CONTENT_TABLES } from '@/lib/content/registry.mjs';
import { seedSampleContent } from '@/lib/db/seed';
import type { Database } from '@/lib/db/types';
import { openTestPglite } from '../helpers/db';

/**
 * Every table of the schema is accounted for by the content registry (lib/content/registry.mjs): a content
 * type, or one of the tables that are not content. A migration that adds a table and no registry entry
 * fails here, before its table is left out of the export, the dashboard or the media library's search.
 * Only the public schema: `auth`, `storage` and `supabase_migrations` are Supabase's (or the built-in
 * auth's stand-in for them), never content.
 */

const database: { db?: Database } = {};
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));
const { getDashboardCounts } = await import('@/lib/content/dashboard');

let db: Database;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ db, cleanup } = await openTestPglite());
  database.db = db;
});

afterAll(() => cleanup());

/** Each column of the public schema's tables with its type: 'text', 'text[]', or Postgres's own name. */
async function publicColumns(): Promise<Map<string, string>> {
  const { rows } = await db.query<{ table_name: string; column_name: string; data_type: string; udt_name: string }>(
    `select table_name, column_name, data_type, udt_name from information_schema.columns where table_schema = 'public'`,
  );
  return new Map(rows.map((row) => [`${row.table_name}.${row.column_name}`, row.data_type === 'ARRAY' ? `${row.udt_name.replace(/^_/, '')}[]` : row.data_type]));
}

describe('the content registry and the schema', () => {
  it('every table of the public schema is a content type\'s or one the registry says is not content, and every one it names exists', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const inSchema = rows.map((row) => row.table_name);
    const content: string[] = CONTENT_TYPES.map((type) => type.table);
    const notContent = NON_CONTENT_TABLES.map((entry) => entry.table);
    expect(inSchema.filter((table) => !content.includes(table) && !notContent.includes(table)), 'tables missing from lib/content/registry.mjs').toEqual([]);
    expect([...content, ...notContent].filter((table) => !inSchema.includes(table)), 'registry tables the schema does not have').toEqual([]);
  });

  it('every column the media library searches exists, as text or a list of text, and each title reads', async () => {
    const columns = await publicColumns();
    for (const { table, references } of [...CONTENT_TYPES, ...NON_CONTENT_TABLES]) {
      if (!references) continue;
      for (const column of references.text) expect(columns.get(`${table}.${column}`), `${table}.${column}`).toBe('text');
      for (const column of references.lists) expect(columns.get(`${table}.${column}`), `${table}.${column}`).toBe('text[]');
      await expect(db.query(`select ${references.title} as title from public.${table} limit 0`), `${table}: ${references.title}`).resolves.toBeDefined();
    }
  });

  it('the sample content fills exactly the tables marked seeded, and the dashboard counts their rows', async () => {
    expect(await seedSampleContent(db)).toBe(true);
    const rowsOf = async (table: string) => (await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0]!.n;
    for (const type of CONTENT_TYPES) expect((await rowsOf(type.table)) > 0, type.table).toBe(type.seeded);

    const counts = await getDashboardCounts();
    const counted = CONTENT_TYPES.filter((type) => type.dashboard);
    expect(Object.keys(counts).sort()).toEqual(counted.map((type) => type.key).sort());
    for (const type of counted) expect(counts[type.key as keyof typeof counts], type.key).toBe(await rowsOf(type.table));
  });
});
