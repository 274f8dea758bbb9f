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
import { MB } from '../bytes.mjs';
import { CHUNK_LOADER, PAYLOAD_READER, REACT_TIMING_SCRIPT } from '../content-security-policy.mjs';
import { beforePageEnd, chunksAfterFirstPaint } from './after-paint.mjs';
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
 * without a handler Next keeps them only on disk with isrFlushToDisk (off here), so every request would
 * encode the image again. Kept here in memory instead, least recently used first out, at most IMAGE_CACHE_BYTES in
 * all and a tenth of that for one image: the bound on what distinct w/q/format requests can take.
 */
const IMAGE_CACHE_BYTES = 50 * MB;
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
 * entry answers, the first one included (Next sends the response after storing it, from the same entry):
 *
 * - The ETag (next.config.mjs turns Next's own off: it hashes the whole body in JavaScript on every response,
 *   where this one is hashed once per stored page). proxy.ts answers If-None-Match with 304 through
 *   storedPageEtag. Only a whole page gets one: a page with dynamic holes (postponed) or another status is
 *   rendered per request. Made from the HTML as sent, after the rewrite below.
 * - A second Content-Security-Policy that allows exactly this page's own inline scripts, by their SHA-256
 *   hashes. A browser enforces every policy it is sent, so with next.config.mjs's (whose
 *   script-src still says 'unsafe-inline' for the responses no cache holds) an inline script runs only if
 *   it is one of the page's own: a script that reached the page another way is refused even if a sanitiser
 *   missed it. For the header to stay the same size whatever the page, the RSC payload is moved
 *   out of scripts first (payloadAsData). Production only: development's refresh runtime adds scripts of its own.
 * @param {any} data
 */
function withStoredHeaders(data) {
  if (data?.kind !== 'APP_PAGE' || typeof data.html !== 'string' || data.postponed) return data;
  const headers = data.headers ?? {};
  if (process.env.NODE_ENV === 'production' && !headers[CSP]) {
    data.html = chunksAfterFirstPaint(payloadAsData(data.html));
    headers[CSP] = inlineScriptPolicy(data.html);
  }
  if ((data.status ?? 200) === 200 && !headers.etag) headers.etag = `"${createHash('sha1').update(data.html).digest('base64url')}"`;
  data.headers = headers;
  return data;
}

const CSP = 'content-security-policy';

/**
 * The inline scripts of a stored page that the policy names by hash, by shape: the payload's and the
 * bundler's bootstraps, React's timing mark, and PAYLOAD_READER. A script of any other shape is not Next's: it
 * is left out of the policy, so the browser refuses it. None of them grows with the page's content.
 */
const OWN_SCRIPTS = [
  { exact: '(self.__next_f=self.__next_f||[]).push([0])' },
  { exact: REACT_TIMING_SCRIPT },
  { exact: PAYLOAD_READER },
  { exact: CHUNK_LOADER },
  { prefix: '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push(', suffix: ');' },
];

/** The RSC payload's pushes, `self.__next_f.push(<JSON>)`: one script per flushed piece of the payload. */
const PAYLOAD_PUSH = { prefix: 'self.__next_f.push(', suffix: ')' };

/** Whether `text` is `prefix` + a JSON literal (data, never code) + `suffix`. */
function isJsonCall(/** @type {string} */ text, /** @type {{ prefix: string; suffix: string }} */ shape) {
  if (!text.startsWith(shape.prefix) || !text.endsWith(shape.suffix)) return false;
  try {
    JSON.parse(text.slice(shape.prefix.length, text.length - shape.suffix.length));
    return true;
  } catch {
    return false;
  }
}

/** Whether an inline script's text is one of OWN_SCRIPTS: an exact text, or a call whose argument is JSON. */
export function isOwnInlineScript(/** @type {string} */ text) {
  return OWN_SCRIPTS.some((shape) => ('exact' in shape ? text === shape.exact : isJsonCall(text, shape)));
}

/**
 * At most this many hashes in a stored page's policy (Next writes three or four). Past it scripts are left out,
 * so that no page, whatever it holds, sends a header a reverse proxy's default buffer (4 kB) cannot take.
 */
