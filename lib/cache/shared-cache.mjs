// @ts-check
/**
 * The cache several app instances share, through Redis at REDIS_URL: which tags were expired and when, and
 * (lib/cache/use-cache-handler.mjs) the 'use cache' entries themselves. Without REDIS_URL this module
 * does nothing and every cache stays in its own process, as Next keeps it by default.
 *
 * Tags. A save expires its entities' tags (lib/content/tags.ts); Next records that in an in-process table
 * (`tagsManifest`), which its route cache and its 'use cache' handler consult. Here every expiry is also
 * written to Redis, and every request copies Redis's expiries into the table before it reads a cache (the
 * route cache's lookup; the 'use cache' handler's refreshTags): a save on one instance shows on every
 * instance at its next request. One small HGETALL per request; Redis applies commands in order, so a
 * lookup that starts after a save has answered sees that save.
 *
 * Redis going away. Every call is bounded (a second at most, none at all while Redis is known to be
 * down): visitors get pages rendered from the database, never an error, and one warning is logged. While
 * it is down, nothing is read from or kept in a cache, since another instance's saves could not be
 * seen; expiries made meanwhile are written once it is back, and pages this process kept from before
 * the outage are not served again.
 *
 * Plain JavaScript: Next loads the cache handlers as they are, outside the app's bundles; both import this
 * one module, and its state lives on globalThis so that a second copy of it would share the connection.
 */
// A static import, so that deployments which copy only the files a server uses (Vercel, `output:
// 'standalone'`) bring the Redis client along.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { nextTags } from './next-internals.mjs';

const { tagsManifest } = nextTags();

/** How long a Redis call may take before the request goes on without the cache. */
const CALL_TIMEOUT_MS = 1000;

/**
 * How far ahead of this clock a recorded tag expiry may be. The app only ever expires a tag now (updateTag,
 * or revalidateTag with an immediate expiry: lib/content/tags.ts), so a later time comes from an instance
 * whose clock is ahead (NTP keeps that to well under a second) or from something the app did not write. A
 * far-future expiry would stand against every later save (an expiry never moves back) and so stop saves
 * from expiring anything: it is ignored, and overwritten by the next save.
 */
const TAG_EXPIRY_AHEAD_MS = 5 * 60 * 1000;
/** Next's bound on a tag's length (NEXT_CACHE_TAG_MAX_LENGTH). */
const TAG_MAX_LENGTH = 256;

/**
 * Records a tag's expiry unless a later one is already recorded: instances may write out of order (one
 * flushing what it expired during an outage), and a tag's expiry never moves back. A recorded value that
 * is not a number, or is further ahead than TAG_EXPIRY_AHEAD_MS, was not written by the app: it counts as
 * none (and does not make the script fail, which would read as Redis being unreachable).
 */
const RECORD_LATEST = `
local time = redis.call('TIME')
local latest = tonumber(time[1]) * 1000 + ${TAG_EXPIRY_AHEAD_MS}
for i = 1, #ARGV, 2 do
  local current = tonumber(redis.call('HGET', KEYS[1], ARGV[i]) or '0') or 0
  if current ~= current or current > latest then current = 0 end
  if tonumber(ARGV[i + 1]) > current then redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
end
return 1`;

/** Deletes a hash field if it still holds the value that was read (not one another instance wrote since). */
const DELETE_IF_SAME = `
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then return redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0`;

/** @typedef {{ expired?: number; stale?: number }} TagEntry */

/**
 * @typedef {object} SharedCache
 * @property {import('ioredis').Redis} redis
 * @property {string} prefix key prefix (REDIS_KEY_PREFIX, default "portfolio:")
 * @property {boolean} down whether Redis is known to be unreachable
 * @property {number} notBefore pages and entries this process kept before this time are not used
 * @property {Map<string, TagEntry>} unsent expiries made while Redis was down, to write once it is back
 */

const REGISTRY = Symbol.for('portfolio.sharedCache');
const WARNED = Symbol.for('portfolio.sharedCache.warned');

/** @returns {Record<symbol, SharedCache | null | undefined>} */
const registry = () => /** @type {any} */ (globalThis);

/** Whether Redis is configured for this process (never during `next build`, which reads no data). */
function sharedCacheConfigured() {
  return Boolean(process.env.REDIS_URL) && process.env.NEXT_PHASE !== 'phase-production-build';
}

/** @param {string} message */
function warn(message) {
  console.warn(`[cache] ${message}`);
}

/** How many distinct things warnOnce remembers having warned about (the oldest is forgotten first). */
const MAX_WARNED = 1000;

/**
 * Logs a warning about `subject` (a cache key, a tag) once: the same bad entry read again by every request
 * logs one line, not one per request. At most MAX_WARNED subjects are remembered, each in at most 64
 * characters (a longer one by its SHA-256).
 * @param {string} subject @param {string} message
 */
