import { NextResponse, type NextRequest } from 'next/server';
import { createServerClient } from '@supabase/ssr';
import { serverRealtime } from '@/lib/auth/supabase-client';
import { cookieOptions, requestOrigin, shouldUseSecureCookies } from '@/lib/auth/cookies';
import { AUTH_ROUTES_PREFIX, COOKIE_PATHS, COOKIES, LOGIN_PATH, isOpenAdminPath } from '@/lib/auth/constants';
import { getAuthSecret } from '@/lib/auth/secret';
import { isFresh, readFreshnessStamp, signFreshnessStamp, verifyAccessToken } from '@/lib/auth/tokens';
import { getEnv } from '@/lib/env';

/**
 * The admin area's first gate (ARCHITECTURE.md, "Request flow"). It reads cookies only, never the
 * database: no session → login with the requested path remembered; a stale freshness stamp → login with
 * the spec's toast; a fresh one slides forward. The admin layout and every action then check the role.
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

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const requestHeaders = new Headers(request.headers);
  let response = NextResponse.next({ request: { headers: requestHeaders } });
  if (isOpenAdminPath(pathname)) return withAdminHeaders(response);

  const env = getEnv();
  const secure = shouldUseSecureCookies(requestOrigin(request.headers));
  const kind = requestKind(request);
  const requested = `${pathname}${search}`;

  let subject: string | null = null;
  /** Cookies the Supabase client renewed: they must travel on whatever response this proxy returns. */
  let renewed: { name: string; value: string; options: object }[] = [];

  if (env.mode === 'supabase' && env.NEXT_PUBLIC_SUPABASE_URL && env.NEXT_PUBLIC_SUPABASE_ANON_KEY) {
    const supabase = createServerClient(env.NEXT_PUBLIC_SUPABASE_URL, env.NEXT_PUBLIC_SUPABASE_ANON_KEY, {
      realtime: serverRealtime,
      cookies: {
        getAll: () => request.cookies.getAll(),
        setAll: (cookies) => {
          cookies.forEach(({ name, value }) => request.cookies.set(name, value));
          requestHeaders.set('cookie', request.cookies.toString());
          response = NextResponse.next({ request: { headers: requestHeaders } });
          cookies.forEach(({ name, value, options }) => response.cookies.set(name, value, options));
          renewed = cookies;
        },
      },
    });
    // getClaims() verifies the token and refreshes an expired session, writing the new cookies above.
    const { data } = await supabase.auth.getClaims();
    subject = data?.claims?.sub ?? null;
  } else {
    const verdict = await verifyAccessToken(getAuthSecret(), request.cookies.get(COOKIES.access)?.value);
    if (verdict.status === 'valid') {
      subject = verdict.claims.sub;
    } else if (request.cookies.get(COOKIES.refresh)?.value) {
      // An expired access token with a refresh token is not a sign-out. A page load goes through a route
      // handler (which may use the database) that rotates the refresh token and comes back here. Router
      // fetches and actions pass: the server verifies the refresh token itself (actions also rotate it).
      if (kind !== 'document') return withAdminHeaders(response);
      return redirectTo(request, `${AUTH_ROUTES_PREFIX}/refresh`, { next: requested });
    }
  }
  const withRenewed = (out: NextResponse) => {
    renewed.forEach(({ name, value, options }) => out.cookies.set(name, value, options));
    return out;
  };

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
  matcher: ['/admin', '/admin/:path*'],
};