const MAX_SCRIPT_HASHES = 8;

/** Each inline script of a page, `<script attributes>text</script>`, as a browser ends it (the first `</script`). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** Scripts the policy is not about: external ones (script-src 'self' covers them) and data blocks, never run. */
function notInline(/** @type {string} */ attributes) {
  const attrs = ` ${attributes}`;
  return /\ssrc\s*=/i.test(attrs) || /\stype\s*=\s*["']?application\/(?:ld\+)?json\b/i.test(attrs);
}

let warnedForeignScript = false;

/**
 * `script-src 'self'` plus the SHA-256 hash of each of the page's own inline scripts (isOwnInlineScript), at
 * most MAX_SCRIPT_HASHES. A script element's text is raw (no character references) and ends at the first
 * `</script`; the browser hashes it as parsed, line breaks normalised to LF. Data blocks (JSON-LD, the payload
 * moved by payloadAsData) are never run and need none; any other inline script is left out, and said once in
 * the log.
 * @param {string} html
 */
export function inlineScriptPolicy(html) {
  const hashes = new Set();
  for (const [, attributes, raw] of html.matchAll(INLINE_SCRIPT)) {
    if (notInline(attributes)) continue;
    const text = raw.replace(/\r\n?/g, '\n');
    const own = isOwnInlineScript(text) && hashes.size < MAX_SCRIPT_HASHES;
    if (own) hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    else if (!warnedForeignScript) {
      warnedForeignScript = true;
      console.warn(`A stored page has an inline script its policy does not name; browsers will refuse it: ${JSON.stringify(text.slice(0, 120))}`);
    }
  }
  return ["script-src 'self'", ...hashes].join(' ');
}

/** The reader as it ends a page whose payload was moved into data blocks. */
const READER_TAG = `<script>${PAYLOAD_READER}</script>`;

/**
 * The page with its RSC payload as data: each `<script>self.__next_f.push(<JSON>)</script>` becomes
 * `<script type=application/json data-next-f><JSON></script>`, a block the browser never runs, and one fixed
 * script at the end, PAYLOAD_READER, pushes them all in order, as the scripts would have as the page was parsed
 * (Next's client reads the pushes until DOMContentLoaded). A hash per push would make the policy grow with the
 * page, past what a reverse proxy's default header buffer takes (docs/architecture.md, "A public page load");
 * so the policy names a few fixed scripts, whatever the page.
 *
 * Why not a nonce per stored page, stamped on the page's own scripts: a nonce allows whatever script carries it,
 * a hash only the text it was made from. This rewrite reads the HTML with a regular expression, not as a browser
 * does, so it may also match inside a sanitiser's miss, e.g. an `<iframe srcdoc="…">` attribute, where the
 * browser decodes character references the expression does not see: a nonce stamped there would hand that
 * decoded text the page's authority. And the nonce would be public, in every copy of the page, for as long as
 * the page is stored, to any HTML that reaches it later without a new render (the Cite panel's). Nor
 * 'strict-dynamic': it drops no inline script's hash or nonce, only the address list for external scripts, and
 * trusts whatever an allowed script creates. Here the rewrite can only make a script inert: the attributes
 * added hold no quote, so in any other context (an attribute's value, a comment, a textarea) they stay text, and
 * what is allowed to run is still named by its exact text. The reader pushes what a forged block holds as the
 * policy already let a forged push run: data for the payload, never code.
 * @param {string} html
 */
export function payloadAsData(html) {
  let moved = 0;
  const rewritten = html.replace(INLINE_SCRIPT, (script, /** @type {string} */ attributes, /** @type {string} */ raw) => {
    const text = raw.replace(/\r\n?/g, '\n');
    if (notInline(attributes) || !isJsonCall(text, PAYLOAD_PUSH)) return script;
    moved += 1;
    return `<script type=application/json data-next-f${attributes}>${text.slice(PAYLOAD_PUSH.prefix.length, -PAYLOAD_PUSH.suffix.length)}</script>`;
  });
  if (moved === 0) return html;
  // After every block: the payload's last pieces come just before the page's end.
  return beforePageEnd(rewritten, READER_TAG);
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
