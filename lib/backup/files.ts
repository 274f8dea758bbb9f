import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { fileSink, TarWriter, type TarSink } from './tar';

/** File-system steps shared by backups, restores and exports. */

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
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

/**
 * Writes an archive under its final name only once it is complete and on disk: a temporary file in the
 * same folder, fsync, rename, fsync of the folder. A crash leaves the old state or the whole new file,
 * never half an archive under the real name. The temporary file is removed when writing fails.
 */
export async function writeArchiveAtomically(
  target: string,
  write: (writer: TarWriter) => Promise<void>,
  options: { gzip?: boolean; mode?: number } = {},
): Promise<void> {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.tmp-${process.pid}-${Date.now()}-${path.basename(target)}`);
  const mode = options.mode ?? 0o600;
  try {
    if (options.gzip) await writeGzipped(temp, write, mode);
    else {
      const handle = await open(temp, 'wx', mode);
      try {
        const writer = new TarWriter(fileSink(handle));
        await write(writer);
        await writer.finish();
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await fsyncDir(dir);
}

async function writeGzipped(temp: string, write: (writer: TarWriter) => Promise<void>, mode: number): Promise<void> {
  const gzip = createGzip();
  const out = createWriteStream(temp, { flags: 'wx', mode });
  gzip.pipe(out);
  const failed = new Promise<never>((_, reject) => {
    gzip.once('error', reject);
    out.once('error', reject);
  });
  failed.catch(() => undefined);
  const sink: TarSink = async (chunk) => {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), failed]);
  };
  try {
    const writer = new TarWriter(sink);
    await write(writer);
    await writer.finish();
    gzip.end();
    await Promise.race([finished(out), failed]);
  } catch (error) {
    gzip.destroy();
    out.destroy();
    throw error;
  }
  const handle = await open(temp, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function sha256OfFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Writes a stream of chunks to a new file (never over an existing one) and flushes it to disk. */
export async function writeChunks(file: string, chunks: AsyncIterable<Buffer>, mode = 0o600): Promise<void> {
  const handle = await open(file, 'wx', mode);
  try {
    const sink = fileSink(handle);
    for await (const chunk of chunks) await sink(chunk);
    await handle.sync();
  } finally {
    await handle.close();
  }
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
