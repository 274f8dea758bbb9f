import type { Bucket } from './buckets';

/** docs/product.md §4: per bucket the startup check finds it ready, not found, or without permission. */
export type BucketState = 'ready' | 'not-found' | 'forbidden';

export interface StoredObject {
  bucket: Bucket;
  /** Path inside the bucket, folders joined with '/'. */
  path: string;
  /** The last path segment. */
  name: string;
  size: number;
  contentType: string;
  /** ISO timestamp of the last write. */
  updatedAt: string;
  url: string;
}

export interface UploadInput {
  /** Path inside the bucket; the caller generates it (lib/storage/names.ts). */
  path: string;
  bytes: Uint8Array;
  contentType: string;
}

/**
 * Why a storage call failed, so callers can show the messages of docs/product.md §8 without parsing text:
 * forbidden = no permission (HTTP 403), not-found = the bucket or object is missing, auth = a JWT problem,
 * exists = an object already has that path (uploads never overwrite), invalid = a path that is not allowed.
 */
export type StorageErrorCode = 'forbidden' | 'not-found' | 'auth' | 'exists' | 'invalid' | 'unknown';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

/** The storage port: one adapter per backend (local disk, Supabase Storage). */
export interface StorageAdapter {
  readonly kind: 'local' | 'supabase';
  /** Creates the missing buckets where the adapter can (local disk, or Supabase with the service key). */
  ensureBuckets(): Promise<void>;
  checkBucket(bucket: Bucket): Promise<BucketState>;
  /** Stores a new object; never replaces one (StorageError 'exists'). */
  upload(bucket: Bucket, input: UploadInput): Promise<StoredObject>;
  /** The object's public address: site-relative for local files, absolute for Supabase. */
  publicUrl(bucket: Bucket, path: string): string;
  /** Every object of the bucket (folders included), newest first. */
  list(bucket: Bucket): Promise<StoredObject[]>;
  /** Removes the objects; answers how many existed. */
  remove(bucket: Bucket, paths: string[]): Promise<number>;
  /** Whether writes for a signed-in admin must carry that admin's own access token (see forUser). */
  readonly needsUserToken: boolean;
  /** The adapter acting with a signed-in user's access token (itself where tokens play no part). */
  forUser(accessToken: string): StorageAdapter;
  /** Answers a GET or HEAD for a public file at /storage/<bucket>/<path> (404 where the backend serves its own URLs). */
  serve(bucket: Bucket, objectPath: readonly string[], request: ServeRequest): Promise<Response>;
}

/** What serving a file needs of the request: its method and its conditional and range headers. */
export interface ServeRequest {
  method: string;
  headers: Headers;
}
