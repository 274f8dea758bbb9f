import 'server-only';
import { connection } from 'next/server';

export type Read<T> = { ok: true; data: T } | { ok: false };

/**
 * The one place a public page's read can fail. It waits for a request first (the database is never read
 * during `next build`), and a failure is logged here and answered as `{ ok: false }`: the page then shows
 * its load-error toast (components/site/loaded.tsx) or, for metadata, a fallback.
 */
export async function readForRequest<T>(what: string, read: () => Promise<T>): Promise<Read<T>> {
  await connection();
  try {
    return { ok: true, data: await read() };
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    return { ok: false };
  }
}

/** readForRequest for page metadata: the fallback stands in for data that could not be read. */
export async function readOr<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  const result = await readForRequest(what, read);
  return result.ok ? result.data : fallback;
}

/** A row limit from a cached function's caller (who may be anyone): a whole number from 0 to 50. */
export function boundedLimit(limit: unknown): number {
  const n = typeof limit === 'number' && Number.isFinite(limit) ? Math.trunc(limit) : 0;
  return Math.min(Math.max(n, 0), 50);
}
