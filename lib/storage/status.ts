// No 'server-only' marker: scripts/start.ts (plain Node, outside Next) runs the check at start.
import type { Env } from '@/lib/env';
import { BUCKETS, type Bucket } from './buckets';
import { createStorage } from './adapter';
import type { BucketState, StorageAdapter } from './types';

export type StorageStatus =
  | { ok: true; checkedAt: string; buckets: Record<Bucket, BucketState> }
  /** The check itself failed (docs/product.md §8: 'Some media features may be limited…'). */
  | { ok: false; checkedAt: string; error: string };

/**
 * The result of the startup check, kept for the life of the process. It lives on globalThis because the
 * start script and the Next.js bundle each load their own copy of this module (as lib/db/shared.ts).
 */
const key = Symbol.for('academic-portfolio.storage-status');
type Slot = { checking?: Promise<StorageStatus> };

function slot(): Slot {
  const store = globalThis as Record<symbol, unknown>;
  store[key] ??= {};
  return store[key] as Slot;
}

/** Creates the missing buckets where the adapter can, then checks all five. Never throws. */
export async function runStorageCheck(storage: StorageAdapter): Promise<StorageStatus> {
  const checkedAt = new Date().toISOString();
  try {
    await storage.ensureBuckets();
    const states = await Promise.all(BUCKETS.map((bucket) => storage.checkBucket(bucket)));
    return { ok: true, checkedAt, buckets: Object.fromEntries(BUCKETS.map((bucket, i) => [bucket, states[i]])) as Record<Bucket, BucketState> };
  } catch (error) {
    return { ok: false, checkedAt, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The startup check (docs/product.md §§1 and 4), called by scripts/start.ts after the migrations: creates
 * the five buckets in local mode, checks them, logs problems, and keeps the result for the site's
 * status toasts.
 */
export async function checkStorageAtStartup(env: Env, log: (message: string) => void = console.log): Promise<StorageStatus> {
  const status = await runStorageCheck(createStorage(env));
  slot().checking = Promise.resolve(status);
  if (!status.ok) log(`Storage check failed: ${status.error}`);
  else {
    const problems = BUCKETS.filter((bucket) => status.buckets[bucket] !== 'ready');
    for (const bucket of problems) log(`Storage bucket "${bucket}": ${status.buckets[bucket] === 'not-found' ? 'not found' : 'no permission'}.`);
  }
  return status;
}

/** The kept result; without one (`next dev` started another way) the check runs once, lazily. */
export function storageStatus(env: Env): Promise<StorageStatus> {
  const s = slot();
  s.checking ??= runStorageCheck(createStorage(env));
  return s.checking;
}
