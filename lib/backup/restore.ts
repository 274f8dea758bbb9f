import { once } from 'node:events';
import { mkdir, mkdtemp, rename, rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock } from '@/lib/db/lock';
import { formatBytes } from '@/lib/bytes.mjs';
import { ARCHIVE_LIMITS, freeSpace, readArchive } from './archive';
import { BACKUP_FORMAT, countRows, DATABASE_ENTRY, STORAGE_PREFIX, type BackupManifest } from './backup';
import { exists, fsyncDir, writeChunks } from './files';
import { collectForCheck, UploadCheck } from './uploadable';

/**
 * `npm run restore`: puts a backup back into a data directory. Nothing in the data directory changes
 * until the archive has been read whole and checked (manifest, sizes, checksums, every stored file as an
 * upload would check it: lib/backup/uploadable.ts), extracted beside it
 * and the extracted database opened with the backup's row counts. Then the current `pglite` and
 * `storage` folders are moved (never deleted) to DATA_DIR/replaced-<time>/ and the restored ones take
 * their place with two renames.
 */

export class RestoreError extends Error {}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the replaced database and files now are; null when the data directory held neither. */
  replacedDir: string | null;
}

/** The parts of a data directory a backup holds. */
const PARTS = ['pglite', 'storage'] as const;

async function writeEntry(target: string, chunks: AsyncIterable<Buffer>, mtime: Date): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  await writeChunks(target, chunks, 0o644);
  await utimes(target, mtime, mtime);
}

/**
 * What the database dump (gzip) unpacks to, counted as it streams by, without keeping it: a dump of a
 * few megabytes may unpack to gigabytes (a bomb inside the archive), and PGlite would unpack it in
 * memory. Refuses past `limit`. A dump that is not valid gzip answers its error; the chunks are read
 * to the end either way, so the archive's checksum still decides whether it is merely damaged.
 */
async function unpackedSize(chunks: AsyncIterable<Buffer>, limit: number): Promise<{ size: number } | { error: Error }> {
  const gunzip = createGunzip();
  let size = 0;
  let error: Error | undefined;
  gunzip.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit && !gunzip.destroyed) {
      gunzip.destroy(new RestoreError(`The backup's database unpacks to more than ${formatBytes(limit)}, more than this site restores: it was not made by this site.`));
    }
  });
  gunzip.on('error', (cause: Error) => {
    error ??= cause;
  });
  // Not events.once: it rejects on 'error', which is answered, not thrown.
  const closed = new Promise<void>((resolve) => gunzip.once('close', () => resolve()));
  for await (const chunk of chunks) {
    if (error instanceof RestoreError) throw error;
    if (error || gunzip.destroyed) continue;
    if (!gunzip.write(chunk)) await Promise.race([once(gunzip, 'drain').catch(() => undefined), closed]);
  }
  if (!gunzip.destroyed) gunzip.end();
  await closed;
  if (error instanceof RestoreError) throw error;
  return error ? { error } : { size };
}

