import 'server-only';
import { ADMIN_EDITORS, type CountedKey } from '@/lib/content/registry.mjs';
import { getDb } from '@/lib/db/client';

/**
 * The admin dashboard's reads (docs/product.md §7, "Database reads and writes"). Not cached: the dashboard is per-request
 * and an admin expects to see the write they just made.
 */

/** How many rows each counted content type has (lib/content/registry.mjs, `dashboard`). */
export type DashboardCounts = Record<CountedKey, number>;

/** A count card of the dashboard: its number's key, title, unit and the editor it links to. */
export interface CountCard {
  key: CountedKey;
  title: string;
  unit: string;
  href: string;
}

/** The dashboard's count cards, in the admin sidebar's order. */
export const COUNT_CARDS: readonly CountCard[] = ADMIN_EDITORS.flatMap((type) =>
  type.dashboard ? [{ key: type.key as CountedKey, title: type.dashboard.title, unit: type.dashboard.unit, href: type.admin.path }] : [],
);

// The keys and tables are the registry's constants, never input.
const COUNTS_SQL = `select ${ADMIN_EDITORS.filter((type) => type.dashboard)
  .map((type) => `(select count(*)::int from public.${type.table}) as ${type.key}`)
  .join(', ')}`;

export async function getDashboardCounts(): Promise<DashboardCounts> {
  const db = await getDb();
  const { rows } = await db.query<DashboardCounts>(COUNTS_SQL);
  return rows[0] ?? (Object.fromEntries(COUNT_CARDS.map((card) => [card.key, 0])) as DashboardCounts);
}

export type ActivityKind = 'blog' | 'project' | 'research';

export interface RecentActivity {
  kind: ActivityKind;
  title: string;
  updatedAt: string;
}

/** The latest updated blog post, project and research paper (one of each, docs/product.md §9), newest first. */
export async function getRecentActivity(): Promise<RecentActivity[]> {
  const db = await getDb();
  const { rows } = await db.query<{ kind: ActivityKind; title: string; updated_at: Date | string }>(
    `select * from (
       (select 'blog' as kind, title, updated_at from public.blog_posts order by updated_at desc limit 1)
       union all
       (select 'project' as kind, title, updated_at from public.projects order by updated_at desc limit 1)
       union all
       (select 'research' as kind, title, updated_at from public.research_papers order by updated_at desc limit 1)
     ) latest order by updated_at desc`,
  );
  return rows.map((row) => ({ kind: row.kind, title: row.title, updatedAt: new Date(row.updated_at).toISOString() }));
}
