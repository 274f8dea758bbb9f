import 'server-only';

import type { Database } from '@/lib/db/types';

/**
 * The daily counts (issue 48): the events not yet counted mark their days, and those days' counts are made
 * again from all of their events, so a roll-up can be repeated or run by several servers and every event is
 * counted once. One roll-up at a time in the whole site: a transaction-scoped advisory lock, so two servers on
 * one database take turns. Events older than the retention are then dropped (their days' counts stay), and
 * with them the salts of days gone by.
 */

/** The advisory lock's key: any constant that no other part of the site uses. */
const ROLLUP_LOCK = 48_0001;

export interface RollUpOptions {
  retentionDays: number;
  /** Today in the site's time zone (YYYY-MM-DD). */
  today: string;
}

/** Counts what is new, drops what is past the retention; answers the days counted again. */
export async function rollUp(db: Database, { retentionDays, today }: RollUpOptions): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [ROLLUP_LOCK]);
    // Marked first, counted after: every event marked here is seen by the counts below.
    const { rows } = await tx.query<{ day: string }>(
      `with marked as (update public.analytics_events set rolled = true where not rolled returning day)
       select distinct day::text as day from marked order by 1`,
    );
    const days = rows.map((row) => row.day);
    if (days.length > 0) {
      await tx.query('delete from public.analytics_daily where day = any($1::date[])', [days]);
      await tx.query(
        `insert into public.analytics_daily (day, dimension, key, count, visitors)
         select day, 'site', '', count(*), count(distinct visitor) from public.analytics_events
           where kind = 'view' and day = any($1::date[]) group by day
         union all
         select day, 'page', path, count(*), count(distinct visitor) from public.analytics_events
           where kind = 'view' and day = any($1::date[]) group by day, path
         union all
         select day, 'download', path, count(*), count(distinct visitor) from public.analytics_events
           where kind = 'download' and day = any($1::date[]) group by day, path
         union all
         select day, 'referrer', coalesce(referrer_host, ''), count(*), count(distinct visitor) from public.analytics_events
           where kind = 'view' and day = any($1::date[]) group by day, coalesce(referrer_host, '')`,
        [days],
      );
    }
    await tx.query(`delete from public.analytics_events where rolled and day < $1::date - $2::integer`, [today, retentionDays]);
    await tx.query('delete from public.analytics_salts where day < $1::date', [today]);
    return days;
  });
}
