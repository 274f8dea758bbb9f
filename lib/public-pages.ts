/**
 * Which requests are an anonymous visitor's load of a public page (spec section 2): the requests that
 * Next's route cache, the in-process page cache (npm start) and, opted in, a CDN may answer with a
 * stored copy. Plain data, no Next.js imports: used by proxy.ts, the page cache and tests.
 */

/** Public page routes. Admin, API, storage, feeds and Next.js assets never match. */
export const PUBLIC_PAGE = /^\/(?:about|experience|projects|research(?:\/[^/]+)?|blog(?:\/[^/]+)?|personal(?:\/[^/]+)?)?$/;

/** Cookies that mean the visitor is (or may be) signed in: built-in auth, then Supabase's `sb-…` cookies. */
const SESSION_COOKIE = /(?:^|;\s*)(?:pf-access|pf-refresh|sb-[^=]*)=/;

/** Request headers the App Router sends for RSC payloads, prefetches and actions. */
const ROUTER_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action', 'next-url'];

type HeaderOf = (name: string) => string | string[] | null | undefined;

/** Whether the request carries a session cookie: the page may show that visitor something of their own. */
export function hasSessionCookie(header: HeaderOf): boolean {
  const cookie = header('cookie');
  return typeof cookie === 'string' && SESSION_COOKIE.test(cookie);
}

/** Whether the App Router sent the request (an RSC payload, a prefetch, an action), not a page load. */
export function isRouterRequest(header: HeaderOf, search: URLSearchParams): boolean {
  return search.has('_rsc') || ROUTER_HEADERS.some((name) => header(name) != null);
}

/** Never stored by anyone: signed-in visitors, the admin area, actions. */
export const NEVER_STORE = 'private, no-cache, no-store, max-age=0, must-revalidate';

/**
 * The Cache-Control of an anonymous visitor's public page. By default any cache must ask again before
 * reusing a copy (the page's ETag makes that a 304), so a change shows at once. With
 * PUBLIC_CACHE_SECONDS=N a shared cache may serve its copy for N seconds, and N more while it fetches a
 * new one in the background: an admin's change reaches visitors within N seconds (2N at worst).
 */
export function publicPageCacheControl(publicCacheSeconds: number | undefined): string {
  // Not `no-cache`: Next.js copies the proxy's response headers onto the request too, and a request
  // saying no-cache is never answered 304. max-age=0 with must-revalidate asks caches the same thing.
  if (!publicCacheSeconds) return 'public, max-age=0, must-revalidate';
  return `public, max-age=0, s-maxage=${publicCacheSeconds}, stale-while-revalidate=${publicCacheSeconds}`;
}

export interface PageRequest {
  method: string;
  pathname: string;
  /** The raw query string, with or without its '?'. */
  search: string;
  header: HeaderOf;
}

/**
 * The Cache-Control a public page request gets, or null for requests that are not a public page (left
 * to Next.js and the rest of this proxy). Router requests (client navigations, prefetches) and anything
 * with a session cookie are never stored by a shared cache.
 */
export function cacheControlFor(request: PageRequest, publicCacheSeconds: number | undefined): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (!PUBLIC_PAGE.test(request.pathname)) return null;
  if (hasSessionCookie(request.header) || isRouterRequest(request.header, new URLSearchParams(request.search))) return NEVER_STORE;
  return publicPageCacheControl(publicCacheSeconds);
}
