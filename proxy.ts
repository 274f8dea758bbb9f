import { NextResponse, type NextRequest } from 'next/server';
import { cookieOptions, requestOrigin, shouldUseSecureCookies } from '@/lib/auth/cookies';
import { AUTH_ROUTES_PREFIX, COOKIE_PATHS, COOKIES, LOGIN_PATH, isOpenAdminPath } from '@/lib/auth/constants';
import { sessionFromRequest } from '@/lib/auth/request-session';
import { getAuthSecret } from '@/lib/auth/secret';
import { isFresh, readFreshnessStamp, signFreshnessStamp } from '@/lib/auth/tokens';
import { getEnv } from '@/lib/env';
import { storedPageEtag } from '@/lib/cache/stored-etag.mjs';
import { contentSecurityPolicy, REACT_TIMING_SCRIPT_HASH } from '@/lib/content-security-policy.mjs';
import { etagMatches } from '@/lib/etag';
import { cacheControlFor, NEVER_STORE } from '@/lib/public-pages';
import { ACTION_BODY_LIMIT_BYTES, tooLarge } from '@/lib/validation/action-body';

/**
 * The admin area's first gate (docs/architecture.md, "Request flow"). It reads cookies only, never the
 * database: no session → login with the requested path remembered; a stale freshness stamp → login with
 * the toast of docs/product.md §4; a fresh one slides forward. The admin layout and every action then check the role.
 * On public pages it sets who may keep a copy, and refuses a path whose percent-escapes do not decode.
 */

type RequestKind = 'document' | 'router' | 'other';

/**
 * 'document': the browser loading a page. 'router': the App Router fetching a page, which is a client
 * navigation or a prefetch, and Next.js strips the headers that tell them apart before this proxy runs.
 * 'other': server actions and other methods.
 */
function requestKind(request: NextRequest): RequestKind {
  if (request.method !== 'GET' && request.method !== 'HEAD') return 'other';
  const dest = request.headers.get('sec-fetch-dest');
  if (dest) return dest === 'document' ? 'document' : 'router';
  return request.headers.get('accept')?.includes('text/html') ? 'document' : 'router';
}

function withAdminHeaders(response: NextResponse): NextResponse {
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

function redirectTo(request: NextRequest, pathname: string, search: Record<string, string> = {}): NextResponse {
  const url = request.nextUrl.clone();
  url.pathname = pathname;
  url.search = new URLSearchParams(search).toString();
  return withAdminHeaders(NextResponse.redirect(url));
}

/**
 * The admin area's Content-Security-Policy (lib/content-security-policy.mjs): its pages are rendered for each
 * request and never stored, so each response gets a nonce of its own instead of 'unsafe-inline'. Next reads
 * it from the request's policy and puts it on every script it writes, its inline ones and React's included,
 * so an inline script runs only if it carries this response's nonce (or is React's timing mark, which React
 * writes without it). Production only: development's refresh
 * runtime adds scripts of its own.
 */
function withScriptNonce(requestHeaders: Headers): string | null {
  if (process.env.NODE_ENV !== 'production') return null;
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
  const policy = contentSecurityPolicy(`'nonce-${nonce}' ${REACT_TIMING_SCRIPT_HASH}`);
  requestHeaders.set('content-security-policy', policy);
  return policy;
}

function withPolicy(response: NextResponse, policy: string | null): NextResponse {
  if (policy) response.headers.set('Content-Security-Policy', policy);
  return response;
}

/** Whether every percent-escape of the raw path decodes (`/blog/%ff` does not: a 400, not a server error). */
function decodesCleanly(rawPath: string): boolean {
  try {
    decodeURIComponent(rawPath);
    return true;
  } catch {
    return false;
  }
}

/**
 * Public pages: who may keep a copy (lib/public-pages.ts). Only the page loads with a session cookie or
 * If-None-Match come here, and actions (see `config`); next.config.mjs gives the other loads the same
 * policy. Next.js leaves a Cache-Control set here in place (its own would let any shared cache keep a page
 * for 15 minutes), except on error pages, which it marks no-store itself.
 *
 * A copy the client already has is answered 304 Not Modified here: the ETag is the one the route cache
 * made when it stored the page (lib/cache/route-cache-handler.mjs; Next's own, a hash of the whole body on
 * every response, is off), asked for with the same checks Next's lookup makes, so a page stored before a
 * save is never confirmed. A page Next would render (nothing stored, a query string) goes on to Next.
 */
async function publicResponse(request: NextRequest): Promise<NextResponse> {
  const cacheControl = cacheControlFor(
    { method: request.method, pathname: request.nextUrl.pathname, search: request.nextUrl.search, header: (name) => request.headers.get(name) },
    getEnv().PUBLIC_CACHE_SECONDS,
  );
  const ifNoneMatch = request.headers.get('if-none-match');
  if (cacheControl && ifNoneMatch && !request.nextUrl.search) {
    const etag = await storedPageEtag(request.nextUrl.pathname);
    if (etag && etagMatches(ifNoneMatch, etag)) return new NextResponse(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl } });
  }
  const response = NextResponse.next();
  if (cacheControl) response.headers.set('Cache-Control', cacheControl);
  return response;
}

