import { z } from 'zod';
import { CONTENT_TYPES } from './content/registry.mjs';

/**
 * Who may keep a copy of a public page (docs/architecture.md, "Caches"; README "Speed"): the one policy, in plain
 * JavaScript because next.config.mjs loads it as it is.
 *
 * An anonymous visitor's page load never runs the proxy: next.config.mjs writes its Cache-Control into the
 * build (`publicPageHeaderRules`), and Next applies it before it serves the stored page. A proxy run costs
 * a page under `next start` about a third of its throughput. The proxy still sees the page loads it must
 * decide: those with a session cookie (`no-store`) and those with If-None-Match (a 304 from the stored
 * ETag), and applies the same values (and server actions, see proxy.ts's matcher). So PUBLIC_CACHE_SECONDS is part of the build: the server refuses to
 * start with another value (lib/startup.ts), and `npm start` builds again when it changes.
 */

/** Never stored by anyone: signed-in visitors, the admin area, actions, the App Router's own requests. */
export const NEVER_STORE = 'private, no-cache, no-store, max-age=0, must-revalidate';

/**
 * The Cache-Control of an anonymous visitor's public page. By default any cache must ask again before
 * reusing a copy (the page's ETag makes that a 304), so a change shows at once. With
 * PUBLIC_CACHE_SECONDS=N a shared cache may serve its copy for N seconds, and N more while it fetches a
 * new one in the background: an admin's change reaches visitors within N seconds (2N at worst).
 * @param {number | undefined} publicCacheSeconds
 * @returns {string}
 */
export function publicPageCacheControl(publicCacheSeconds) {
  // Not `no-cache`: Next.js copies the proxy's response headers onto the request too, and a request
  // saying no-cache is never answered 304. max-age=0 with must-revalidate asks caches the same thing.
  if (!publicCacheSeconds) return 'public, max-age=0, must-revalidate';
  return `public, max-age=0, s-maxage=${publicCacheSeconds}, stale-while-revalidate=${publicCacheSeconds}`;
}

/**
 * PUBLIC_CACHE_SECONDS, opt-in CDN caching: public pages for anonymous visitors may be kept this many
 * seconds by a shared cache (CDN, nginx proxy_cache). Unset: every cache must ask the server again.
 */
export const publicCacheSecondsSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.coerce.number().int('PUBLIC_CACHE_SECONDS must be a whole number of seconds').min(1, 'PUBLIC_CACHE_SECONDS must be at least 1').max(31_536_000).optional(),
);

/**
 * The public pages' routes as Next's path patterns (`/blog/:path*` is /blog and every post): the home page,
 * then each content type's route (lib/content/registry.mjs), with its detail pages where it has them.
 */
export const PUBLIC_PAGE_SOURCES = ['/', ...CONTENT_TYPES.flatMap(({ route }) => (route ? [route.detail ? `${route.path}/:path*` : route.path] : []))];

/**
 * A Cookie header that holds a session cookie (built-in auth's, then Supabase's `sb-…`): the visitor is,
 * or may be, signed in. A pattern of Next's `has`/`missing` conditions, which Next anchors at both ends.
 */
export const SESSION_COOKIE_HEADER = '(?:.*;\\s*)?(?:pf-access|pf-refresh|sb-[^=;]*)=.*';

/**
 * next.config.mjs headers(): the public policy for the page loads the proxy does not see, which are those
 * with no session cookie and not from the App Router (its payloads, prefetches and actions). Next applies
 * these before the proxy, whose own Cache-Control replaces them; error pages get Next's `no-store`.
 * @param {number | undefined} publicCacheSeconds
 */
export function publicPageHeaderRules(publicCacheSeconds) {
  const value = publicPageCacheControl(publicCacheSeconds);
  return PUBLIC_PAGE_SOURCES.map((source) => ({
    source,
    missing: [
      { type: /** @type {const} */ ('header'), key: 'rsc', value: '1' },
      { type: /** @type {const} */ ('header'), key: 'next-action' },
      { type: /** @type {const} */ ('query'), key: '_rsc' },
      { type: /** @type {const} */ ('header'), key: 'cookie', value: SESSION_COOKIE_HEADER },
    ],
    headers: [{ key: 'Cache-Control', value }],
  }));
}

/**
 * Why a server must not start with this build, or null: its PUBLIC_CACHE_SECONDS differs from the one
 * the build was made with, so pages would say two policies (the build's for anonymous loads, the
 * server's in the proxy). `built` is the build's value as next.config.mjs wrote it ('' when unset).
 * @param {number | undefined} running
 * @param {string} built
 * @returns {string | null}
 */
export function publicCacheMismatch(running, built) {
  const madeWith = built === '' ? undefined : Number(built);
  if (madeWith === running) return null;
  const said = (/** @type {number | undefined} */ value) => (value === undefined ? 'unset' : String(value));
  return (
    `PUBLIC_CACHE_SECONDS is ${said(running)} here, but this build was made with it ${said(madeWith)}. ` +
    'The public pages\' Cache-Control is written into the build: run `next build` again with the value the server runs with ' +
    '(`npm start` builds again by itself), or start the server with the build\'s value.'
  );
}
