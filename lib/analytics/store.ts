import 'server-only';

import type { Database, Queryable } from '@/lib/db/types';

/**
 * Writing the events (issue 48): one transaction per batch that stores the events and adds them to their days'
 * counts, so each event is counted exactly once whichever server wrote it, and the dashboard reads counts that
 * are at most a batch old. A page view adds one to the site's and its page's count and to its referring host's
 * (or Direct's); a visitor hash not yet seen that day adds one to the day's visitors (`analytics_seen`, which
 * the hash's primary key keeps unique however many servers write at once). Rows are written in one order
 * (sorted), so two servers' transactions wait for each other rather than deadlock. The work is the batch's
 * alone: PGlite runs in the server's own thread, where recounting a busy day's events held pages for 0.3 to
 * 0.8 s.
 */

export interface StoredEvent {
  day: string;
  kind: 'view' | 'download';
  path: string;
  referrerHost: string | null;
  visitor: string;
}

interface Count {
  day: string;
  dimension: 'site' | 'page' | 'download' | 'referrer';
  key: string;
  count: number;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The batch's additions to the daily counts, sorted by day, dimension and key. */
export function countsOf(events: readonly StoredEvent[]): Count[] {
  const counts = new Map<string, Count>();
  const add = (day: string, dimension: Count['dimension'], key: string) => {
    const id = `${day}\u0000${dimension}\u0000${key}`;
    const count = counts.get(id);
    if (count) count.count += 1;
    else counts.set(id, { day, dimension, key, count: 1 });
  };
  for (const event of events) {
    if (event.kind === 'download') {
      add(event.day, 'download', event.path);
      continue;
    }
    add(event.day, 'site', '');
    add(event.day, 'page', event.path);
    add(event.day, 'referrer', event.referrerHost ?? '');
  }
  return [...counts.values()].sort((a, b) => byText(a.day, b.day) || byText(a.dimension, b.dimension) || byText(a.key, b.key));
}

/** Stores the events and adds them to the daily counts, in one transaction. */
export async function storeEvents(db: Database, events: readonly StoredEvent[]): Promise<void> {
  if (events.length === 0) return;
  const counts = countsOf(events);
  const viewers = [...new Set(events.filter((event) => event.kind === 'view').map((event) => `${event.day} ${event.visitor}`))].sort();
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into public.analytics_events (day, kind, path, referrer_host, visitor)
       select * from unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [events.map((event) => event.day), events.map((event) => event.kind), events.map((event) => event.path), events.map((event) => event.referrerHost), events.map((event) => event.visitor)],
    );
    const { rows: fresh } = await tx.query<{ day: string; visitors: number }>(
      `with fresh as (
         insert into public.analytics_seen (day, visitor) select * from unnest($1::date[], $2::text[])
         on conflict do nothing returning day
       ) select day::text as day, count(*)::integer as visitors from fresh group by day`,
      [viewers.map((viewer) => viewer.slice(0, 10)), viewers.map((viewer) => viewer.slice(11))],
    );
    const visitors = new Map(fresh.map((row) => [row.day, row.visitors]));
    await tx.query(
      `insert into public.analytics_daily as d (day, dimension, key, count, visitors)
       select * from unnest($1::date[], $2::text[], $3::text[], $4::integer[], $5::integer[])
       on conflict (day, dimension, key) do update set
         count = d.count + excluded.count,
         visitors = case when excluded.visitors is null then d.visitors else coalesce(d.visitors, 0) + excluded.visitors end`,
      [
        counts.map((count) => count.day),
        counts.map((count) => count.dimension),
        counts.map((count) => count.key),
        counts.map((count) => count.count),
        counts.map((count) => (count.dimension === 'site' ? (visitors.get(count.day) ?? 0) : null)),
      ],
    );
  });
}

/**
 * Drops the events older than the retention (their days' counts stay), and the seen visitors and salts of days
 * gone by (yesterday's visitors stay a day longer: an event queued before midnight may be written just after).
 */
export async function dropExpired(db: Queryable, { retentionDays, today }: { retentionDays: number; today: string }): Promise<void> {
  await db.query('delete from public.analytics_events where day < $1::date - $2::integer', [today, retentionDays]);
  await db.query('delete from public.analytics_seen where day < $1::date - 1', [today]);
  await db.query('delete from public.analytics_salts where day < $1::date', [today]);
}
