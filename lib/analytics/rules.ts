import type { ReferrerGroup } from './types';

/**
 * What a beacon may say and how it is reduced before anything is kept (issue 48, docs/product.md "Reader
 * analytics"). Pure: the beacon route and the download routes call these, and the tests call them alone.
 */

/** The page-view script (public/insights/script.js), and where it sends each view. */
export const INSIGHTS_SCRIPT = '/insights/script.js';
export const BEACON_PATH = '/insights/event';
/** Vercel's page-view script, which a Vercel deployment serves from the site's own origin. */
export const VERCEL_INSIGHTS_SCRIPT = '/_vercel/insights/script.js';

/** The largest beacon body read; a larger one is refused unread (413). A path and a referrer fit in far less. */
export const BEACON_MAX_BYTES = 2_048;

/** The longest path kept (the events' column). */
export const PATH_MAX_LENGTH = 512;

/** The longest host name (RFC 1035's 253 characters). */
const HOST_MAX_LENGTH = 253;

/** Paths that are never a reader's page: the admin area, the APIs, files, Next's own, the beacon's. */
const NOT_PAGES = /^\/(?:admin|api|storage|insights|_next|auth|login|signup)(?:\/|$)/;

/**
 * A page's path as counted: the path of a same-site address, without its query string or fragment (search
 * terms and tracking parameters are never kept), without a trailing slash; null for anything that is not a
 * plain path of this site, is too long, or is never a reader's page. Whether the page exists is asked
 * separately (lib/analytics/collect.ts).
 */
export function pagePathOf(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > PATH_MAX_LENGTH * 3) return null;
  // Only an absolute path: '//host' and 'https:' are addresses of other sites.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  let path: string;
  try {
    path = new URL(raw, 'http://site.invalid').pathname;
  } catch {
    return null;
  }
  if (path.length > 1) path = path.replace(/\/+$/, '') || '/';
  if (path.length > PATH_MAX_LENGTH || NOT_PAGES.test(path)) return null;
  return path;
}

/**
 * The host of the site a reader came from: the referrer reduced to its host name (lower case, without
 * "www."), its path, query and fragment dropped; null when there is none, when it is not a web address, or
 * when it is this site (a reader moving between its pages).
 */
export function referrerHostOf(raw: unknown, siteHosts: readonly string[]): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > BEACON_MAX_BYTES) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
  if (host.length === 0 || host.length > HOST_MAX_LENGTH) return null;
  if (siteHosts.some((site) => site.toLowerCase().replace(/^www\./, '') === host)) return null;
  return host;
}

/** Whether `host` is `domain` or one of its subdomains. */
const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** Search engines, by their registered names; a country's Google (google.de, google.co.uk) is matched below. */
const SEARCH_ENGINES = ['bing.com', 'duckduckgo.com', 'yahoo.com', 'baidu.com', 'yandex.ru', 'yandex.com', 'ecosia.org', 'qwant.com', 'startpage.com', 'search.brave.com', 'kagi.com', 'naver.com', 'seznam.cz', 'sogou.com'];

/** Social sites and link shorteners of social sites. */
const SOCIAL = [
  'twitter.com', 'x.com', 't.co', 'facebook.com', 'fb.com', 'l.facebook.com', 'instagram.com', 'linkedin.com', 'lnkd.in', 'reddit.com',
  'news.ycombinator.com', 'bsky.app', 'mastodon.social', 'threads.net', 'youtube.com', 'youtu.be', 'researchgate.net', 'academia.edu',
  'weibo.com', 'vk.com', 'tiktok.com', 'pinterest.com', 'telegram.org', 't.me', 'whatsapp.com',
];

/** Google under any country's domain: google.com, google.de, google.co.uk, google.com.au. */
const GOOGLE = /(?:^|\.)google\.(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/;

/** Which group a referring host belongs to (the dashboard's "Referrers"); null is a reader who came directly. */
export function referrerGroup(host: string | null): ReferrerGroup {
  if (host === null) return 'direct';
  if (host.startsWith('scholar.google.') || host === 'scholar.archive.org') return 'scholar';
  if (GOOGLE.test(host) || SEARCH_ENGINES.some((domain) => within(host, domain))) return 'search';
  if (SOCIAL.some((domain) => within(host, domain))) return 'social';
  return 'other';
}
