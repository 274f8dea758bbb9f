import 'server-only';
import { getDb } from '@/lib/db/client';

/**
 * The admin dashboard's reads (docs/product.md §7, "Database reads and writes"). Not cached: the dashboard is per-request
 * and an admin expects to see the write they just made.
 */

export interface DashboardCounts {
  experience: number;
  projects: number;
  blog: number;
  personal: number;
  research: number;
}

export async function getDashboardCounts(): Promise<DashboardCounts> {
  const db = await getDb();
  const { rows } = await db.query<DashboardCounts>(
    `select
       (select count(*)::int from public.experience) as experience,
       (select count(*)::int from public.projects) as projects,
       (select count(*)::int from public.blog_posts) as blog,
       (select count(*)::int from public.personal_posts) as personal,
       (select count(*)::int from public.research_papers) as research`,
  );
  return rows[0] ?? { experience: 0, projects: 0, blog: 0, personal: 0, research: 0 };
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