/**
 * A server action's body past the limit is refused before the action reads it: 413 with the
 * message the form shows, as plain text, which Next's client throws as the action's error
 * (lib/validation/action-body.ts turns it back into the form's refusal); Next's own limit would answer with a
 * bare 500. A browser says how long the body is; a body sent without a length (chunked, as Next itself
 * forwards an action posted to a page that does not hold it) is counted as it is read, at most one byte
 * past the limit, from the copy Next hands the proxy.
 */
async function oversizedAction(request: NextRequest): Promise<NextResponse | null> {
  if (request.method !== 'POST' || !request.headers.has('next-action')) return null;
  const declared = request.headers.get('content-length');
  const length = declared !== null && /^\d{1,15}$/.test(declared) ? Number(declared) : await countedLength(request.body, ACTION_BODY_LIMIT_BYTES);
  if (length <= ACTION_BODY_LIMIT_BYTES) return null;
  return new NextResponse(tooLarge(declared === null ? null : length), { status: 413, headers: { 'Content-Type': 'text/plain', 'Cache-Control': NEVER_STORE } });
}

/** The bytes of a body, read until its end or until past `limit`. */
async function countedLength(body: ReadableStream<Uint8Array> | null, limit: number): Promise<number> {
  if (!body) return 0;
  const reader = body.getReader();
  let total = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      total += chunk.value.byteLength;
      if (total > limit) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return total;
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const oversized = await oversizedAction(request);
  if (oversized) return oversized;
  if (!decodesCleanly(new URL(request.url).pathname)) {
    return new NextResponse('Bad Request: the address is not valid.', { status: 400, headers: { 'Cache-Control': NEVER_STORE } });
  }
  if (!pathname.startsWith('/admin')) return publicResponse(request);
  if (isOpenAdminPath(pathname)) {
    const headers = new Headers(request.headers);
    const policy = withScriptNonce(headers);
    return withAdminHeaders(withPolicy(NextResponse.next({ request: { headers } }), policy));
  }

  const env = getEnv();
  const secure = shouldUseSecureCookies(requestOrigin(request.headers));
  const kind = requestKind(request);
  const requested = `${pathname}${search}`;

  const { subject, expiredWithRefreshToken, renewed } = await sessionFromRequest(request);
  // Renewed cookies travel on to the page (as the request's cookies) and back to the browser.
  const requestHeaders = new Headers(request.headers);
  if (renewed.length > 0) requestHeaders.set('cookie', request.cookies.toString());
  const policy = withScriptNonce(requestHeaders);
  const withRenewed = (out: NextResponse) => {
    renewed.forEach(({ name, value, options }) => out.cookies.set(name, value, options));
    return out;
  };
  const response = withPolicy(withRenewed(NextResponse.next({ request: { headers: requestHeaders } })), policy);

  if (!subject && expiredWithRefreshToken) {
    // An expired access token with a refresh token is not a sign-out. A page load goes through a route
    // handler (which may use the database) that rotates the refresh token and comes back here. Router
    // fetches and actions pass: the server verifies the refresh token itself (actions also rotate it).
    if (kind !== 'document') return withAdminHeaders(response);
    return redirectTo(request, `${AUTH_ROUTES_PREFIX}/refresh`, { next: requested });
  }

  if (!subject) {
    if (kind === 'other') return withAdminHeaders(response);
    const toLogin = withRenewed(redirectTo(request, LOGIN_PATH));
    // Only a page load is surely the visitor's own request; a router fetch may be a prefetch.
    if (kind === 'document') toLogin.cookies.set(COOKIES.requestedPath, requested, cookieOptions.requestedPath(secure));
    return toLogin;
  }

  // Server actions are not subject to the stamp: typed work is never lost to it.
  if (kind === 'other' || env.ADMIN_FRESHNESS_BYPASS) return withAdminHeaders(response);

  const secret = getAuthSecret();
  const now = Date.now();
  const fresh = isFresh(readFreshnessStamp(secret, subject, request.cookies.get(COOKIES.fresh)?.value), now);
  if (!fresh) {
    const toLogin = withRenewed(redirectTo(request, LOGIN_PATH, { reason: 'stale' }));
    if (kind === 'document') {
      toLogin.cookies.set(COOKIES.fresh, '', cookieOptions.expired(COOKIE_PATHS.fresh));
      toLogin.cookies.set(COOKIES.requestedPath, requested, cookieOptions.requestedPath(secure));
    }
    return toLogin;
  }
  // The stamp slides on page loads here, and on client navigations through the admin frame's re-check
  // (components/admin/admin-frame.tsx): a prefetch, answered late, must never overwrite a newer stamp.
  if (kind === 'document') response.cookies.set(COOKIES.fresh, signFreshnessStamp(secret, subject, now), cookieOptions.fresh(secure));
  return withAdminHeaders(response);
}

