import 'server-only';
import { connection } from 'next/server';
import { ACCESS_DENIED } from '@/lib/auth/constants';
import { checkAdmin } from '@/lib/auth/guard';
import { recheckFreshness } from '@/lib/auth/request';
import { uncachedJson } from '@/lib/public-pages';
import { sameOrigin } from '@/lib/storage/upload';
import type { z } from '@/lib/validation/zod';
import { SiteContentError } from './site-content';

/** Settings → Site content's requests (app/admin/site-content/**): the answers, and who may ask. */

export const STALE_SESSION = 'Session expired. Please sign in again.';

export function failure(message: string, status: number): Response {
  return uncachedJson({ error: message }, status);
}

/**
 * The caller, when it may export or import: a request from this site's own pages (route handlers get no
 * origin check of their own), a signed-in admin (the role re-read from the database), and a freshness
 * stamp under 5 minutes, slid forward here as a page load slides it (the proxy lets fetches through
 * without it). Any other caller gets the answer to send back.
 */
export async function freshAdmin(request: Request): Promise<{ ok: true; userId: string } | { ok: false; response: Response }> {
  if (request.method !== 'GET' && !sameOrigin(request)) return { ok: false, response: failure('Exports and imports are only accepted from this site.', 403) };
  const admin = await checkAdmin();
  if (!admin.ok) return { ok: false, response: failure(ACCESS_DENIED[admin.reason], admin.reason === 'anonymous' ? 401 : 403) };
  if (!(await recheckFreshness(admin.user.id))) return { ok: false, response: failure(STALE_SESSION, 401) };
  return { ok: true, userId: admin.user.id };
}

/** The request's JSON body as `schema` reads it, or null when it is not JSON or not of that shape. */
export async function jsonBody<T>(request: Request, schema: z.ZodType<T>): Promise<T | null> {
  const parsed = schema.safeParse(await request.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}

/** A SiteContentError as its answer; anything else logged and answered without its text. */
function errorResponse(error: unknown, what: string): Response {
  if (error instanceof SiteContentError) return failure(error.message, error.status);
  console.error(`${what} failed`, error);
  return failure(`${what} failed. Please try again; the server log says why.`, 500);
}

/**
 * Every Site content request's frame: rendered per request, the caller checked (freshAdmin), then `answer`
 * for the admin, its failures answered by errorResponse under `what`.
 */
export async function asFreshAdmin(request: Request, what: string, answer: (userId: string) => Promise<Response>): Promise<Response> {
  await connection();
  const caller = await freshAdmin(request);
  if (!caller.ok) return caller.response;
  try {
    return await answer(caller.userId);
  } catch (error) {
    return errorResponse(error, what);
  }
}
