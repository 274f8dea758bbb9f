import { copyFile, link, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { pgliteInstance } from '@/lib/db/pglite';
import type { Database } from '@/lib/db/types';
import { formatBytes } from '@/lib/bytes.mjs';
import { z } from '@/lib/validation/zod';
import { ARCHIVE_LIMITS, refuseDuplicates, sha256Schema, sizeSchema, type ArchiveFormat, type ExpectedEntry } from './archive';
import { appVersion, errorCode, exists, isSafeRelativePath, listFiles, sha256, sha256OfFile, writeArchiveAtomically } from './files';
import { backupsDir, storageRoot } from './paths';
import { backupFileName, backupsToDelete } from './retention';

/**
 * Backups of the embedded site: the PGlite data directory and every stored file, as one archive in
 * DATA_DIR/backups. Format (version 1), an uncompressed tar:
 *
 *   manifest.json      { format: "portfolio-backup", version, createdAt, app, backend, database, tables, files }
 *   database.tar.gz    PGlite's own dump of its data directory (dumpDataDir), gzip-compressed
 *   storage/<bucket>/… every file of DATA_DIR/storage, byte for byte
 *
 * The manifest gives each entry's size and SHA-256 and each table's row count at the moment of the
 * snapshot, so a restore can check the whole archive before it touches anything and the restored
 * database afterwards.
 */

export const BACKUP_FORMAT_NAME = 'portfolio-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const DATABASE_ENTRY = 'database.tar.gz';
export const STORAGE_PREFIX = 'storage/';

const entrySchema = z.strictObject({ path: z.string(), size: sizeSchema, sha256: sha256Schema });

/** Strict: a key this version does not know is refused, named, rather than dropped unread. */
const manifestSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT_NAME),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  app: z.strictObject({ name: z.string(), version: z.string() }),
  backend: z.literal('pglite'),
  postgresVersion: z.string(),
  database: entrySchema.extend({ path: z.literal(DATABASE_ENTRY) }),
  /** Row counts by "schema.table". */
  tables: z.record(z.string(), sizeSchema),
  files: z
    .array(entrySchema.refine((file) => file.path.startsWith(STORAGE_PREFIX) && isSafeRelativePath(file.path), { error: 'is not a path inside storage/' }))
    .superRefine(refuseDuplicates((file) => file.path)),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export const BACKUP_FORMAT: ArchiveFormat<BackupManifest> = {
  format: BACKUP_FORMAT_NAME,
  noun: 'backup',
  version: BACKUP_FORMAT_VERSION,
  schema: manifestSchema,
  entries(manifest) {
    const entries = new Map<string, ExpectedEntry>([[DATABASE_ENTRY, manifest.database]]);
    for (const file of manifest.files) entries.set(file.path, file);
    return entries;
  },
  entryLimit(name) {
    return name === DATABASE_ENTRY ? { bytes: ARCHIVE_LIMITS.databaseBytes, what: 'database dump' } : { bytes: ARCHIVE_LIMITS.fileBytes, what: 'stored file' };
  },
};

/** Uploads in progress (lib/storage/local.ts): never part of the stored files. */
const UPLOAD_TEMP = '.tmp';

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  /** Older backups removed by the retention rule (retention.ts). */
  deleted: string[];
}

export class BackupUnavailableError extends Error {}

