// No 'server-only' marker: scripts/start.ts (plain Node, outside Next) runs the startup check with it.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, lstat, mkdir, open, readdir, realpath, rm, stat, unlink, access } from 'node:fs/promises';
import path from 'node:path';
import { BUCKETS, type Bucket } from './buckets';
import { errorCode, isInside, resolveObjectFile } from './files';
import { newestFirst, storedObject } from './objects';
import { encodeObjectPath, objectPathSegments, safeObjectPath } from './paths';
import { serveStoredFile } from './serve';
import { StorageError, type BucketState, type ServeRequest, type StorageAdapter, type StoredObject, type UploadInput } from './types';

/** Where uploads are written before they get their real name: inside the storage root (same filesystem), never inside a bucket. */
const TEMP_DIR = '.tmp';

/** Files under DATA_DIR/storage/<bucket>/, served by app/storage/[bucket]/[...path]/route.ts. */
export class LocalStorage implements StorageAdapter {
  readonly kind = 'local';

  constructor(readonly root: string) {}

  bucketDir(bucket: Bucket): string {
    return path.join(this.root, bucket);
  }

  async ensureBuckets(): Promise<void> {
    for (const bucket of BUCKETS) await mkdir(this.bucketDir(bucket), { recursive: true });
    // Leftovers of uploads cut short by a crash: they never had their real name, so nothing refers to them.
    await rm(path.join(this.root, TEMP_DIR), { recursive: true, force: true });
    await mkdir(path.join(this.root, TEMP_DIR), { recursive: true });
  }

  async checkBucket(bucket: Bucket): Promise<BucketState> {
    const dir = this.bucketDir(bucket);
    try {
      if (!(await stat(dir)).isDirectory()) return 'not-found';
      await access(dir, constants.R_OK | constants.W_OK | constants.X_OK);
      return 'ready';
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return 'not-found';
      if (code === 'EACCES' || code === 'EPERM') return 'forbidden';
      throw error;
    }
  }

  async upload(bucket: Bucket, input: UploadInput): Promise<StoredObject> {
    const segments = objectPathSegments(input.path);
    if (!segments) throw new StorageError('invalid', `Invalid object path: ${JSON.stringify(input.path)}`);
    if ((await this.checkBucket(bucket)) === 'not-found') throw new StorageError('not-found', 'Bucket not found', 404);
    const target = path.join(this.bucketDir(bucket), ...segments);
    await mkdir(path.dirname(target), { recursive: true });
    // A folder inside the bucket that is a symlink must not carry the upload somewhere else.
    const [realBucket, realFolder] = await Promise.all([realpath(this.bucketDir(bucket)), realpath(path.dirname(target))]);
    if (realFolder !== realBucket && !isInside(realBucket, realFolder)) {
      throw new StorageError('invalid', `Invalid object path: ${JSON.stringify(input.path)}`);
    }
    const tempDir = path.join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true });
    const temp = path.join(tempDir, `${randomBytes(12).toString('hex')}.part`);
    try {
      const handle = await open(temp, 'wx', 0o644);
      try {
        await handle.writeFile(input.bytes);
        // Flushed before it gets its name: after a crash the real name holds the whole file or nothing.
        await handle.sync();
      } finally {
        await handle.close();
      }
      // link() gives the file its name atomically and fails when the name is taken: never an overwrite.
      await link(temp, target);
    } catch (error) {
      if (errorCode(error) === 'EEXIST') throw new StorageError('exists', 'The resource already exists', 409);
      throw error;
    } finally {
      await unlink(temp).catch(() => undefined);
    }
    const info = await stat(target);
    return this.toObject(bucket, segments.join('/'), info.size, info.mtime);
  }

  publicUrl(bucket: Bucket, objectPath: string): string {
    return `/storage/${bucket}/${encodeObjectPath(objectPath)}`;
  }

  async list(bucket: Bucket): Promise<StoredObject[]> {
    const dir = this.bucketDir(bucket);
    const found: StoredObject[] = [];
    const walk = async (relative: string[]): Promise<void> => {
      let entries;
      try {
        entries = await readdir(path.join(dir, ...relative), { withFileTypes: true });
      } catch (error) {
        if (errorCode(error) === 'ENOENT') {
          if (relative.length === 0) throw new StorageError('not-found', 'Bucket not found', 404);
          return;
        }
        throw error;
      }
      for (const entry of entries) {
        const objectPath = safeObjectPath([...relative, entry.name]);
        // Symlinks and names this app would never write are not objects of the bucket.
        if (!objectPath || entry.isSymbolicLink()) continue;
        if (entry.isDirectory()) await walk([...relative, entry.name]);
        else if (entry.isFile()) {
          const info = await lstat(path.join(dir, ...relative, entry.name));
          found.push(this.toObject(bucket, objectPath, info.size, info.mtime));
        }
      }
    };
    await walk([]);
    return newestFirst(found);
  }

  /** Local files are written by the server itself after its own admin check: no per-user token. */
  readonly needsUserToken = false;

  forUser(): StorageAdapter {
    return this;
  }

  /** Public files: /storage/<bucket>/<path>, with ranges, ETags and nosniff (lib/storage/serve.ts). */
  serve(bucket: Bucket, objectPath: readonly string[], request: ServeRequest): Promise<Response> {
    return serveStoredFile(this.bucketDir(bucket), objectPath, request);
  }

  async remove(bucket: Bucket, paths: string[]): Promise<number> {
    let removed = 0;
    for (const objectPath of paths) {
      const file = await resolveObjectFile(this.bucketDir(bucket), objectPath);
      if (!file) continue;
      await unlink(file);
      removed += 1;
    }
    return removed;
  }

  private toObject(bucket: Bucket, objectPath: string, size: number, mtime: Date): StoredObject {
    return storedObject(bucket, objectPath, this.publicUrl(bucket, objectPath), { size, updatedAt: mtime });
  }

}
