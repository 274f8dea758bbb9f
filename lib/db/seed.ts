import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_TYPES } from '@/lib/content/registry.mjs';
import type { Database } from './types';

// supabase/seed.sql is shared with `supabase db reset`, so it is read from the project root (see migrate.ts).
const SEED_FILE = path.join(process.cwd(), 'supabase', 'seed.sql');

/** The tables the sample content fills (lib/content/registry.mjs, `seeded`): a row in any of them is content of the site's own. */
const SEEDED_TABLES = CONTENT_TYPES.filter((type) => type.seeded).map((type) => type.table);

/**
 * Fills a brand-new site with the sample content of supabase/seed.sql. Does nothing once any content
 * table has a row, so samples never mix with the owner's own content. Returns whether it seeded.
 */
export async function seedSampleContent(db: Database): Promise<boolean> {
  const sql = readFileSync(SEED_FILE, 'utf8');
  return db.transaction(async (tx) => {
    // Two instances starting together on one Postgres must not both see empty tables and both seed.
    await tx.query(`select pg_advisory_xact_lock(hashtext('academic-portfolio:seed'))`);
    const anyRows = SEEDED_TABLES.map((table) => `exists (select 1 from public.${table})`).join(' or ');
    const { rows } = await tx.query<{ has_content: boolean }>(`select ${anyRows} as has_content`);
    if (rows[0]?.has_content) return false;
    await tx.exec(sql);
    return true;
  });
}