export function warnOnce(subject, message) {
  const holder = /** @type {Record<symbol, Set<string> | undefined>} */ (/** @type {any} */ (globalThis));
  const warned = (holder[WARNED] ??= new Set());
  if (subject.length > 64) subject = createHash('sha256').update(subject).digest('hex');
  if (warned.has(subject)) return;
  if (warned.size >= MAX_WARNED) warned.delete(/** @type {string} */ (warned.values().next().value));
  warned.add(subject);
  warn(message);
}

/** A key or tag as a log line shows it: quoted, control characters escaped, at most 200 characters. */
export function shown(/** @type {string} */ name) {
  return JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name);
}

/** @param {unknown} error */
const reason = (error) => (error instanceof Error ? error.message : String(error));

/**
 * The shared cache, connected on first use; null without REDIS_URL.
 * @returns {SharedCache | null}
 */
export function sharedCache() {
  const existing = registry()[REGISTRY];
  if (existing !== undefined) return existing;
  if (!sharedCacheConfigured()) {
    registry()[REGISTRY] = null;
    return null;
  }
  const redis = new Redis(/** @type {string} */ (process.env.REDIS_URL), {
    // Fail at once while disconnected, rather than queueing a visitor's request behind a reconnection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: CALL_TIMEOUT_MS,
    connectTimeout: CALL_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2000),
  });
  redis.defineCommand('recordLatest', { numberOfKeys: 1, lua: RECORD_LATEST });
  redis.defineCommand('deleteIfSame', { numberOfKeys: 1, lua: DELETE_IF_SAME });
  /** @type {SharedCache} */
  const cache = { redis, prefix: process.env.REDIS_KEY_PREFIX || 'portfolio:', down: false, notBefore: 0, unsent: new Map() };
  redis.on('error', (error) => {
    if (!cache.down) markDown(cache, error);
  });
  redis.on('ready', () => {
    if (cache.down) void recover(cache);
  });
  registry()[REGISTRY] = cache;
  return cache;
}

/** @param {SharedCache} cache @param {unknown} error */
function markDown(cache, error) {
  if (cache.down) return;
  cache.down = true;
  warn(`Redis at REDIS_URL is unreachable (${reason(error)}): pages are rendered from the database, without the shared cache, until it is back.`);
}

/** Redis answers again: write what was expired meanwhile, and distrust what this process kept before. */
async function recover(cache) {
  const unsent = [...cache.unsent];
  try {
    if (unsent.length > 0) await recordTags(cache, unsent);
    for (const [tag] of unsent) cache.unsent.delete(tag);
    cache.notBefore = Date.now();
    cache.down = false;
    warn('Redis is reachable again: the shared cache is back in use.');
  } catch (error) {
    warn(`Redis answers again but the expiries made while it was down could not be written (${reason(error)}); retrying on its next reconnection.`);
    cache.redis.disconnect(true);
  }
}

/**
 * Runs a Redis call unless Redis is known to be down. Answers `undefined` when the call could not be
 * made (the caller goes on without the cache).
 * @template T
 * @param {SharedCache} cache
 * @param {(redis: import('ioredis').Redis) => Promise<T>} call
 * @returns {Promise<T | undefined>}
 */
export async function withRedis(cache, call) {
  if (cache.down) return undefined;
  if (cache.redis.status !== 'ready' && !(await becomesReady(cache))) {
    markDown(cache, new Error(`not connected (${cache.redis.status})`));
    return undefined;
  }
  try {
    return await call(cache.redis);
  } catch (error) {
    markDown(cache, error);
    // A Redis that stopped answering leaves the connection open, and no 'ready' would ever come: start
    // a new connection, which is ready once Redis answers again.
    if (cache.redis.status === 'ready') cache.redis.disconnect(true);
    return undefined;
  }
}

/** The first calls after a start may come before the connection is made: they wait for it, briefly. */
function becomesReady(cache) {
  return new Promise((resolve) => {
    const done = (/** @type {boolean} */ ready) => {
      clearTimeout(timer);
      cache.redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(cache.redis.status === 'ready'), CALL_TIMEOUT_MS);
    cache.redis.on('ready', onReady);
  });
}

/**
 * Runs a pipeline and answers its replies; the first command that failed fails the whole.
 * @param {import('ioredis').ChainableCommander} pipeline
 */
async function execAll(pipeline) {
  const results = (await pipeline.exec()) ?? [];
  const failed = results.find(([error]) => error);
  if (failed) throw failed[0];
  return results.map(([, value]) => value);
}

const tagKey = (/** @type {SharedCache} */ cache, /** @type {'expired' | 'stale'} */ field) => `${cache.prefix}tags:${field}`;

