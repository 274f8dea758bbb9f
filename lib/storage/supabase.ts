// No 'server-only' marker: scripts/start.ts (plain Node, outside Next) runs the startup check with it.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { serverRealtime } from '@/lib/auth/supabase-client';
import { BUCKETS, CACHE_CONTROL_SECONDS, type Bucket } from './buckets';
import { newestFirst, storedObject } from './objects';
import { safeObjectPath } from './paths';
import { StorageError, type BucketState, type StorageAdapter, type StoredObject, type UploadInput } from './types';

/** docs/product.md §9: the storage list page holds 100 entries. */
const LIST_PAGE = 100;

export interface SupabaseStorageOptions {
  /** The project URL (NEXT_PUBLIC_SUPABASE_URL). */
  url: string;
  /** Sent as `apikey`: the anon key, or the service-role key on the server. */
  apiKey: string;
  /** Sent as the bearer token; defaults to apiKey. A user's access token makes storage policies apply to that user. */
  accessToken?: string;
  /** Whether the key may create buckets (the service-role key). */
  canCreateBuckets?: boolean;
  fetch?: typeof fetch;
}

/**
 * A failed storage-js call: StorageApiError has the HTTP status and the body's statusCode (or its code
 * when the body has none); StorageUnknownError, a request that got no answer, has neither.
 */
interface ClientError {
  message: string;
  status?: number;
  statusCode?: string;
}

/**
 * Maps a storage-js error to the port's codes. The HTTP status alone is not enough: Storage answers most
 * errors with HTTP 400 and the real status in the body, as {"statusCode":"404","error":"Bucket not found"}.
 */
export function storageErrorFrom(error: ClientError): StorageError {
  if (error.status === undefined) return new StorageError('unknown', `Could not reach the storage service: ${error.message}`);
  const statusCode = Number(error.statusCode) || error.status;
  const { message } = error;
  const text = `${error.statusCode ?? ''} ${message}`;
  if (/jwt|ExpiredToken|InvalidSignature/i.test(text)) return new StorageError('auth', message, statusCode);
  if (statusCode === 403 || /AccessDenied|Unauthorized|row-level security/i.test(text)) return new StorageError('forbidden', message, 403);
  if (statusCode === 404 || /not found|NoSuchBucket|NoSuchKey/i.test(text)) return new StorageError('not-found', message, 404);
  if (statusCode === 409 || /Duplicate|AlreadyExists/i.test(text)) return new StorageError('exists', message, 409);
  return new StorageError('unknown', message, statusCode);
}

/** A storage-js answer's data, or its failure as the port's error. */
async function dataOf<T>(call: Promise<{ data: T | null; error: ClientError | null }>): Promise<T> {
  const { data, error } = await call;
  if (error) throw storageErrorFrom(error);
  // supabase-js answers either data or an error, never neither.
  return data as T;
}

/** Supabase Storage through supabase-js's storage client, the port's adapter in Supabase mode. */
export class SupabaseStorage implements StorageAdapter {
  readonly kind = 'supabase';
  private readonly client: SupabaseClient;

  constructor(private readonly options: SupabaseStorageOptions) {
    const token = options.accessToken ?? options.apiKey;
    // With the accessToken callback supabase-js builds no auth client and keeps no session: every request
    // carries `apikey` and this one bearer token. The server never opens a realtime channel.
    this.client = createClient(options.url, options.apiKey, { accessToken: async () => token, realtime: serverRealtime, global: { fetch: options.fetch } });
  }

  /**
   * Without the service-role key the server acts with the signed-in admin's own token, so Supabase's
   * storage policies decide as they would for the browser.
   */
  get needsUserToken(): boolean {
    return !this.options.canCreateBuckets && !this.options.accessToken;
  }

  forUser(accessToken: string): SupabaseStorage {
    return this.withAccessToken(accessToken);
  }

  /** Public files are served by Supabase Storage itself (their URLs point there): nothing to serve here. */
  async serve(): Promise<Response> {
    return new Response('Not found', { status: 404 });
  }

  /** The same project with a user's token: what they may do is then decided by the storage policies. */
  withAccessToken(accessToken: string): SupabaseStorage {
    return new SupabaseStorage({ ...this.options, accessToken, canCreateBuckets: false });
  }

  async ensureBuckets(): Promise<void> {
    if (!this.options.canCreateBuckets) return;
    for (const bucket of BUCKETS) {
      const { error } = await this.client.storage.createBucket(bucket, { public: true });
      // A bucket that exists already (an earlier start, or made in the dashboard) is left as it is.
      const failure = error && storageErrorFrom(error);
      if (failure && failure.code !== 'exists' && !/already exists/i.test(failure.message)) throw failure;
    }
  }

  /** As the start-up check of docs/product.md §7 does: list at most one object. */
  async checkBucket(bucket: Bucket): Promise<BucketState> {
    const { error } = await this.client.storage.from(bucket).list('', { limit: 1 });
    const failure = error && storageErrorFrom(error);
    if (!failure) return 'ready';
    if (failure.code === 'not-found') return 'not-found';
    if (failure.code === 'forbidden' || failure.code === 'auth') return 'forbidden';
    throw failure;
  }

  async upload(bucket: Bucket, input: UploadInput): Promise<StoredObject> {
    const path = safeObjectPath(input.path);
    if (!path) throw new StorageError('invalid', `Invalid object path: ${JSON.stringify(input.path)}`);
    // Raw bytes (not a Blob) make storage-js send them as the body, with Content-Type and Cache-Control headers.
    const options = { contentType: input.contentType, cacheControl: String(CACHE_CONTROL_SECONDS), upsert: false };
    await dataOf(this.client.storage.from(bucket).upload(path, input.bytes, options));
    return this.toObject(bucket, path, { size: input.bytes.byteLength, mimetype: input.contentType }, new Date().toISOString());
  }

  publicUrl(bucket: Bucket, path: string): string {
    return this.client.storage.from(bucket).getPublicUrl(path).data.publicUrl;
  }

  async list(bucket: Bucket): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    const walk = async (prefix: string, depth: number): Promise<void> => {
      for (let offset = 0; ; offset += LIST_PAGE) {
        // storage-js sorts by name, ascending, unless told otherwise: the pages do not overlap.
        const page = await dataOf(this.client.storage.from(bucket).list(prefix, { limit: LIST_PAGE, offset }));
        for (const entry of page) {
          const path = safeObjectPath(prefix ? `${prefix}/${entry.name}` : entry.name);
          // Supabase's placeholder for an empty folder and names this app would not write are skipped.
          if (!path || entry.name === '.emptyFolderPlaceholder') continue;
          if (entry.id === null) {
            if (depth < 4) await walk(path, depth + 1);
          } else {
            found.push(this.toObject(bucket, path, entry.metadata ?? {}, entry.updated_at ?? entry.created_at ?? new Date(0).toISOString()));
          }
        }
        if (page.length < LIST_PAGE) return;
      }
    };
    await walk('', 0);
    return newestFirst(found);
  }

  async remove(bucket: Bucket, paths: string[]): Promise<number> {
    const safe = paths.map((p) => safeObjectPath(p)).filter((p): p is string => p !== null);
    if (safe.length === 0) return 0;
    const removed = await dataOf(this.client.storage.from(bucket).remove(safe));
    return Array.isArray(removed) ? removed.length : 0;
  }

  private toObject(bucket: Bucket, path: string, metadata: { size?: number; mimetype?: string }, updatedAt: string): StoredObject {
    return storedObject(bucket, path, this.publicUrl(bucket, path), { size: metadata.size, contentType: metadata.mimetype, updatedAt });
  }
}
