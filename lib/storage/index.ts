import 'server-only';
import { supabaseRequestClient } from '@/lib/auth/supabase';
import { noteAdminWrite } from '@/lib/backup/notify';
import { getEnv } from '@/lib/env';
import { createStorage } from './adapter';
import { storageStatus, type StorageStatus } from './status';
import type { Bucket } from './buckets';
import type { StorageAdapter } from './types';

export { BUCKETS, BUCKET_FOLDERS, isBucket, type Bucket } from './buckets';
export { StorageError, type BucketState, type StoredObject } from './types';
export type { StorageStatus } from './status';

let storage: StorageAdapter | undefined;

/** The process's storage adapter (lib/storage is the only way the app reaches files). */
export function getStorage(): StorageAdapter {
  storage ??= createStorage(getEnv());
  return storage;
}

/** The startup check's result for this process. */
export function getStorageStatus(): Promise<StorageStatus> {
  return storageStatus(getEnv());
}

/**
 * The adapter for a write on behalf of the signed-in admin (after checkAdmin()). With Supabase and no
 * service-role key, the admin's own access token is sent, so Supabase's storage policies decide as they
 * would for the browser (docs/product.md §7, "Storage": without the service-role key, writes carry the admin's own access token).
 */
export async function getStorageForRequest(): Promise<StorageAdapter> {
  const storage = getStorage();
  const env = getEnv();
  if (!storage.needsUserToken || !env.NEXT_PUBLIC_SUPABASE_URL || !env.NEXT_PUBLIC_SUPABASE_ANON_KEY) return storage;
  const client = await supabaseRequestClient();
  // The caller has verified the user with getClaims() (checkAdmin); here only the token is taken.
  const { data } = await client.auth.getSession();
  return data.session ? storage.forUser(data.session.access_token) : storage;
}

/** The media library's Delete of one stored file, on behalf of the signed-in admin: whether it was there. A removal schedules the backup. */
export async function removeStoredFile(bucket: Bucket, path: string): Promise<boolean> {
  const removed = await (await getStorageForRequest()).remove(bucket, [path]);
  if (removed === 0) return false;
  noteAdminWrite();
  return true;
}
