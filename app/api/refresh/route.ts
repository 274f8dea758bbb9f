import { createHash, timingSafeEqual } from 'node:crypto';
import { after, connection } from 'next/server';

import { clientInfo } from '@/lib/auth/request';
import { getEnv } from '@/lib/env';
import { uncachedJson } from '@/lib/public-pages';
import { startRefresh } from '@/lib/scholarly/refresh/start';
import { searchLimiter } from '@/lib/search/rate-limit';

/**
 * POST /api/refresh: the citation run (issue 46) started by an outside scheduler, for hosts whose process
 * does not stay up between requests (serverless: a Vercel cron job, a GitHub Actions schedule, cron with
 * curl). It does that and nothing else: no content, no status. Closed (404) unless REFRESH_SECRET is set;
 * then it wants `Authorization: Bearer {REFRESH_SECRET}` (401 without it), and each address may call it
 * REFRESH_ROUTE_LIMIT.requests times a minute, right or wrong (429 after). The run goes on after the answer
 * (`after`, so a serverless function is kept for it), once in the site however many instances are asked: the
 * lease in the database decides (lib/scholarly/refresh/lease.ts), and a run that started within the minute
 * and has finished answers the calls that reach the lease after it (ROUTE_RUN_COVERS_MS in run.ts).
 */

const REFRESH_ROUTE_LIMIT = { requests: 6, windowMs: 60_000, addresses: 1_000 } as const;

const key = Symbol.for('academic-portfolio.refresh-route-limit');
const limiter = ((globalThis as Record<symbol, unknown>)[key] ??= searchLimiter({
  searches: REFRESH_ROUTE_LIMIT.requests,
  windowMs: REFRESH_ROUTE_LIMIT.windowMs,
  addresses: REFRESH_ROUTE_LIMIT.addresses,
}, 'refresh-route-limit')) as ReturnType<typeof searchLimiter>;

/** Compares digests, so neither the time taken nor a length difference tells anything about the secret. */
function sameSecret(given: string, secret: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

export async function POST(request: Request): Promise<Response> {
  await connection();
  const secret = getEnv().REFRESH_SECRET;
  if (!secret) return uncachedJson({ error: 'Not found.' }, 404);
  if (!(await limiter.take((await clientInfo()).ip))) {
    return uncachedJson({ error: 'Too many requests; try again in a minute.' }, 429, { 'retry-after': String(REFRESH_ROUTE_LIMIT.windowMs / 1000) });
  }
  const given = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim() ?? '';
  if (!given || !sameSecret(given, secret)) {
    return uncachedJson({ error: 'A valid REFRESH_SECRET is needed as Authorization: Bearer ….' }, 401, { 'www-authenticate': 'Bearer' });
  }
  const { state, done } = startRefresh('route');
  after(() => done);
  return uncachedJson({ started: state === 'started', running: state === 'running' }, 202);
}
