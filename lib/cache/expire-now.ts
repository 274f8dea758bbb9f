import { nextTags } from './next-internals.mjs';
import { shareTagExpiries } from './shared-cache.mjs';

/**
 * Expires cache tags from outside a request: the citation run (issue 46) writes from a timer in the server
 * process, where Next's revalidateTag has no request to attach to. It records the expiry in Next's in-process
 * tag table, which its route cache and its 'use cache' handler consult (as lib/cache/build-shells.ts does at
 * start), and shares it through Redis when the cache is shared (lib/cache/shared-cache.mjs), as an expiry
 * from a request is. The next request for a page that read one of the tags renders it again.
 */
export async function expireTagsNow(tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  const { tagsManifest } = nextTags();
  const now = Date.now();
  for (const tag of new Set(tags)) tagsManifest.set(tag, { ...tagsManifest.get(tag), expired: now });
  await shareTagExpiries([...new Set(tags)]);
}
