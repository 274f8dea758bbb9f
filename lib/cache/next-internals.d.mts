/** Types of next-internals.mjs (the Next.js internals the cache code reaches into). */
export const requireFromNext: NodeJS.Require;
export function nextTags(): {
  tagsManifest: Map<string, { expired?: number; stale?: number }>;
  areTagsExpired(tags: string[], timestamp: number): boolean;
  areTagsStale(tags: string[], timestamp: number): boolean;
};
