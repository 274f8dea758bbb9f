/** Types of shared-cache.mjs (the cache several instances share through Redis). */
import type { Redis } from 'ioredis';

export interface SharedCache {
  redis: Redis;
  prefix: string;
  down: boolean;
  notBefore: number;
  unsent: Map<string, { expired?: number; stale?: number }>;
}
export function sharedCache(): SharedCache | null;
export function withRedis<T>(cache: SharedCache, call: (redis: Redis) => Promise<T>): Promise<T | undefined>;
export function refreshSharedTags(): Promise<boolean>;
export function shareTagExpiries(tags: string[]): Promise<void>;
export function keptRecently(storedAt: number | undefined): boolean;
export function sharedCacheDown(): boolean;
export function closeSharedCache(): Promise<void>;
export function warnOnce(subject: string, message: string): void;
export function shown(name: string): string;
