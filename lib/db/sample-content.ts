import 'server-only';
import { isDeepStrictEqual } from 'node:util';
import { CONTENT_TYPES } from '@/lib/content/registry.mjs';
import { sampleContentSql, SEEDED_TABLES } from './seed';
import type { Database, Queryable } from './types';

/*
 * The sample content as the site holds it: which rows (and which fields of the profile) are still exactly what
 * supabase/seed.sql wrote, so that "Remove the sample content" (Settings, and the first run's "Start empty")
 * removes those and nothing else. A row the owner added, or a sample row the owner edited, differs from every
 * sample row and is kept. Nothing is recorded at seeding: the sample is read from seed.sql itself, so a site
 * seeded by an older version, or by `supabase db reset`, is recognised as well.
 */

/** Columns that say when or where a row was written, or what is derived from it, not what it holds. */
const NOT_CONTENT = ['id', 'created_at', 'updated_at', 'search'];

const PROFILE_TABLE = 'about_data';

type Row = Record<string, unknown>;

export interface SampleContent {
  /** Each seeded table's sample rows, without the columns of NOT_CONTENT. */
  rows: ReadonlyMap<string, readonly Row[]>;
  /** The profile's columns as a new row has them (their defaults), for the fields the sample fills. */
  profileDefaults: Row;
}

class Collected extends Error {
  constructor(readonly sample: SampleContent) {
    super('rolled back on purpose');
  }
}

/** A column name that may be written into SQL as it is. */
const SQL_NAME = /^[a-z_]+$/;
const INSERT_INTO_PUBLIC = /^(\s*insert\s+into\s+)public\.([a-z_]+)\b/gim;

/**
 * Reads the sample: seed.sql's inserts run into temporary copies of the tables, in a transaction that is
 * always rolled back, so nothing of it ever reaches the site's tables.
 */
async function readSample(db: Database): Promise<SampleContent> {
  const tables = new Set<string>();
  const sql = sampleContentSql().replace(INSERT_INTO_PUBLIC, (_match, insert: string, table: string) => {
    if (!SEEDED_TABLES.includes(table)) throw new Error(`supabase/seed.sql writes public.${table}, which is not a seeded content table.`);
    tables.add(table);
    return `${insert}pg_temp.sample_${table}`;
  });
  try {
    await db.transaction(async (tx) => {
      for (const table of tables) {
        await tx.exec(`create temporary table sample_${table} (like public.${table} including defaults) on commit drop`);
      }
      await tx.exec(sql);
      const rows = new Map<string, Row[]>();
      for (const table of tables) {
        const { rows: found } = await tx.query<{ row: Row }>(`select to_jsonb(t) - $1::text[] as row from pg_temp.sample_${table} t`, [NOT_CONTENT]);
        rows.set(table, found.map((entry) => entry.row));
      }
      const { rows: defaults } = await tx.query<{ row: Row }>(
        `insert into pg_temp.sample_${PROFILE_TABLE} default values returning to_jsonb(sample_${PROFILE_TABLE}) - $1::text[] as row`,
        [NOT_CONTENT],
      );
      throw new Collected({ rows, profileDefaults: defaults[0]?.row ?? {} });
    });
  } catch (error) {
    if (error instanceof Collected) return error.sample;
    throw error;
  }
  throw new Error('The sample content could not be read.');
}

let reading: Promise<SampleContent> | undefined;

/** The sample content (read once per process: seed.sql does not change while the server runs). */
export function sampleContent(db: Database): Promise<SampleContent> {
  reading ??= readSample(db).catch((error: unknown) => {
    reading = undefined;
    throw error;
  });
  return reading;
}

/** How a table's rows (`t`) are matched to the sample ($2): the row without NOT_CONTENT ($1) equals one of the sample's. */
const MATCHES_SAMPLE = `(to_jsonb(t) - $1::text[]) in (select value from jsonb_array_elements($2::text::jsonb))`;

/** The profile's fields as the owner knows them (the About editor's words), by column. */
const PROFILE_FIELDS: Record<string, string> = {
  name: 'name',
  title: 'role line',
  bio: 'biography',
  image_url: 'photo',
  skills: 'skills',
  education: 'education',
  research_interests: 'research interests',
  affiliation: 'affiliation',
  footer_blurb: 'footer text',
  email: 'public e-mail',
  links: 'profile links',
  mark: 'header mark',
  mark_image_url: 'mark image',
};

/** The fields' names in the About editor's order (a column it does not know, last). */
function fieldNames(columns: string[]): string[] {
  const known = Object.keys(PROFILE_FIELDS);
  const rank = (column: string) => (known.includes(column) ? known.indexOf(column) : known.length);
  return [...columns].sort((a, b) => rank(a) - rank(b)).map((column) => PROFILE_FIELDS[column] ?? column.replaceAll('_', ' '));
}

/** The profile's columns that still hold the sample's value (and a value other than the empty default). */
async function sampleProfileColumns(tx: Queryable, sample: SampleContent, lock: boolean): Promise<{ id: string; columns: string[]; emptyAfter: boolean } | null> {
  const sampleProfile = sample.rows.get(PROFILE_TABLE)?.[0];
  if (!sampleProfile) return null;
  const { rows } = await tx.query<{ id: string; row: Row }>(
    `select id, to_jsonb(a) - $1::text[] as row from public.${PROFILE_TABLE} a order by created_at limit 1${lock ? ' for update' : ''}`,
    [NOT_CONTENT],
  );
  const live = rows[0];
  if (!live) return null;
  const columns = Object.keys(sampleProfile).filter(
    (column) => SQL_NAME.test(column) && isDeepStrictEqual(live.row[column], sampleProfile[column]) && !isDeepStrictEqual(sampleProfile[column], sample.profileDefaults[column]),
  );
  const emptyAfter = Object.keys(live.row).every((column) => columns.includes(column) || isDeepStrictEqual(live.row[column], sample.profileDefaults[column]));
  return { id: live.id, columns, emptyAfter };
}

