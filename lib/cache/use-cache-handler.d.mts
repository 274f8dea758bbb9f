/** Types of use-cache-handler.mjs (Next's 'use cache' handler, shared through Redis when REDIS_URL is set). */
import type { CacheEntry, CacheHandler } from 'next/dist/server/lib/cache-handlers/types';

export const MAX_ENTRY_BYTES: number;
export function packEntry(meta: Omit<CacheEntry, 'value'>, value: Buffer): Buffer;
export function unpackEntry(stored: Buffer): { meta: Omit<CacheEntry, 'value'>; value: Buffer } | { refused: string };
export function createUseCacheHandler(): CacheHandler;
declare const handler: CacheHandler;
export default handler;
