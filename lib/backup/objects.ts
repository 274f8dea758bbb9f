import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BUCKETS, type Bucket } from '@/lib/storage/buckets';
import { resolveObjectFile } from '@/lib/storage/files';
import { LocalStorage } from '@/lib/storage/local';
import type { StorageAdapter } from '@/lib/storage/types';

/**
 * Reading a stored object's bytes, which the storage port itself does not offer (the site never reads
 * its files back: browsers fetch them). Local files are read from disk; Supabase objects are downloaded
 * from their public address (the buckets are public).
 */

async function download(storage: StorageAdapter, bucket: Bucket, objectPath: string): Promise<Response> {
  const url = storage.publicUrl(bucket, objectPath);
  const response = await fetch(url);
  if (!response.ok || !response.body) throw new Error(`Could not download ${bucket}/${objectPath} from ${url}: HTTP ${response.status}`);
  return response;
}

/** A file on disk with the object's bytes: the stored file itself (local), or a download into `tempDir`. */
export async function objectFile(storage: StorageAdapter, bucket: Bucket, objectPath: string, tempDir: string): Promise<string> {
  if (storage instanceof LocalStorage) {
    const file = await resolveObjectFile(storage.bucketDir(bucket), objectPath);
    if (!file) throw new Error(`${bucket}/${objectPath} disappeared from storage while it was being read.`);
    return file;
  }
  const target = path.join(tempDir, bucket, ...objectPath.split('/'));
  await mkdir(path.dirname(target), { recursive: true });
  const response = await download(storage, bucket, objectPath);
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(target));
  return target;
}

export async function objectBytes(storage: StorageAdapter, bucket: Bucket, objectPath: string): Promise<Uint8Array> {
  if (storage instanceof LocalStorage) {
    const file = await resolveObjectFile(storage.bucketDir(bucket), objectPath);
    if (!file) throw new Error(`${bucket}/${objectPath} is not in storage.`);
    return readFile(file);
  }
  return new Uint8Array(await (await download(storage, bucket, objectPath)).arrayBuffer());
}

/**
 * Makes sure the buckets exist before an import writes to them. On local disk only the folders are
 * made: LocalStorage.ensureBuckets also clears the upload folder, which a server running on the same
 * files (Postgres mode) may be using at this moment.
 */
export async function prepareBuckets(storage: StorageAdapter): Promise<void> {
  if (storage instanceof LocalStorage) {
    for (const bucket of BUCKETS) await mkdir(storage.bucketDir(bucket), { recursive: true });
  } else {
    await storage.ensureBuckets();
  }
}
