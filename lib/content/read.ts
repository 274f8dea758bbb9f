import 'server-only';
import { connection } from 'next/server';
import { cacheLife, cacheTag } from 'next/cache';

export type Read<T> = { ok: true; data: T } | { ok: false };

/**
 * The tag every part of the build's prerendered shells carries. `next build` reads no database, so a
 * public page leaves the build as a shell with its content still to come; each server expires this tag
 * when it starts (lib/cache/build-shells.ts), so the first request for a page renders it whole, and Next
 * keeps that page in its route cache until a write expires one of its tags.
 */
export const BUILD_SHELL_TAG = 'build-shell';

/** Whether this code runs inside `next build` (prerendering the shells), not a server. */
export const isBuilding = () => process.env.NEXT_PHASE === 'phase-production-build';

/**
 * The one value the detail pages' generateStaticParams give `next build` (which reads no database, and
 * Next needs at least one): a page that exists for no post. Every real post, paper and personal post is
 * rendered on its first request, whole, and then kept in Next's route cache (ISR's "blocking" fallback).
 */
export const BUILD_SHELL_PARAM = '_build-shell';

async function buildShellMarker(): Promise<void> {
  'use cache';
  cacheTag(BUILD_SHELL_TAG);
  // Stale a second after the build: where the server cannot expire the tag as it starts (a host with its
  // own cache), the first request after that is answered with the shell while the page renders whole.
  cacheLife({ stale: 30, revalidate: 1, expire: 300 });
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
 * while the page is rendered again. (A shorter lifetime would make the page wait for a request, which a
 * page rendered whole cannot.) The page cache of `npm start` never keeps it (the toast marks it).
 */
async function keepFailureBriefly(): Promise<void> {
  'use cache';
  cacheLife({ stale: 30, revalidate: 1, expire: 300 });
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
