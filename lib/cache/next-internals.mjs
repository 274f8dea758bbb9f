// @ts-check
/**
 * The Next.js internals this project's cache code reaches into (Next has no public call for them),
 * resolved from the project's own `next` package: the very modules Next itself loaded, so the state they
 * hold is Next's. Every path is here and nowhere else; package.json pins `next` to one exact version while
 * the project loads them, and tests/unit/next-internals.test.ts fails, naming the module and what changed,
 * when an upgrade moves or reshapes one of them.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

/** `require` as from the project root: Next's own copy of its internal modules. */
const requireFromNext = createRequire(path.join(process.cwd(), 'package.json'));

/** Each internal module by what it is for: its path, and the exports this project uses. */
export const NEXT_INTERNALS = {
  tags: { path: 'next/dist/server/lib/incremental-cache/tags-manifest.external.js', exports: ['tagsManifest', 'areTagsExpired', 'areTagsStale'] },
  defaultCacheHandler: { path: 'next/dist/server/lib/cache-handlers/default.js', exports: ['createDefaultCacheHandler'] },
  streams: { path: 'next/dist/server/stream-utils/node-web-streams-helper.js', exports: ['streamToBuffer', 'streamFromBuffer'] },
  fileSystemCache: { path: 'next/dist/server/lib/incremental-cache/file-system-cache.js', exports: ['default'] },
};

/** @param {keyof typeof NEXT_INTERNALS} name */
function load(name) {
  return requireFromNext(NEXT_INTERNALS[name].path);
}

/**
 * Next's in-process table of tag expiries (which its route cache and its 'use cache' handler consult),
 * with its checks of a stored entry against it.
 * @returns {{
 *   tagsManifest: Map<string, { expired?: number; stale?: number }>;
 *   areTagsExpired(tags: string[], timestamp: number): boolean;
 *   areTagsStale(tags: string[], timestamp: number): boolean;
 * }}
 */
export function nextTags() {
  return load('tags');
}

/**
 * Next's in-memory 'use cache' handler, which lib/cache/use-cache-handler.mjs wraps.
 * @returns {{ createDefaultCacheHandler(maxSize: number): import('next/dist/server/lib/cache-handlers/types').CacheHandler }}
 */
export function nextDefaultCacheHandler() {
  return load('defaultCacheHandler');
}

/**
 * Next's own stream helpers, as its in-memory handler uses them.
 * @returns {{ streamToBuffer(stream: ReadableStream<Uint8Array>): Promise<Buffer>; streamFromBuffer(bytes: Uint8Array): ReadableStream<Uint8Array> }}
 */
export function nextStreams() {
  return load('streams');
}

/**
 * Next's route cache (its file-system cache), which lib/cache/route-cache-handler.mjs extends.
 * @returns {{ default: new (ctx: unknown) => { get(key: string, ctx: unknown): Promise<unknown>; set(key: string, data: unknown, ctx: unknown): Promise<void> } }}
 */
export function nextFileSystemCache() {
  return load('fileSystemCache');
}
