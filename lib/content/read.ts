import 'server-only';
import { connection } from 'next/server';
import { cacheLife, cacheTag } from 'next/cache';
import { BUILD_SHELL_TAG } from '@/lib/cache/build-shells';

export type Read<T> = { ok: true; data: T } | { ok: false };

/** Whether this code runs inside `next build` (prerendering the shells), not a server. */
export const isBuilding = () => process.env.NEXT_PHASE === 'phase-production-build';

/**
 * The one value the detail pages' generateStaticParams give `next build` (which reads no database, and
 * Next needs at least one): a page that exists for no post. Every real post, paper and personal post is
 * rendered on its first request, whole, and then kept in Next's route cache (ISR's "blocking" fallback).
 */
export const BUILD_SHELL_PARAM = '_build-shell';

/**
 * A page lifetime of a second (stale after it, regenerated on its next request), the shortest Next still
 * prerenders: an expiry under five minutes would make the page wait for a request.
 */
const BRIEFLY = { stale: 30, revalidate: 1, expire: 300 } as const;

/**
 * Tags the build's shells with BUILD_SHELL_TAG, which each server expires as it starts. Where it cannot (a
 * host with its own cache), the shell is stale a second after the build: the first request after that is
 * answered with the shell while the page renders whole.
 */
async function buildShellMarker(): Promise<void> {
  'use cache';
  cacheTag(BUILD_SHELL_TAG);
  cacheLife(BRIEFLY);
}

/**
 * Waits, during `next build` only, for a request: the part being rendered becomes a hole of the build's
 * shell (it must sit inside <Suspense>). At run time it returns at once, so pages render whole, content
 * included, and are kept by Next's route cache.
 */
export async function whenServing(): Promise<void> {
  if (!isBuilding()) return;
  await buildShellMarker();
  await connection();
}

/**
 * A read that fails inside a cached function (every content read) makes Next answer the page, toast and
 * all, with status 500 and `no-store`, and keep no copy: the next request tries again. Should a read fail
 * anywhere else, this keeps the page a second at most: its next request after that is answered with it
 * while the page is rendered again.
 */
async function keepFailureBriefly(): Promise<void> {
  'use cache';
  cacheLife(BRIEFLY);
}

/**
 * The one place a public page's read can fail. A failure is logged and answered as `{ ok: false }`: the
 * page then shows its load-error toast (components/site/loaded.tsx) or, for metadata, a fallback.
 */
export async function readForRequest<T>(what: string, read: () => Promise<T>): Promise<Read<T>> {
  await whenServing();
  try {
    return { ok: true, data: await read() };
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    await keepFailureBriefly();
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
