// @ts-check
/**
 * Next's route cache (the incremental cache of whole pages), as Next keeps it by default (its
 * file-system cache: in memory here, since isrFlushToDisk is off), with one difference: a page whose
 * render began before a write that expired one of its tags is not stored.
 *
 * Next dates a stored page by when it was stored, not when its render began. A render that read the
 * content just before an admin's save, and finished just after it, would be kept as if it were newer
 * than the save, and served until the next write. (The 'use cache' entries it read from are dated by
 * their start and expire correctly; only the page would be stale.) Here the time each render's lookup
 * was made is remembered, and its result is dropped if any of its tags expired since then: the next
 * request renders the page again.
 *
 * Next creates one handler per request, and the lookup and the store of one render happen on the same
 * one. Plain JavaScript: next.config.mjs names this file, and Next loads it as it is.
 *
 * With REDIS_URL (several instances), pages stay in each instance's memory, and the tag expiries they are
 * checked against are shared (lib/cache/shared-cache.mjs): each lookup first copies the expiries every
 * instance recorded, so a save through one instance makes the others render the page again at their next
 * request (the 'use cache' handler writes each expiry there). While Redis is unreachable no page is served
 * from or kept in this cache.
 */
import { createHash } from 'node:crypto';
import { REACT_TIMING_SCRIPT } from '../content-security-policy.mjs';
import { nextFileSystemCache, nextTags } from './next-internals.mjs';
import { ETAG_LOOKUP, pageLookups } from './stored-etag.mjs';
import { keptRecently, refreshSharedTags } from './shared-cache.mjs';

const fileSystemCache = nextFileSystemCache();
const { tagsManifest } = nextTags();

/** Wall-clock milliseconds, as Next's file-system cache dates its pages and tag expiries. */
const now = () => Date.now();

/**
 * Whether any of the tags was expired since `since` (and by now). The same millisecond counts: dropping
 * a page costs one more render, keeping a stale one shows it until the next write.
 */
function expiredSince(tags, since) {
  const at = now();
  return tags.some((tag) => {
    const expired = tagsManifest.get(tag)?.expired;
    return typeof expired === 'number' && expired >= since && expired <= at;
  });
}

/** The tags a stored page carries (Next writes them into its headers). */
function tagsOf(data) {
  const header = data?.headers?.['x-next-cache-tags'];
  return typeof header === 'string' && header ? header.split(',') : [];
}

/**
 * Optimised images (next.config images.customCacheHandler): Next's file-system cache refuses them, and
 * without a handler Next keeps them only on disk with isrFlushToDisk (off here), so every request encoded
 * the image again. Kept here in memory instead, least recently used first out, at most IMAGE_CACHE_BYTES in
 * all and a tenth of that for one image: the bound on what distinct w/q/format requests can take (issue 24).
 */
const IMAGE_CACHE_BYTES = 50 * 1024 * 1024;
/** @type {Map<string, { entry: { value: any; lastModified: number }; size: number }>} */
const images = new Map();
let imageBytes = 0;

function getImage(/** @type {string} */ key) {
  const found = images.get(key);
  if (!found) return null;
  images.delete(key);
  images.set(key, found);
  return found.entry;
}

function setImage(/** @type {string} */ key, /** @type {any} */ value) {
  const size = value?.buffer?.byteLength ?? 0;
  const old = images.get(key);
  if (old) {
    images.delete(key);
    imageBytes -= old.size;
  }
  if (size <= 0 || size > IMAGE_CACHE_BYTES / 10) return;
  for (const [oldest, { size: oldSize }] of images) {
    if (imageBytes + size <= IMAGE_CACHE_BYTES) break;
    images.delete(oldest);
    imageBytes -= oldSize;
  }
  images.set(key, { entry: { value, lastModified: now() }, size });
  imageBytes += size;
}

/**
 * What a stored page's responses carry besides Next's own headers, made once when the page is stored (or
 * first read from the build) and kept in the entry's headers, which Next sends with every response the
 * entry answers, the first one included (Next sends the response after storing it):
 *
 * - The ETag (next.config.mjs turns Next's own off: it hashed the whole body in JavaScript on each response,
 *   about a sixth of the server's time on a 47 kB page). proxy.ts answers If-None-Match with 304 through
 *   storedPageEtag. Only a whole page gets one: a page with dynamic holes (postponed) or another status is
 *   rendered per request.
 * - A second Content-Security-Policy that allows exactly this page's inline scripts, by their SHA-256
 *   hashes (issue 31). A browser enforces every policy it is sent, so with next.config.mjs's (whose
 *   script-src still says 'unsafe-inline' for the responses no cache holds) an inline script runs only if
 *   it is one of the page's own: a script that reached the page another way is refused even if a sanitiser
 *   missed it. Production only: development's refresh runtime adds scripts of its own.
 * @param {any} data
 */
function withStoredHeaders(data) {
  if (data?.kind !== 'APP_PAGE' || typeof data.html !== 'string' || data.postponed) return data;
  const headers = data.headers ?? {};
  if ((data.status ?? 200) === 200 && !headers.etag) headers.etag = `"${createHash('sha1').update(data.html).digest('base64url')}"`;
  if (process.env.NODE_ENV === 'production' && !headers[CSP]) headers[CSP] = inlineScriptPolicy(data.html);
  data.headers = headers;
  return data;
}

const CSP = 'content-security-policy';

/**
 * The inline scripts Next and React write into a whole page, by shape: the RSC payload's pushes of a JSON
 * literal, the payload's and the bundler's bootstraps, and React's timing mark. A script of any other shape
 * is not Next's: it is left out of the policy, so the browser refuses it.
 */
