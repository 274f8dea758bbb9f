// No 'server-only' marker: scripts/start.ts (plain Node, outside Next) runs the startup check with it.
import { BUCKETS, CACHE_CONTROL_SECONDS, type Bucket } from './buckets';
import { newestFirst, storedObject } from './objects';
import { encodeObjectPath, safeObjectPath } from './paths';
import { StorageError, type BucketState, type StorageAdapter, type StoredObject, type UploadInput } from './types';

/** The Storage API's error body: older servers send {statusCode, error, message}, newer add {code}. */
interface ApiErrorBody {
  statusCode?: string | number;
  code?: string;
  error?: string;
  message?: string;
}

interface ApiObject {
  name: string;
  /** null for a folder (a common prefix). */
  id: string | null;
  updated_at?: string | null;
  created_at?: string | null;
  metadata?: { size?: number; mimetype?: string } | null;
}

/** Spec section 9: the storage list page holds 100 entries. */
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
 * Maps a Storage API failure to the port's codes. The HTTP status alone is not enough: older servers
 * answer a missing bucket with HTTP 400 and {"statusCode":"404","error":"Bucket not found"}.
 */
export function storageErrorFrom(status: number, body: ApiErrorBody | null): StorageError {
  const statusCode = Number(body?.statusCode) || status;
  const code = body?.code ?? body?.error ?? '';
  const message = body?.message || body?.error || `Storage request failed with HTTP ${status}`;
  const text = `${code} ${message}`;
  if (/jwt|ExpiredToken|InvalidSignature/i.test(text)) return new StorageError('auth', message, statusCode);
  if (statusCode === 403 || /AccessDenied|Unauthorized|row-level security/i.test(code + ' ' + message)) {
    return new StorageError('forbidden', message, 403);
  }
  if (statusCode === 404 || /not found|NoSuchBucket|NoSuchKey/i.test(text)) return new StorageError('not-found', message, 404);
  if (statusCode === 409 || /Duplicate|AlreadyExists/i.test(code)) return new StorageError('exists', message, 409);
  return new StorageError('unknown', message, statusCode);
}

/** Supabase Storage over its REST API (/storage/v1), the port's adapter in Supabase mode. */
export class SupabaseStorage implements StorageAdapter {
  readonly kind = 'supabase';
  private readonly base: string;
  private readonly fetcher: typeof fetch;

  constructor(private readonly options: SupabaseStorageOptions) {
    this.base = `${options.url.replace(/\/+$/, '')}/storage/v1`;
    this.fetcher = options.fetch ?? fetch;
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

  private async request<T>(method: string, path: string, init: { json?: unknown; body?: Uint8Array; headers?: Record<string, string> } = {}): Promise<T> {
    const headers: Record<string, string> = {
      apikey: this.options.apiKey,
      Authorization: `Bearer ${this.options.accessToken ?? this.options.apiKey}`,
      ...init.headers,
    };
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.body) {
      body = new Blob([init.body as Uint8Array<ArrayBuffer>]);
    }
    let response: Response;
    try {
      response = await this.fetcher(`${this.base}${path}`, { method, headers, body });
    } catch (error) {
      throw new StorageError('unknown', `Could not reach the storage service: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) throw storageErrorFrom(response.status, (parsed as ApiErrorBody | null) ?? { message: text || undefined });
    return parsed as T;
  }

  async ensureBuckets(): Promise<void> {
    if (!this.options.canCreateBuckets) return;
    for (const bucket of BUCKETS) {
      try {
        await this.request('POST', '/bucket', { json: { id: bucket, name: bucket, public: true } });
      } catch (error) {
        if (!(error instanceof StorageError && (error.code === 'exists' || /already exists/i.test(error.message)))) throw error;
      }
    }
  }

  /** As the spec's startup test does: list at most one object. */
  async checkBucket(bucket: Bucket): Promise<BucketState> {
    try {
      await this.request('POST', `/object/list/${bucket}`, { json: { prefix: '', limit: 1, offset: 0 } });
      return 'ready';
    } catch (error) {
      if (error instanceof StorageError && error.code === 'not-found') return 'not-found';
      if (error instanceof StorageError && (error.code === 'forbidden' || error.code === 'auth')) return 'forbidden';
      throw error;
    }
  }

  async upload(bucket: Bucket, input: UploadInput): Promise<StoredObject> {
    const path = safeObjectPath(input.path);
    if (!path) throw new StorageError('invalid', `Invalid object path: ${JSON.stringify(input.path)}`);
    await this.request('POST', `/object/${bucket}/${encodeObjectPath(path)}`, {
      body: input.bytes,
      headers: { 'Content-Type': input.contentType, 'Cache-Control': `max-age=${CACHE_CONTROL_SECONDS}`, 'x-upsert': 'false' },
    });
    return this.toObject(bucket, path, { size: input.bytes.byteLength, mimetype: input.contentType }, new Date().toISOString());
  }

  publicUrl(bucket: Bucket, path: string): string {
    return `${this.base}/object/public/${bucket}/${encodeObjectPath(path)}`;
  }

  async list(bucket: Bucket): Promise<StoredObject[]> {
    const found: StoredObject[] = [];
    const walk = async (prefix: string, depth: number): Promise<void> => {
      for (let offset = 0; ; offset += LIST_PAGE) {
        const page = await this.request<ApiObject[]>('POST', `/object/list/${bucket}`, {
          json: { prefix, limit: LIST_PAGE, offset, sortBy: { column: 'name', order: 'asc' } },
        });
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
    const removed = await this.request<unknown[]>('DELETE', `/object/${bucket}`, { json: { prefixes: safe } });
    return Array.isArray(removed) ? removed.length : 0;
  }

  private toObject(bucket: Bucket, path: string, metadata: { size?: number; mimetype?: string }, updatedAt: string): StoredObject {
    return storedObject(bucket, path, this.publicUrl(bucket, path), { size: metadata.size, contentType: metadata.mimetype, updatedAt });
  }

}
