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
import { nextTags, requireFromNext } from './next-internals.mjs';
import { keptRecently, refreshSharedTags } from './shared-cache.mjs';

/** @type {{ default: new (ctx: unknown) => { get(key: string, ctx: unknown): Promise<unknown>; set(key: string, data: unknown, ctx: unknown): Promise<void> } }} */
const fileSystemCache = requireFromNext('next/dist/server/lib/incremental-cache/file-system-cache.js');
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

export default class RouteCache extends fileSystemCache.default {
  /** @type {Map<string, number>} when each key was looked up by this request */
  #lookedUpAt = new Map();

  /** @param {string} key @param {unknown} ctx */
  async get(key, ctx) {
    if (/** @type {any} */ (ctx)?.kind === 'IMAGE') return getImage(key);
    this.#lookedUpAt.set(key, now());
    if (!(await refreshSharedTags())) return null;
    /** @type {any} */
    const data = await super.get(key, ctx);
    return data && !keptRecently(data.lastModified) ? null : data;
  }

  /** @param {string} key @param {any} data @param {unknown} ctx */
  async set(key, data, ctx) {
    if (data?.kind === 'IMAGE') return setImage(key, data);
    const since = this.#lookedUpAt.get(key);
    this.#lookedUpAt.delete(key);
    if (!(await refreshSharedTags())) return;
    if (since !== undefined && expiredSince(tagsOf(data), since)) return;
    return super.set(key, data, ctx);
  }
}