/** The user tables of every schema, with their row counts, read inside the snapshot's transaction. */
export async function countRows(query: (sql: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<Record<string, number>> {
  const { rows } = await query(
    `select n.nspname as schema, c.relname as name from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const name = `${String(row.schema)}.${String(row.name)}`;
    const quoted = `"${String(row.schema).replace(/"/g, '""')}"."${String(row.name).replace(/"/g, '""')}"`;
    const result = await query(`select count(*)::int as n from ${quoted}`);
    counts[name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

/** Links (or, across filesystems, copies) every stored file into `target`: the files as they are now. */
async function snapshotFiles(source: string, target: string): Promise<string[]> {
  const files = await listFiles(source, [UPLOAD_TEMP]);
  const taken: string[] = [];
  for (const file of files) {
    const to = path.join(target, ...file.split('/'));
    await mkdir(path.dirname(to), { recursive: true });
    try {
      // Stored files are never rewritten, only created (by link) and deleted: a hard link is a snapshot.
      await link(path.join(source, ...file.split('/')), to);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') continue;
      if (!['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP'].includes(errorCode(error) ?? '')) throw error;
      await copyFile(path.join(source, ...file.split('/')), to);
    }
    taken.push(file);
  }
  return taken;
}

/** Leftovers of a backup cut short (a crash): only one backup runs at a time for a data directory. */
async function removeLeftovers(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (name.startsWith('.staging-') || name.startsWith('.tmp-')) await rm(path.join(dir, name), { recursive: true, force: true });
  }
}

/**
 * Writes a backup of the embedded database `db` (opened by this process on `dataDir`) and of the
 * stored files into DATA_DIR/backups, then applies the retention rule. The snapshot is consistent:
 * the data directory is dumped and the stored files linked while PGlite runs no other statement (it
 * waits for the transaction in progress, and later ones wait for the snapshot, a fraction of a second).
 * Compression, checksums and writing happen after that, while the site serves on.
 */
export async function createBackup(options: { db: Database; dataDir: string; now?: () => Date }): Promise<BackupResult> {
  const pg = pgliteInstance(options.db);
  if (!pg) throw new BackupUnavailableError('Backups are made of the embedded database only (DATABASE_URL is set: back up that server instead).');
  const now = options.now ?? (() => new Date());
  const dir = backupsDir(options.dataDir);
  await mkdir(dir, { recursive: true });
  await removeLeftovers(dir);
  const staging = await mkdtemp(path.join(dir, '.staging-'));
  try {
    const stagedStorage = path.join(staging, 'storage');
    const snapshot = await pg.transaction(async (tx) => {
      // Written pages make the dump smaller to replay; the WAL in it keeps it consistent regardless.
      await tx.exec('CHECKPOINT');
      const tables = await countRows((sql) => tx.query<Record<string, unknown>>(sql));
      const version = await tx.query<{ server_version: string }>('show server_version');
      const dump = await pg.dumpDataDir('none');
      const files = await snapshotFiles(storageRoot(options.dataDir), stagedStorage);
      return { tables, dump, files, createdAt: now(), postgresVersion: version.rows[0]?.server_version ?? 'unknown' };
    });

    // The fastest level: half the CPU of the default for a slightly larger file, on a server that may
    // have one core to spare.
    const database = await promisify(gzip)(new Uint8Array(await snapshot.dump.arrayBuffer()), { level: 1 });
    const files: BackupManifest['files'] = [];
    const mtimes = new Map<string, Date>();
    for (const file of snapshot.files) {
      const staged = path.join(stagedStorage, ...file.split('/'));
      const { sha256: digest, size } = await sha256OfFile(staged);
      mtimes.set(file, (await stat(staged)).mtime);
      files.push({ path: `${STORAGE_PREFIX}${file}`, size, sha256: digest });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT_NAME,
      version: BACKUP_FORMAT_VERSION,
      createdAt: snapshot.createdAt.toISOString(),
      app: { name: 'academic-portfolio', version: await appVersion() },
      backend: 'pglite',
      postgresVersion: snapshot.postgresVersion,
      database: { path: DATABASE_ENTRY, size: database.byteLength, sha256: sha256(database) },
      tables: snapshot.tables,
      files,
    };

    let createdAt = snapshot.createdAt;
    while (await exists(path.join(dir, backupFileName(createdAt)))) createdAt = new Date(createdAt.getTime() + 1);
    const file = path.join(dir, backupFileName(createdAt));
    await writeArchiveAtomically(file, async (writer) => {
      await writer.addBytes('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)), snapshot.createdAt);
      await writer.addBytes(DATABASE_ENTRY, database, snapshot.createdAt);
      for (const entry of files) {
        const relative = entry.path.slice(STORAGE_PREFIX.length);
        await writer.addFile(entry.path, path.join(stagedStorage, ...relative.split('/')), entry.size, mtimes.get(relative) ?? snapshot.createdAt);
      }
    });

    const deleted = backupsToDelete(await readdir(dir), now());
    for (const name of deleted) await rm(path.join(dir, name), { force: true });
    return { file, manifest, deleted };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** "12 tables, 143 rows, 8 files (2.1 MB)": what a backup holds, for the commands' messages. */
export function describeBackup(manifest: BackupManifest): string {
  const tables = Object.keys(manifest.tables).length;
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
  return `${tables} tables, ${rows} rows, ${manifest.files.length} file${manifest.files.length === 1 ? '' : 's'} (${formatBytes(bytes)})`;
}

