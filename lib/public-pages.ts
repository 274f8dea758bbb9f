import { CONTENT_TYPES } from './content/registry.mjs';
import { NEVER_STORE, publicPageCacheControl, SESSION_COOKIE_HEADER } from './public-page-policy.mjs';

/**
 * Which requests are an anonymous visitor's load of a public page (docs/product.md §2): the requests that
 * Next's route cache and, opted in, a CDN may answer with a stored copy. Plain data, no Next.js imports:
 * used by proxy.ts, next.config.mjs (through public-page-policy.mjs) and tests. The policy
 * itself, and the conditions next.config.mjs applies it with, are lib/public-page-policy.mjs.
 */

export { NEVER_STORE, publicPageCacheControl };

/** A JSON answer nobody keeps (no browser or shared cache) and no browser reads as anything but JSON. */
export function uncachedJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'cache-control': NEVER_STORE, 'x-content-type-options': 'nosniff', ...headers } });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Public page routes: the home page and each content type's route (lib/content/registry.mjs), with one more
 * segment where it has detail pages. Admin, API, storage, feeds and Next.js assets never match.
 */
export const PUBLIC_PAGE = new RegExp(
  `^\\/(?:${CONTENT_TYPES.flatMap(({ route }) => (route ? [`${escapeRegExp(route.path.slice(1))}${route.detail ? '(?:\\/[^/]+)?' : ''}`] : [])).join('|')})?$`,
);

/** Cookies that mean the visitor is (or may be) signed in, matched as Next matches next.config's condition. */
const SESSION_COOKIE = new RegExp(`^${SESSION_COOKIE_HEADER}$`);

/** Request headers the App Router sends for RSC payloads, prefetches and actions. */
const ROUTER_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-action', 'next-url'];

type HeaderOf = (name: string) => string | string[] | null | undefined;

/** Whether the request carries a session cookie: the page may show that visitor something of their own. */
function hasSessionCookie(header: HeaderOf): boolean {
  const cookie = header('cookie');
  return typeof cookie === 'string' && SESSION_COOKIE.test(cookie);
}

/** Whether the App Router sent the request (an RSC payload, a prefetch, an action), not a page load. */
function isRouterRequest(header: HeaderOf, search: URLSearchParams): boolean {
  return search.has('_rsc') || ROUTER_HEADERS.some((name) => header(name) != null);
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
