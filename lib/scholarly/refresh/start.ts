import { expireTagsNow } from '@/lib/cache/expire-now';
import { getDb } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { CITATIONS_TAG, type RefreshTrigger } from '@/lib/scholarly/citation-types';
import { fetchCitationCount } from '@/lib/scholarly/citations';
import { siteScholarlyConfig } from '@/lib/scholarly/site-config';
import { processHolder } from './lease';
import { runRefresh } from './run';
import { refreshSlot } from './slot';
import type { RunResult } from './types';
import { dueRun, readCitationSettings } from './status';

/**
 * Where the citation run (issue 46) is started: by this server's schedule (a check a minute, started by
 * instrumentation.ts unless REFRESH_SCHEDULE=false), by Refresh now in Settings, and by the outside scheduler's
 * POST /api/refresh. Each start goes through startRefresh: one run at a time in this process, and the
 * lease in the database (lease.ts) keeps it to one in the site however many instances share it. A run only
 * waits on the sources and writes small rows; page requests never wait for it.
 */

/** How often the schedule asks whether a run is due (one small read). */
export const REFRESH_CHECK_MS = 60_000;

function log(message: string): void {
  console.log(`▲ Citations: ${message}`);
}

/**
 * Starts a run in the background, unless this process is running one: 'started' (it may still find the
 * lease held by another instance, which then is the one running), or 'running'. `done` settles when it ends.
 */
export function startRefresh(trigger: RefreshTrigger): { state: 'started' | 'running'; done: Promise<RunResult | null> } {
  const current = refreshSlot();
  if (current.running) return { state: 'running', done: current.running };
  const holder = processHolder();
  const stop = new AbortController();
  const run = (async () => {
    const [db, config] = await Promise.all([getDb(), siteScholarlyConfig()]);
    return runRefresh({
      db,
      config,
      fetchCount: fetchCitationCount,
      holder,
      trigger,
      log,
      signal: stop.signal,
      onChanged: () => {
        expireTagsNow([CITATIONS_TAG]).catch((error: unknown) => console.warn('⚠ Could not expire the citation pages', error));
      },
    });
  })()
    .then((result) => {
      if (result.ran && result.finished) log(`run ended: ${result.papersChecked} papers checked, ${result.countsUpdated} counts updated, ${result.worksFound} works found, ${result.errors.length} errors.`);
      return result;
    })
    .catch((error: unknown) => {
      console.error('✖ The citation run failed', error);
      return null;
    })
    .finally(() => {
      current.running = undefined;
      current.stop = undefined;
    });
  current.running = run;
  current.stop = stop;
  return { state: 'started', done: run };
}

/** Whether this process is running a run now. */
export function refreshRunningHere(): boolean {
  return refreshSlot().running !== undefined;
}

/**
 * This server's schedule: every REFRESH_CHECK_MS, a run when one is due (Settings → Citations' interval
 * since the last run, a Refresh now not yet taken up, or a run to resume) and no instance holds the lease.
 */
export function startRefreshSchedule(options: { checkMs?: number } = {}): void {
  const current = refreshSlot();
  if (current.timer) return;
  let checking = false;
  current.timer = setInterval(() => {
    if (checking || current.running) return;
    checking = true;
    (async () => {
      const db = await getDb();
      const settings = await readCitationSettings(db);
      // A Refresh now that this instance did not start itself (another took the request) counts as the admin's.
      const trigger = await dueRun(db, settings);
      if (trigger) startRefresh(trigger);
    })()
      .catch((error: unknown) => console.warn('⚠ Could not check whether the citation run is due', error))
      .finally(() => (checking = false));
  }, options.checkMs ?? REFRESH_CHECK_MS);
  current.timer.unref();
}

/**
 * The schedule as the environment asks (instrumentation.ts, once the server's startup work is done): on unless
 * REFRESH_SCHEDULE=false, checking every REFRESH_CHECK_SECONDS. Started from Next's own copy of the modules
 * (never from `npm start`'s tsx copy, which cannot load the server-only modules of the run).
 */
export function startRefreshScheduleFromEnv(): void {
  const env = getEnv();
  if (env.REFRESH_SCHEDULE) startRefreshSchedule({ checkMs: env.REFRESH_CHECK_SECONDS * 1000 });
}

export { stopRefreshSchedule } from './slot';