export interface SampleHoldings {
  /** Sample rows still on the site, by table (tables without any left out). */
  rows: Record<string, number>;
  /** The profile's fields that still hold the sample's value, in the owner's words. */
  profileFields: string[];
  /** The same fields, as the profile's columns. */
  profileColumns: string[];
}

/** Whether the site still holds any of the sample. */
export function holdsSample(holdings: SampleHoldings): boolean {
  return Object.keys(holdings.rows).length > 0 || holdings.profileFields.length > 0;
}

/** What of the sample content the site holds now (Settings shows it before anything is removed). */
export async function sampleHoldings(db: Database, tx: Queryable = db): Promise<SampleHoldings> {
  const sample = await sampleContent(db);
  const rows: Record<string, number> = {};
  for (const [table, sampleRows] of sample.rows) {
    if (table === PROFILE_TABLE) continue;
    const { rows: counted } = await tx.query<{ count: number }>(`select count(*)::int as count from public.${table} t where ${MATCHES_SAMPLE}`, [
      NOT_CONTENT,
      JSON.stringify(sampleRows),
    ]);
    if ((counted[0]?.count ?? 0) > 0) rows[table] = counted[0]!.count;
  }
  const profile = await sampleProfileColumns(tx, sample, false);
  return { rows, profileColumns: profile?.columns ?? [], profileFields: fieldNames(profile?.columns ?? []) };
}

/** What a removal took away, and what it kept of each table it touched. */
export interface SampleRemoval extends SampleHoldings {
  /** Rows left in the tables that held sample rows: the owner's own, or sample rows the owner edited. */
  kept: Record<string, number>;
}

/**
 * Removes the sample content inside the caller's transaction: every row that is still exactly a sample row,
 * and of the profile every field that still holds the sample's value (set back to empty; the profile row goes
 * when nothing of the owner's is left in it). The sample's files are the bundled placeholder image only, so
 * no stored file is removed: a sample row that refers to an upload was edited by the owner, and is kept.
 */
export async function removeSampleContentIn(db: Database, tx: Queryable): Promise<SampleRemoval> {
  const sample = await sampleContent(db);
  // The same locks as seeding and as the About editor's save: neither runs halfway through a removal.
  await tx.query(`select pg_advisory_xact_lock(hashtext('academic-portfolio:seed'))`);
  await tx.query(`select pg_advisory_xact_lock(hashtext('academic-portfolio:about_data'))`);
  const rows: Record<string, number> = {};
  const kept: Record<string, number> = {};
  for (const [table, sampleRows] of sample.rows) {
    if (table === PROFILE_TABLE) continue;
    const { affectedRows } = await tx.query(`delete from public.${table} t where ${MATCHES_SAMPLE}`, [NOT_CONTENT, JSON.stringify(sampleRows)]);
    if (affectedRows === 0) continue;
    rows[table] = affectedRows;
    const { rows: left } = await tx.query<{ count: number }>(`select count(*)::int as count from public.${table}`);
    if ((left[0]?.count ?? 0) > 0) kept[table] = left[0]!.count;
  }
  const profile = await sampleProfileColumns(tx, sample, true);
  if (profile && profile.emptyAfter) {
    await tx.query(`delete from public.${PROFILE_TABLE} where id = $1`, [profile.id]);
  } else if (profile && profile.columns.length > 0) {
    await tx.query(`update public.${PROFILE_TABLE} set ${profile.columns.map((column) => `${column} = default`).join(', ')}, updated_at = now() where id = $1`, [profile.id]);
  }
  return { rows, kept, profileColumns: profile?.columns ?? [], profileFields: fieldNames(profile?.columns ?? []) };
}

/** Each table's name as the admin knows it: the editor's label. */
const TABLE_LABELS: Record<string, string> = Object.fromEntries(CONTENT_TYPES.map((type) => [type.table, type.admin?.label ?? type.table]));

/** 'Experience 3, Projects 4, …' in the registry's (the public site's) order. */
function tableList(counts: Record<string, number>): string {
  return CONTENT_TYPES.flatMap((type) => (counts[type.table] ? [[type.table, counts[type.table]!] as const] : []))
    .map(([table, count]) => `${TABLE_LABELS[table] ?? table} ${count}`)
    .join(', ');
}

/** One sentence for the owner: what the site holds of the sample (Settings), or what a removal took away. */
export function describeSample(holdings: SampleHoldings): string {
  const total = Object.values(holdings.rows).reduce((sum, count) => sum + count, 0);
  const parts = [
    total > 0 ? `${total} sample ${total === 1 ? 'entry' : 'entries'} (${tableList(holdings.rows)})` : '',
    holdings.profileFields.length > 0 ? `the sample profile's ${holdings.profileFields.join(', ')}` : '',
  ].filter(Boolean);
  return parts.join(' and ');
}

/** What a removal says it did: what it removed, and what it kept because it is the owner's. */
export function describeRemoval(removal: SampleRemoval): string {
  const removed = describeSample(removal);
  if (!removed) return 'The site held none of the sample content: nothing was removed.';
  const kept = Object.keys(removal.kept).length > 0 ? ` Kept as yours: ${tableList(removal.kept)}.` : '';
  return `Removed ${removed}.${kept}`;
}
