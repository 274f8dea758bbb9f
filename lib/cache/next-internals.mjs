// @ts-check
/**
 * The Next.js internals this project's cache code reaches into (Next has no public call for them),
 * resolved from the project's own `next` package: the very modules Next itself loaded, so the state they
 * hold is Next's. One place for the paths, should a Next release move them.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

/** `require` as from the project root: Next's own copy of its internal modules. */
export const requireFromNext = createRequire(path.join(process.cwd(), 'package.json'));

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
  return requireFromNext('next/dist/server/lib/incremental-cache/tags-manifest.external.js');
}