/** Loads the dumped data directory into `dir` and checks that it opens with the backup's row counts. */
async function loadDatabase(dir: string, dump: Buffer, manifest: BackupManifest): Promise<void> {
  let pg: PGlite;
  try {
    pg = await PGlite.create(dir, { loadDataDir: new Blob([new Uint8Array(dump)]) });
  } catch (error) {
    throw new RestoreError(`The backup's database could not be opened: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  try {
    const counts = await countRows((sql) => pg.query<Record<string, unknown>>(sql));
    const differing = Object.entries(manifest.tables).filter(([table, rows]) => counts[table] !== rows);
    if (differing.length > 0) {
      const [table, rows] = differing[0];
      throw new RestoreError(`The restored database does not match the backup: ${table} has ${counts[table] ?? 'no'} rows, the backup recorded ${rows}.`);
    }
    await pg.exec('CHECKPOINT');
  } finally {
    await pg.close();
  }
}

/** Moves the current parts aside and the restored ones in; on a failure midway, puts back what it moved. */
async function swapIn(dataDir: string, staging: string, replacedDir: string): Promise<boolean> {
  const movedAside: string[] = [];
  const movedIn: string[] = [];
  try {
    for (const part of PARTS) {
      if (!(await exists(path.join(dataDir, part)))) continue;
      await mkdir(replacedDir, { recursive: true });
      await rename(path.join(dataDir, part), path.join(replacedDir, part));
      movedAside.push(part);
    }
    for (const part of PARTS) {
      const from = path.join(staging, part);
      if (await exists(from)) await rename(from, path.join(dataDir, part));
      else await mkdir(path.join(dataDir, part));
      movedIn.push(part);
    }
    await fsyncDir(dataDir);
    if (movedAside.length > 0) await fsyncDir(replacedDir);
    return movedAside.length > 0;
  } catch (error) {
    for (const part of movedIn) await rename(path.join(dataDir, part), path.join(staging, part)).catch(() => undefined);
    for (const part of movedAside) await rename(path.join(replacedDir, part), path.join(dataDir, part)).catch(() => undefined);
    throw error;
  }
}

/**
 * Restores `file` into `dataDir`. Takes the data-directory lock for the whole time, so it refuses
 * (DataDirLockedError) while a server or another command holds it, and nothing starts meanwhile.
 * Throws ArchiveError for an archive that is not a whole, valid backup, RestoreError when its database
 * does not open as recorded; in both cases the data directory is as it was.
 */
export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  now?: () => Date;
  /** The free bytes where `dir` is (tests). */
  freeSpace?: (dir: string) => Promise<number>;
  /** ARCHIVE_LIMITS.databaseUnpackedBytes unless given (tests). */
  maxDatabaseBytes?: number;
}): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const lock = acquireDataDirLock(dataDir, 'npm run restore');
  try {
    // First pass: check everything, write nothing. The database dump is unpacked as it goes by, to know
    // its size; the files' sizes are in the manifest. Each stored file is checked as an upload would be
    // (held in memory one at a time, up to the largest upload), the verdicts given once the archive is
    // known to be whole: a damaged archive is called damaged.
    type Unpacked = { size: number } | { error: Error };
    let unpacked: Unpacked | undefined;
    const uploadCheck = new UploadCheck();
    const checked = await readArchive(options.file, BACKUP_FORMAT, {
      async consume(entry, chunks) {
        if (entry.name === DATABASE_ENTRY) {
          unpacked = await unpackedSize(chunks, options.maxDatabaseBytes ?? ARCHIVE_LIMITS.databaseUnpackedBytes);
          return;
        }
        // storage/<bucket>/<path>: a file outside the buckets gets the upload's check without a bucket rule.
        const bucket = entry.name.slice(STORAGE_PREFIX.length).split('/')[0];
        await uploadCheck.check(bucket, entry.name, await collectForCheck(chunks, entry.size), entry.size);
      },
    });
    const database: Unpacked = unpacked ?? { size: 0 };
    if ('error' in database) throw new RestoreError(`The backup's database is damaged (${database.error.message}).`, { cause: database.error });
    const refused = uploadCheck.describe('the backup');
    if (refused) throw new RestoreError(refused);
    const needed = database.size + checked.files.reduce((sum, file) => sum + file.size, 0);
    const free = await (options.freeSpace ?? freeSpace)(dataDir);
    if (needed > free) {
      throw new RestoreError(
        `Restoring this backup needs ${formatBytes(needed)} of disk space in ${dataDir} (its database and files), and only ${formatBytes(free)} is free.`,
      );
    }

    const staging = await mkdtemp(path.join(dataDir, '.restore-'));
    try {
      let dump: Buffer | undefined;
      // Second pass: extract beside the data, checking again (the file might have changed in between).
      const manifest = await readArchive(options.file, BACKUP_FORMAT, {
        async consume(entry, chunks) {
          if (entry.name === DATABASE_ENTRY) {
            const parts: Buffer[] = [];
            for await (const chunk of chunks) parts.push(chunk);
            dump = Buffer.concat(parts);
            return;
          }
          await writeEntry(path.join(staging, ...entry.name.split('/')), chunks, entry.mtime);
        },
      });
      if (!dump) throw new RestoreError('The backup holds no database.');
      await loadDatabase(path.join(staging, 'pglite'), dump, manifest);

      const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
      const replacedDir = path.join(dataDir, `replaced-${stamp}`);
      const replaced = await swapIn(dataDir, staging, replacedDir);
      return { manifest, replacedDir: replaced ? replacedDir : null };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } finally {
    lock.release();
  }
}
