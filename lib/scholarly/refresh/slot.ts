import type { RunResult } from './types';

/**
 * This process's citation run and schedule (lib/scholarly/refresh/start.ts), kept on globalThis: `npm start`
 * loads the startup code under tsx and the app inside Next's bundle, two copies of every module, and both must
 * see one schedule. Plain (no server-only import), so that lib/startup.ts can stop it from either copy.
 */

export interface RefreshSlot {
  running?: Promise<RunResult | null>;
  /** Aborts the running run (the server is stopping): it stops before its next paper. */
  stop?: AbortController;
  timer?: ReturnType<typeof setInterval>;
}

const key = Symbol.for('academic-portfolio.citation-refresh');

export function refreshSlot(): RefreshSlot {
  const store = globalThis as Record<symbol, unknown>;
  store[key] ??= {} satisfies RefreshSlot;
  return store[key] as RefreshSlot;
}

/**
 * Stops the schedule and the run in progress (before the database closes): the run stops before its next
 * paper, leaving its progress for the next holder of the lease to resume.
 */
export async function stopRefreshSchedule(): Promise<void> {
  const current = refreshSlot();
  if (current.timer) clearInterval(current.timer);
  current.timer = undefined;
  current.stop?.abort();
  await current.running?.catch(() => undefined);
}
