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

  it('search: a table has a generated search column, with its GIN index, exactly when its entry says how it is searched', async () => {
    const { rows } = await db.query<{ table_name: string }>(
      `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'search' and is_generated = 'ALWAYS' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual(CONTENT_TYPES.filter((type) => type.search !== null).map((type) => type.table).sort());
    const { rows: indexes } = await db.query<{ tablename: string }>(`select tablename from pg_indexes where schemaname = 'public' and indexdef like '%USING gin (search)%'`);
    expect(indexes.map((index) => index.tablename).sort()).toEqual(rows.map((row) => row.table_name));
  });

  it('search: each generated column weighs exactly the columns its entry declares, by weight, and every column the search reads exists', async () => {
    const columns = await publicColumns();
    for (const { table, search } of CONTENT_TYPES) {
      if (!search) continue;
      const { rows } = await db.query<{ expression: string }>(
        `select pg_get_expr(d.adbin, d.adrelid) as expression
           from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
          where d.adrelid = $1::regclass and a.attname = 'search'`,
        [`public.${table}`],
      );
      const own = [...columns.keys()].filter((key) => key.startsWith(`${table}.`)).map((key) => key.slice(table.length + 1)).filter((column) => column !== 'search');
      const weighed: Record<string, string[]> = { A: [], B: [], C: [] };
      // setweight(<vector of some columns>, 'X'::"char"), once per weight.
      for (const part of rows[0]!.expression.split('setweight(').slice(1)) {
        const weight = /'([A-D])'::"char"\)/.exec(part)?.[1];
        expect(weight, `${table}: ${part}`).toBeDefined();
        const code = part.replace(/'(?:[^']|'')*'/g, "''");
        weighed[weight!]!.push(...own.filter((column) => new RegExp(`\\b${column}\\b`).test(code)));
      }
      for (const weight of ['A', 'B', 'C'] as const) {
        expect([...new Set(weighed[weight])].sort(), `${table}: columns of weight ${weight}`).toEqual([...search.weights[weight]].sort());
      }
      for (const column of [search.date, ...search.text.map((source) => source.column), ...(search.title === 'with-company' ? ['company'] : [])]) {
        if (column) expect(own, `${table}.${column}`).toContain(column);
      }
      await expect(db.query(`select 1 from public.${table} t where ${search.where ?? 'true'} limit 0`), `${table}: ${search.where}`).resolves.toBeDefined();
    }
  });
});