/** @param {SharedCache} cache @param {[string, TagEntry][]} entries */
async function recordTags(cache, entries) {
  const pipeline = cache.redis.pipeline();
  for (const field of /** @type {const} */ (['expired', 'stale'])) {
    const args = entries.flatMap(([tag, entry]) => (typeof entry[field] === 'number' ? [tag, String(entry[field])] : []));
    if (args.length > 0) /** @type {any} */ (pipeline).recordLatest(tagKey(cache, field), ...args);
  }
  await execAll(pipeline);
}

/**
 * Why a field of the tag-expiry hashes is not one the app wrote (recordTags writes a time in milliseconds
 * under a tag's name), or undefined when it is.
 * @param {string} tag @param {string} value @param {number} now
 */
function tagExpiryProblem(tag, value, now) {
  if (tag.length > TAG_MAX_LENGTH) return `the tag is over ${TAG_MAX_LENGTH} characters`;
  if (typeof value !== 'string' || value.length > 24 || !/^\d{1,16}(\.\d{1,6})?$/.test(value)) return 'its value is not a time in milliseconds';
  if (Number(value) > now + TAG_EXPIRY_AHEAD_MS) return 'its time is more than five minutes ahead';
  return undefined;
}

/**
 * Copies every tag expiry recorded in Redis into this process's table (keeping the later of the two).
 * Answers whether it could: when it could not, no cache may be trusted for this request.
 * @returns {Promise<boolean>}
 */
export async function refreshSharedTags() {
  const cache = sharedCache();
  if (!cache) return true;
  const answers = await withRedis(
    cache,
    async (redis) => /** @type {Record<string, string>[]} */ (await execAll(redis.pipeline().hgetall(tagKey(cache, 'expired')).hgetall(tagKey(cache, 'stale')))),
  );
  if (!answers) return false;
  const [expired = {}, stale = {}] = answers;
  /** @type {[string, string, string][]} fields the app did not write: [hash, tag, value] */
  const refused = [];
  const now = Date.now();
  for (const [field, source] of /** @type {const} */ ([['expired', expired], ['stale', stale]])) {
    for (const [tag, value] of Object.entries(source ?? {})) {
      const problem = tagExpiryProblem(tag, value, now);
      if (!problem) continue;
      refused.push([tagKey(cache, field), tag, value]);
      delete source[tag];
      warnOnce(`tags:${field}:${tag}`, `Ignored the shared tag expiry ${field} ${shown(tag)} in Redis: ${problem}. Deleted it; a save records the tag again.`);
    }
  }
  for (const tag of new Set([...Object.keys(expired), ...Object.keys(stale)])) {
    const local = tagsManifest.get(tag) ?? {};
    const merged = { ...local };
    for (const [field, source] of /** @type {const} */ ([['expired', expired], ['stale', stale]])) {
      if (!Object.hasOwn(source, tag)) continue;
      const remote = Number(source[tag]);
      if (Number.isFinite(remote) && !(typeof local[field] === 'number' && local[field] >= remote)) merged[field] = remote;
    }
    tagsManifest.set(tag, merged);
  }
  if (refused.length > 0) {
    await withRedis(cache, async (redis) => {
      const pipeline = redis.pipeline();
      for (const [hash, tag, value] of refused) /** @type {any} */ (pipeline).deleteIfSame(hash, tag, value);
      return execAll(pipeline);
    });
  }
  return true;
}

/**
 * Writes this process's current record of the tags to Redis (after Next's own handlers have updated the
 * table for an expiry). While Redis is down they are kept and written once it is back.
 * @param {string[]} tags
 */
export async function shareTagExpiries(tags) {
  const cache = sharedCache();
  if (!cache || tags.length === 0) return;
  /** @type {[string, TagEntry][]} */
  const entries = tags.map((tag) => [tag, { ...tagsManifest.get(tag) }]);
  const written = await withRedis(cache, async () => {
    await recordTags(cache, entries);
    return true;
  });
  if (!written) for (const [tag, entry] of entries) cache.unsent.set(tag, entry);
}

/** Whether something this process kept at `storedAt` (ms) may still be used, as far as the shared cache knows. */
export function keptRecently(/** @type {number | undefined} */ storedAt) {
  const cache = sharedCache();
  return !cache || (storedAt ?? 0) >= cache.notBefore;
}

/** Whether Redis is configured and currently unreachable. */
export function sharedCacheDown() {
  return sharedCache()?.down ?? false;
}

/** Closes the connection (tests, and a server's stop). */
export async function closeSharedCache() {
  const cache = registry()[REGISTRY];
  registry()[REGISTRY] = undefined;
  if (cache) await cache.redis.quit().catch(() => cache.redis.disconnect());
}
