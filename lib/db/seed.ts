import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_TYPES } from '@/lib/content/registry.mjs';
import type { Database, Queryable } from './types';

// supabase/seed.sql is shared with `supabase db reset`, so it is read from the project root (see migrate.ts).
const SEED_FILE = path.join(process.cwd(), 'supabase', 'seed.sql');

/** The sample content's SQL (supabase/seed.sql). */
export function sampleContentSql(): string {
  return readFileSync(SEED_FILE, 'utf8');
}

/** The tables the sample content fills (lib/content/registry.mjs, `seeded`): a row in any of them is content of the site's own. */
export const SEEDED_TABLES: readonly string[] = CONTENT_TYPES.filter((type) => type.seeded).map((type) => type.table);

/** Whether any of `tables` (by default every seeded table) has a row: content of the site's own. */
export async function hasContent(db: Queryable, tables: readonly string[] = SEEDED_TABLES): Promise<boolean> {
  const { rows } = await db.query<{ has_content: boolean }>(`select ${tables.map((table) => `exists (select 1 from public.${table})`).join(' or ')} as has_content`);
  return Boolean(rows[0]?.has_content);
}

/**
 * Fills the site with the sample content of supabase/seed.sql, inside the caller's transaction, when every
 * content table is empty; does nothing once any has a row, so samples never mix with the owner's own
 * content. Returns whether it seeded.
 */
export async function seedSampleContentIn(tx: Queryable): Promise<boolean> {
  // Two instances starting together on one Postgres must not both see empty tables and both seed.
  await tx.query(`select pg_advisory_xact_lock(hashtext('academic-portfolio:seed'))`);
  if (await hasContent(tx)) return false;
  await tx.exec(sampleContentSql());
  return true;
}

/** Fills a brand-new site with the sample content (at start-up, unless SEED_SAMPLE_CONTENT=false). */
export function seedSampleContent(db: Database): Promise<boolean> {
  return db.transaction(seedSampleContentIn);
}