export const config = {
  // The admin area, the public page loads the proxy must decide, server actions, and the routes whose path
  // segments are decoded as parameters. Public page loads: those with a session cookie (no-store) and those asking
  // If-None-Match (a 304); an anonymous load without it never comes here, since next.config.mjs gives it
  // the policy (lib/public-page-policy.mjs: PUBLIC_PAGE_SOURCES, from the content types' routes in
  // lib/content/registry.mjs, and SESSION_COOKIE_HEADER, which tests/unit/public-page-policy.test.ts holds
  // these to; tests/unit/content-registry.test.ts holds the percent-escape entries below to the routes with
  // detail pages). The App Router's own requests for public pages (RSC payloads, prefetches, and
  // Next's 307 to a payload's cache-busting address) are left out: Next hides their headers from this
  // proxy, so it would give them a page's policy; next.config.mjs marks them never-store instead. Except
  // where the path has a percent-escape, so that one that does not decode is still a 400 (Next would answer
  // a router request for it with a 500); such a request, if it decodes, gets a page's policy, for an
  // address the router only asks for when a slug has letters outside ASCII. Next reads this literally, so
  // each route spells its conditions out.
  // <generated by `npm run generate:registry` from lib/content/registry.mjs: do not edit>
  matcher: [
    { source: '/', has: [{ type: 'header', key: 'cookie', value: '(?:.*;\\s*)?(?:pf-access|pf-refresh|sb-[^=;]*)=.*' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/', has: [{ type: 'header', key: 'if-none-match' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/about', has: [{ type: 'header', key: 'cookie', value: '(?:.*;\\s*)?(?:pf-access|pf-refresh|sb-[^=;]*)=.*' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/about', has: [{ type: 'header', key: 'if-none-match' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/experience', has: [{ type: 'header', key: 'cookie', value: '(?:.*;\\s*)?(?:pf-access|pf-refresh|sb-[^=;]*)=.*' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/experience', has: [{ type: 'header', key: 'if-none-match' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/projects', has: [{ type: 'header', key: 'cookie', value: '(?:.*;\\s*)?(?:pf-access|pf-refresh|sb-[^=;]*)=.*' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/projects', has: [{ type: 'header', key: 'if-none-match' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/research/:path*', has: [{ type: 'header', key: 'cookie', value: '(?:.*;\\s*)?(?:pf-access|pf-refresh|sb-[^=;]*)=.*' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/research/:path*', has: [{ type: 'header', key: 'if-none-match' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/talks/:path*', has: [{ type: 'header', key: 'cookie', value: '(?:.*;\\s*)?(?:pf-access|pf-refresh|sb-[^=;]*)=.*' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/talks/:path*', has: [{ type: 'header', key: 'if-none-match' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/teaching/:path*', has: [{ type: 'header', key: 'cookie', value: '(?:.*;\\s*)?(?:pf-access|pf-refresh|sb-[^=;]*)=.*' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/teaching/:path*', has: [{ type: 'header', key: 'if-none-match' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/cv', has: [{ type: 'header', key: 'cookie', value: '(?:.*;\\s*)?(?:pf-access|pf-refresh|sb-[^=;]*)=.*' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/cv', has: [{ type: 'header', key: 'if-none-match' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/blog/:path*', has: [{ type: 'header', key: 'cookie', value: '(?:.*;\\s*)?(?:pf-access|pf-refresh|sb-[^=;]*)=.*' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/blog/:path*', has: [{ type: 'header', key: 'if-none-match' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/personal/:path*', has: [{ type: 'header', key: 'cookie', value: '(?:.*;\\s*)?(?:pf-access|pf-refresh|sb-[^=;]*)=.*' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    { source: '/personal/:path*', has: [{ type: 'header', key: 'if-none-match' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
    // Server actions: Next reads an action's body as the proxy hands it on. Without a proxy run, a large body
    // sent to an id that is no action (a 'use cache' function's) was now and then left unanswered for 10 s
    // (tests/e2e/security-headers.spec.ts, about 1 call in 150); with one, never.
    { source: '/:path*', has: [{ type: 'header', key: 'next-action' }] },
    '/research/:path(.*%.*)',
    '/talks/:path(.*%.*)',
    '/teaching/:path(.*%.*)',
    '/blog/:path(.*%.*)',
    '/personal/:path(.*%.*)',
    '/admin',
    '/admin/:path*',
    '/storage/:path*',
  ],
  // </generated>
};
