import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as tarPack, type Pack } from 'tar-stream';
import { MB } from '@/lib/bytes.mjs';

/** File-system steps shared by backups, restores and exports. */

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

/** Flushes a file written through a stream to disk. */
async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Flushes a directory's entries (a rename inside it) to disk. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some filesystems cannot fsync a directory; the rename is then as durable as they make it.
    if (!['EINVAL', 'EISDIR', 'EPERM', 'ENOTSUP'].includes(errorCode(error) ?? '')) throw error;
  } finally {
    await handle.close();
  }
}

/** Adds entries, one after the other, to the archive writeArchiveAtomically writes. */
export interface ArchiveWriter {
  addBytes(name: string, bytes: Uint8Array, mtime?: Date): Promise<void>;
  /** Streams a file from disk; `size` is what was recorded for it, and the file must still have it. */
  addFile(name: string, file: string, size: number, mtime: Date): Promise<void>;
}

/** tar-stream writes whole seconds since 1970 as a 32-bit number: a date outside that range is clamped. */
const tarTime = (mtime: Date) => new Date(Math.min(Math.max(mtime.getTime(), 0), (2 ** 31 - 1) * 1000));

function archiveWriter(pack: Pack): ArchiveWriter {
  return {
    addBytes: (name, bytes, mtime = new Date()) =>
      new Promise((resolve, reject) => pack.entry({ name, mtime: tarTime(mtime) }, bytes, (error) => (error ? reject(error) : resolve()))),
    async addFile(name, file, size, mtime) {
      // `end` counts inclusively: a file grown since it was measured gives a byte more than `size`. tar-stream
      // refuses an entry whose bytes are not its size, which ends the archive (its temporary file is removed).
      try {
        await pipeline(createReadStream(file, { end: size, highWaterMark: MB }), pack.entry({ name, size, mtime: tarTime(mtime) }));
      } catch (error) {
        throw error instanceof Error && error.message === 'Size mismatch' ? new Error(`${file} changed while it was being archived.`, { cause: error }) : error;
      }
    },
  };
}

/**
 * Writes an archive under its final name only once it is complete and on disk: a temporary file in the
 * same folder, fsync, rename, fsync of the folder. A crash leaves the old state or the whole new file,
 * never half an archive under the real name. The temporary file is removed when writing fails.
 * tar-stream lays the archive out as ustar, with pax records for names the header cannot hold.
 */
export async function writeArchiveAtomically(
  target: string,
  write: (writer: ArchiveWriter) => Promise<void>,
  options: { gzip?: boolean; mode?: number } = {},
): Promise<void> {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.tmp-${process.pid}-${Date.now()}-${path.basename(target)}`);
  try {
    const pack = tarPack();
    const out = createWriteStream(temp, { flags: 'wx', mode: options.mode ?? 0o600 });
    const written = options.gzip ? pipeline(pack, createGzip(), out) : pipeline(pack, out);
    // A failure to write ends the entry being added, and so reaches write() too.
    written.catch(() => undefined);
    try {
      await write(archiveWriter(pack));
      pack.finalize();
    } catch (error) {
      pack.destroy();
      await written.catch(() => undefined);
      throw error;
    }
    await written;
    await fsyncFile(temp);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await fsyncDir(dir);
}

export async function sha256OfFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: MB }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Writes a stream of chunks to a new file (never over an existing one) and flushes it to disk. */
export async function writeChunks(file: string, chunks: AsyncIterable<Buffer>, mode = 0o600): Promise<void> {
  await pipeline(chunks, createWriteStream(file, { flags: 'wx', mode }));
  await fsyncFile(file);
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Every regular file under `root`, as '/'-joined paths relative to it, sorted. Symlinks are not followed
 * (nothing the app writes is one); top-level names in `skip` are left out. A missing root has no files.
 */
export async function listFiles(root: string, skip: readonly string[] = []): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string[]): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(root, ...relative), { withFileTypes: true });
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (relative.length === 0 && skip.includes(entry.name)) continue;
      if (entry.isDirectory()) await walk([...relative, entry.name]);
      else if (entry.isFile()) found.push([...relative, entry.name].join('/'));
    }
  };
  await walk([]);
  return found.sort();
}

export async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

/** A relative archive path is safe to join under a folder: no absolute path, no '.', '..' or empty segment. */
export function isSafeRelativePath(name: string): boolean {
  if (name.length === 0 || name.length > 4096 || name.includes('\0') || name.startsWith('/')) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The app's own version (package.json), recorded in archives so a reader knows what wrote them. */
export async function appVersion(): Promise<string> {
  try {
    const pkg = JSON.parse(await readFile(path.join(process.cwd(), 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}