const OWN_SCRIPTS = [
  { exact: '(self.__next_f=self.__next_f||[]).push([0])' },
  { exact: REACT_TIMING_SCRIPT },
  { prefix: 'self.__next_f.push(', suffix: ')' },
  { prefix: '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push(', suffix: ');' },
];

/** Whether an inline script's text is one of OWN_SCRIPTS: an exact text, or a call whose argument is JSON (data, never code). */
export function isOwnInlineScript(/** @type {string} */ text) {
  return OWN_SCRIPTS.some((shape) => {
    if ('exact' in shape) return text === shape.exact;
    if (!text.startsWith(shape.prefix) || !text.endsWith(shape.suffix)) return false;
    try {
      JSON.parse(text.slice(shape.prefix.length, text.length - shape.suffix.length));
      return true;
    } catch {
      return false;
    }
  });
}

let warnedForeignScript = false;

/**
 * `script-src 'self'` plus the SHA-256 hash of each of the page's own inline scripts (isOwnInlineScript). A
 * script element's text is raw (no character references) and ends at the first `</script`; the browser
 * hashes it as parsed, line breaks normalised to LF. Data blocks (JSON-LD) are never run and need none; any
 * other inline script is left out, and said once in the log.
 * @param {string} html
 */
export function inlineScriptPolicy(html) {
  const hashes = new Set();
  for (const [, attributes, raw] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = ` ${attributes}`;
    if (/\ssrc\s*=/i.test(attrs) || /\stype\s*=\s*["']?application\/(?:ld\+)?json\b/i.test(attrs)) continue;
    const text = raw.replace(/\r\n?/g, '\n');
    if (isOwnInlineScript(text)) hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    else if (!warnedForeignScript) {
      warnedForeignScript = true;
      console.warn(`A stored page has an inline script that is not Next's own; browsers will refuse it: ${JSON.stringify(text.slice(0, 120))}`);
    }
  }
  return ["script-src 'self'", ...hashes].join(' ');
}

/** The page path a route cache key ends in (`…/$/about`, `…/$/index` for the home page), or null. */
function pagePath(/** @type {string} */ key) {
  const at = key.lastIndexOf('/$/');
  if (at === -1) return null;
  const path = key.slice(at + 2);
  return path === '/index' ? '/' : path;
}

/**
 * For each page path, the key and lookup Next last used for it: what storedPageEtag asks again. Kept on
 * the process (stored-etag.mjs): Next loads this file for its server and bundles another copy with the
 * proxy, and either copy's lookup must see the paths the other recorded.
 */
const lookups = pageLookups();
const MAX_LOOKUPS = 10_000;
/** The handler Next made last, of whichever copy of this file. */
const NEWEST = Symbol.for('portfolio.route-cache.newest');

export default class RouteCache extends fileSystemCache.default {
  /** @type {Map<string, number>} when each key was looked up by this request */
  #lookedUpAt = new Map();

  /** @param {ConstructorParameters<typeof fileSystemCache.default>[0]} ctx */
  constructor(ctx) {
    super(ctx);
    // Next makes one handler per request; storedPageEtag asks the newest (the stored pages are Next's, shared).
    /** @type {any} */ (globalThis)[NEWEST] = this;
  }

  /** The stored entry Next would be answered with now: the shared tag expiries first, then Next's own checks. */
  async stored(/** @type {string} */ key, /** @type {unknown} */ ctx) {
    if (!(await refreshSharedTags())) return null;
    /** @type {any} */
    const data = await super.get(key, ctx);
    if (!data || !keptRecently(data.lastModified)) return null;
    // A page from the build (the 404 page) is read here first; one stored at run time already has them.
    withStoredHeaders(data.value);
    return data;
  }

  /** @param {string} key @param {unknown} ctx */
  async get(key, ctx) {
    if (/** @type {any} */ (ctx)?.kind === 'IMAGE') return getImage(key);
    this.#lookedUpAt.set(key, now());
    const path = pagePath(key);
    if (path && /** @type {any} */ (ctx)?.kind === 'APP_PAGE') {
      lookups.delete(path);
      if (lookups.size >= MAX_LOOKUPS) lookups.delete(lookups.keys().next().value ?? '');
      lookups.set(path, { key, ctx });
    }
    return this.stored(key, ctx);
  }

  /** @param {string} key @param {any} data @param {unknown} ctx */
  async set(key, data, ctx) {
    if (data?.kind === 'IMAGE') return setImage(key, data);
    const since = this.#lookedUpAt.get(key);
    this.#lookedUpAt.delete(key);
    if (!(await refreshSharedTags())) return;
    if (since !== undefined && expiredSince(tagsOf(data), since)) return;
    return super.set(key, withStoredHeaders(data), ctx);
  }
}

/**
 * Makes storedPageEtag (lib/cache/stored-etag.mjs) answer from this cache: the ETag of the page Next would
 * answer a request for a path with now, or null when it would render it (nothing stored, or stored before a
 * save that expired one of its tags: the same checks as Next's own lookup, with the key and lookup Next last
 * used for that path). Set once for each copy of this file; every copy answers alike.
 */
/** @type {any} */ (globalThis)[ETAG_LOOKUP] = async function storedEtag(/** @type {string} */ path) {
  const lookup = lookups.get(path);
  /** @type {RouteCache | undefined} */
  const cache = /** @type {any} */ (globalThis)[NEWEST];
  if (!lookup || !cache) return null;
  const data = await cache.stored(lookup.key, lookup.ctx);
  const etag = data?.value?.headers?.etag;
  return typeof etag === 'string' ? etag : null;
};
