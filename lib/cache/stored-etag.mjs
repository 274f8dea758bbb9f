// @ts-check
/**
 * The ETag of a page as this server's route cache holds it (lib/cache/route-cache-handler.mjs), for
 * proxy.ts. The proxy runs in the same process as Next's server but is bundled apart from the cache
 * handler, which Next loads as it is: the two meet through one global function, which the handler sets.
 * Plain JavaScript with no imports, so both sides can load it.
 */

export const ETAG_LOOKUP = Symbol.for('portfolio.route-cache.etag');
const PAGE_LOOKUPS = Symbol.for('portfolio.route-cache.page-lookups');

/**
 * The route cache's record of the key and lookup Next last used for each page path, one for the process.
 * @returns {Map<string, { key: string; ctx: unknown }>}
 */
export function pageLookups() {
  const process = /** @type {any} */ (globalThis);
  return (process[PAGE_LOOKUPS] ??= new Map());
}

/**
 * The ETag of the page Next would answer a request for `path` with from this server's route cache, or
 * null when it would render it (nothing stored for it, stored before a save that expired one of its tags,
 * or no route cache of this project's in this process).
 * @param {string} path
 * @returns {Promise<string | null>}
 */
export async function storedPageEtag(path) {
  const lookup = /** @type {any} */ (globalThis)[ETAG_LOOKUP];
  return typeof lookup === 'function' ? lookup(path) : null;
}
