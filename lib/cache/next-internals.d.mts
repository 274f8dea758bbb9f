/** Types of next-internals.mjs (the Next.js internals the cache code reaches into). */
import type { CacheHandler } from 'next/dist/server/lib/cache-handlers/types';

export const NEXT_INTERNALS: Record<'tags' | 'defaultCacheHandler' | 'streams' | 'fileSystemCache', { path: string; exports: string[] }>;
export function nextTags(): {
  tagsManifest: Map<string, { expired?: number; stale?: number }>;
  areTagsExpired(tags: string[], timestamp: number): boolean;
  areTagsStale(tags: string[], timestamp: number): boolean;
};
export function nextDefaultCacheHandler(): { createDefaultCacheHandler(maxSize: number): CacheHandler };
export function nextStreams(): { streamToBuffer(stream: ReadableStream<Uint8Array>): Promise<Buffer>; streamFromBuffer(bytes: Uint8Array): ReadableStream<Uint8Array> };
export function nextFileSystemCache(): { default: new (ctx: unknown) => { get(key: string, ctx: unknown): Promise<unknown>; set(key: string, data: unknown, ctx: unknown): Promise<void> } };
