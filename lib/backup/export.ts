import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '@/lib/db/types';
import { BUCKETS, type Bucket } from '@/lib/storage/buckets';
import { StorageError, type StorageAdapter } from '@/lib/storage/types';
import {
  CONTENT_TABLES,
  contentEntry,
  EXPORT_FORMAT_NAME,
  EXPORT_FORMAT_VERSION,
  fileEntry,
  type ContentTable,
  type ExportManifest,
} from './export-format';
import { appVersion, sha256, sha256OfFile, writeArchiveAtomically } from './files';
import { objectFile } from './objects';

/**
 * `npm run export`: every content row and stored file of the configured site (any backend) into one
 * `portfolio-export` archive (export-format.ts, docs/export-format.md).
 */

/** Each bucket's public address prefix, so an import elsewhere can rewrite links to these files. */
export function storageUrls(storage: StorageAdapter): Record<Bucket, string> {
  return Object.fromEntries(BUCKETS.map((bucket) => [bucket, storage.publicUrl(bucket, '')])) as Record<Bucket, string>;
}

/**
 * The content tables' rows as JSON values, read in one transaction (one snapshot of all tables), in
 * UTC so timestamps read the same from every server, ordered by id so two exports of the same content
 * are the same bytes.
 */
export async function readContent(db: Database): Promise<{ rows: Record<ContentTable, unknown[]>; schemaVersion: string | null }> {
  return db.transaction(async (tx) => {
    await tx.exec('set transaction isolation level repeatable read, read only');
    await tx.exec(`set local timezone to 'UTC'`);
    const rows = {} as Record<ContentTable, unknown[]>;
    for (const table of CONTENT_TABLES) {
      // ::text: the JSON Postgres writes, untouched by the driver's own parsing of json values. Generated
      // columns (the search index) are left out: the database makes them again on import.
      const generated = await tx.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated <> 'NEVER'`,
        [table],
      );
      const without = generated.rows.map((row) => ` - '${row.column_name.replace(/'/g, "''")}'`).join('');
      const result = await tx.query<{ rows: string }>(`select coalesce(jsonb_agg(to_jsonb(t)${without} order by t.id), '[]'::jsonb)::text as rows from public.${table} t`);
      rows[table] = JSON.parse(result.rows[0]?.rows ?? '[]') as unknown[];
    }
    const version = await tx.query<{ version: string | null }>('select max(version) as version from supabase_migrations.schema_migrations');
    return { rows, schemaVersion: version.rows[0]?.version ?? null };
  });
}

async function listBucket(storage: StorageAdapter, bucket: Bucket): Promise<string[]> {
  try {
    return (await storage.list(bucket)).map((object) => object.path).sort();
  } catch (error) {
    if (error instanceof StorageError && error.code === 'not-found') return [];
    throw error;
  }
}

/**
 * How far an export is: 'collecting' while the stored files are read (and hashed) one by one, 'writing'
 * while the archive is written; `done` of `total` files, and their bytes.
 */
export interface ExportProgress {
  phase: 'collecting' | 'writing';
  done: number;
  total: number;
  bytesDone: number;
  bytesTotal: number;
}

export async function exportSite(options: {
  db: Database;
  storage: StorageAdapter;
  file: string;
  now?: () => Date;
  onProgress?: (progress: ExportProgress) => void;
  /**
   * Where the temporary folder for the stored files goes: the system's by default; the admin area's export
   * puts it inside its own operation folder, which a restart removes whatever happened.
   */
  workDir?: string;
}): Promise<ExportManifest> {
  const report = options.onProgress ?? (() => undefined);
  const { rows, schemaVersion } = await readContent(options.db);
  const content = new Map<ContentTable, Buffer>();
  for (const table of CONTENT_TABLES) content.set(table, Buffer.from(`${JSON.stringify(rows[table], null, 2)}\n`));

  const tempDir = await mkdtemp(path.join(options.workDir ?? os.tmpdir(), 'portfolio-export-'));
  try {
    const files: (ExportManifest['files'][number] & { source: string; mtime: Date })[] = [];
    const listed: { bucket: Bucket; path: string }[] = [];
    for (const bucket of BUCKETS) for (const objectPath of await listBucket(options.storage, bucket)) listed.push({ bucket, path: objectPath });
    let collected = 0;
    report({ phase: 'collecting', done: 0, total: listed.length, bytesDone: 0, bytesTotal: 0 });
    for (const { bucket, path: objectPath } of listed) {
      const source = await objectFile(options.storage, bucket, objectPath, tempDir);
      const { sha256: digest, size } = await sha256OfFile(source);
      files.push({ bucket, path: objectPath, size, sha256: digest, source, mtime: (await stat(source)).mtime });
      collected += size;
      report({ phase: 'collecting', done: files.length, total: listed.length, bytesDone: collected, bytesTotal: 0 });
    }
    const exportedAt = (options.now?.() ?? new Date()).toISOString();
    const manifest: ExportManifest = {
      format: EXPORT_FORMAT_NAME,
      version: EXPORT_FORMAT_VERSION,
      exportedAt,
      app: { name: 'academic-portfolio', version: await appVersion() },
      source: { database: options.db.kind, storage: options.storage.kind, schemaVersion, storageUrls: storageUrls(options.storage) },
      tables: Object.fromEntries(
        CONTENT_TABLES.map((table) => {
          const bytes = content.get(table)!;
          return [table, { rows: rows[table].length, size: bytes.length, sha256: sha256(bytes) }];
        }),
      ) as ExportManifest['tables'],
      files: files.map(({ bucket, path: objectPath, size, sha256: digest }) => ({ bucket, path: objectPath, size, sha256: digest })),
    };
    const when = new Date(exportedAt);
    await writeArchiveAtomically(
      options.file,
      async (writer) => {
        await writer.addBytes('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), when);
        for (const table of CONTENT_TABLES) await writer.addBytes(contentEntry(table), content.get(table)!, when);
        let written = 0;
        for (const [index, file] of files.entries()) {
          report({ phase: 'writing', done: index, total: files.length, bytesDone: written, bytesTotal: collected });
          await writer.addFile(fileEntry(file.bucket, file.path), file.source, file.size, file.mtime);
          written += file.size;
        }
        report({ phase: 'writing', done: files.length, total: files.length, bytesDone: written, bytesTotal: collected });
      },
      { gzip: true, mode: 0o644 },
    );
    return manifest;
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}
