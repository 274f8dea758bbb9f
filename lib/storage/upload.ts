import 'server-only';
import { noteAdminWrite } from '@/lib/backup/notify';
import { z } from '@/lib/validation/zod';
import type { AdminCheck } from '@/lib/auth/guard';
import { formatBytes } from '@/lib/bytes.mjs';
import { MAX_REQUEST_BYTES, uploadFieldsSchema, type UploadResult } from '@/lib/validation/upload';
import { BUCKET_FOLDERS, isBucket } from './buckets';
import { bucketRefusal, detectUpload } from './content-type';
import { generateObjectPath } from './names';
import { StorageError, type StorageAdapter } from './types';

export interface UploadDeps {
  checkAdmin(): Promise<AdminCheck>;
  storage: StorageAdapter;
}

type Failure = Extract<UploadResult, { ok: false }>;

function fail(status: number, error: string): Response {
  return Response.json({ ok: false, status, error } satisfies Failure, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** The body, read up to `limit` bytes; null when it is larger (the rest is not read). */
async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | null> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A browser may only post here from this site's own pages: route handlers, unlike server actions, get no
 * built-in origin check, and the session cookie would otherwise ride along on a cross-site form post.
 */
export function sameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin) return true;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function storageFailure(error: StorageError): Response {
  switch (error.code) {
    case 'forbidden':
      return fail(403, error.message);
    case 'not-found':
      return fail(404, error.message || 'Bucket not found');
    case 'auth':
      return fail(401, error.message);
    case 'invalid':
      return fail(400, error.message);
    default:
      return fail(502, error.message);
  }
}

/**
 * POST /api/upload: one file per request (multipart fields `bucket` and `file`), so each file gets its
 * own progress bar and a 50 MB PDF never shares a request with nine others. The caller must be an admin
 * (re-checked here, never trusted from the page); the file is judged by its bytes; it is stored under a
 * new name in the bucket's folder and its public URL is returned.
 */
export async function receiveUpload(request: Request, deps: UploadDeps): Promise<Response> {
  if (!sameOrigin(request)) return fail(403, 'Uploads are only accepted from this site.');
  const admin = await deps.checkAdmin();
  // Anonymous and non-admin callers get what Supabase would answer them: 403.
  if (!admin.ok) return fail(403, admin.reason === 'anonymous' ? 'You need to be logged in to upload files.' : 'Admin access is required to upload files.');

  const declared = Number(request.headers.get('content-length') ?? NaN);
  const tooLarge = `The upload is larger than ${formatBytes(MAX_REQUEST_BYTES)}.`;
  if (declared > MAX_REQUEST_BYTES) return fail(413, tooLarge);
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) return fail(400, 'Send the file as multipart/form-data.');
  const body = await readLimited(request.body, MAX_REQUEST_BYTES);
  if (!body) return fail(413, tooLarge);

  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    return fail(400, 'The upload was incomplete or malformed. Please try again.');
  }
  const fields = uploadFieldsSchema.safeParse({ bucket: form.get('bucket') });
  if (!fields.success) return fail(400, z.prettifyError(fields.error));
  const files = form.getAll('file');
  if (files.length !== 1 || !(files[0] instanceof File)) return fail(400, 'Send exactly one file per upload.');
  const file = files[0];
  const { bucket } = fields.data;

  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = await detectUpload(file.name || 'The file', bytes);
  if (!detected.ok) return fail(detected.reason === 'size' ? 413 : detected.reason === 'type' ? 415 : detected.reason === 'image' ? 422 : 400, detected.error);
  const misplaced = bucketRefusal(bucket, detected.kind);
  if (misplaced) return fail(415, misplaced);

  try {
    // A name collision is astronomically unlikely (names.ts); one retry with a new name covers it.
    for (let attempt = 0; ; attempt += 1) {
      try {
        const stored = await deps.storage.upload(bucket, {
          path: generateObjectPath(detected.extension, BUCKET_FOLDERS[bucket]),
          bytes,
          contentType: detected.contentType,
        });
        const result: UploadResult = { ok: true, url: stored.url, path: stored.path, bucket, size: stored.size, contentType: detected.contentType };
        noteAdminWrite();
        return Response.json(result, { status: 201, headers: { 'Cache-Control': 'no-store' } });
      } catch (error) {
        if (!(error instanceof StorageError && error.code === 'exists' && attempt === 0)) throw error;
      }
    }
  } catch (error) {
    if (error instanceof StorageError) return storageFailure(error);
    console.error(`Upload to ${bucket} failed`, error);
    return fail(500, 'The file could not be stored. Please try again.');
  }
}

/** GET /api/upload?bucket=…: whether uploads to the bucket can work right now (for the upload box). */
export async function bucketAvailability(request: Request, deps: UploadDeps): Promise<Response> {
  const admin = await deps.checkAdmin();
  if (!admin.ok) return fail(403, 'Permission denied');
  const bucket = new URL(request.url).searchParams.get('bucket') ?? '';
  if (!isBucket(bucket)) return fail(400, 'Unknown bucket.');
  try {
    const state = await deps.storage.checkBucket(bucket);
    return Response.json({ ok: true, bucket, state }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    return fail(500, error instanceof Error ? error.message : String(error));
  }
}
