import { nextTags } from './next-internals.mjs';

/** The tag every part of the build's shells carries (lib/content/read.ts marks them with it). */
export const BUILD_SHELL_TAG = 'build-shell';

/**
 * `next build` reads no database, so every public page leaves the build as a shell with its content still
 * to come, tagged BUILD_SHELL_TAG. Expiring that tag as the server starts makes the first request for
 * each page render it whole (and wait for it, rather than be served the shell while it renders); from
 * then on Next's route cache serves the finished page until a write expires one of its tags.
 *
 * Next.js has no public call for expiring a tag outside a request, so this writes the in-process tag
 * table that its route cache and its default 'use cache' handler consult (the module Next itself loads,
 * resolved from the project's `next` package). If that table ever moves, the only loss is that each
 * page's first request after a start is answered with the shell while the whole page renders for the next.
 */
export function expireBuildShells(log: (message: string) => void): void {
  try {
    const { tagsManifest } = nextTags();
    if (!tagsManifest || typeof tagsManifest.set !== 'function') throw new Error('no tag table');
    tagsManifest.set(BUILD_SHELL_TAG, { expired: Date.now() });
  } catch (error) {
    log(`Could not expire the build's page shells (${error instanceof Error ? error.message : String(error)}); each page's first request is served its shell.`);
  }
}
