import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database, Queryable } from '@/lib/db/types';
import { BUCKETS, type Bucket } from '@/lib/storage/buckets';
import { contentTypeOfPath } from '@/lib/storage/paths';
import { StorageError, type StorageAdapter } from '@/lib/storage/types';
import { formatBytes } from '@/lib/bytes.mjs';
import { freeSpace, readArchive } from './archive';
import { storageUrls } from './export';
import {
  CONTENT_TABLES,
  contentEntry,
  EXPORT_FORMAT,
  fileEntry,
  ROW_SCHEMAS,
  withFormat2Identity,
  talkFromCvRow,
  courseFromCvRow,
  withFormat3Venue,
  storageUrlRewriter,
  type ContentRow,
  type ContentTable,
  type ExportManifest,
} from './export-format';
import { sha256, writeChunks } from './files';
import { objectBytes } from './objects';
import { collectForCheck, UploadCheck } from './uploadable';

/**
 * `npm run import`: loads a `portfolio-export` archive into the configured site, whichever backend it
 * runs on, through the same database port and storage adapter the site uses. All or nothing:
 *
 * 1. The archive is read whole and checked (manifest, checksums, every row's shape, every file as an
 *    upload would check it) before anything is written; so is the receiving site (its columns, what it
 *    already holds, files that would clash).
 * 2. Files the site does not have yet are uploaded; a file already there with the same bytes is left.
 * 3. The rows are written in ONE transaction. If it fails, the files uploaded in step 2 are removed
 *    again, so the site is as it was.
 *
 * Into a site that has content, the caller must choose: 'replace' empties the content tables first,
 * 'merge' adds the archive's rows and replaces those with the same id. Stored files are never deleted
 * or overwritten: with 'replace', the site's other files stay (unreferenced) in the media library.
 *
 * previewImport runs step 1 alone and writes nothing, for the admin page that shows what each mode would do.
 */

export type ImportMode = 'only-if-empty' | 'replace' | 'merge';

/** The import was refused before anything was written: the message says why and what to do. */
export class ImportRefusedError extends Error {}

/** Writing failed and everything written was undone. */
export class ImportFailedError extends Error {}

export interface ImportResult {
  manifest: ExportManifest;
  rows: Record<ContentTable, number>;
  filesWritten: number;
  filesPresent: number;
}

const COLUMN = /^[a-z_][a-z0-9_]*$/;

function quoteList(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}

/** Parses content/<table>.json against the table's row schema. */
function parseRows(table: ContentTable, bytes: Buffer, expected: number): ContentRow[] {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ImportRefusedError(`${contentEntry(table)} is not valid JSON.`);
  }
  if (!Array.isArray(json)) throw new ImportRefusedError(`${contentEntry(table)} must hold an array of rows.`);
  if (json.length !== expected) throw new ImportRefusedError(`${contentEntry(table)} holds ${json.length} rows, the manifest says ${expected}.`);
  const rows: ContentRow[] = [];
  const ids = new Set<unknown>();
  json.forEach((value, index) => {
    const parsed = ROW_SCHEMAS[table].safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ImportRefusedError(`${contentEntry(table)}, row ${index + 1}: ${issue.path.join('.') || 'row'} ${issue.message}.`);
    }
    const row = parsed.data as ContentRow;
    const bad = Object.keys(row).find((column) => !COLUMN.test(column));
    if (bad) throw new ImportRefusedError(`${contentEntry(table)}, row ${index + 1}: ${JSON.stringify(bad)} is not a column name.`);
    if (ids.has(row.id)) throw new ImportRefusedError(`${contentEntry(table)} holds the id ${String(row.id)} twice.`);
    ids.add(row.id);
    rows.push(row);
  });
  return rows;
}

/**
 * A table's rows from the archive: none when the archive's format version predates the table; an older
 * version's rows as this version reads them (its owner's identity, its papers' kinds).
 */
/** The 'talk' rows of an archive's cv_entries, as talks (talkFromCvRow). */
function legacyTalks(manifest: ExportManifest, content: ReadonlyMap<ContentTable, Buffer>): ContentRow[] {
  const listed = manifest.tables.cv_entries;
  if (!listed) return [];
  return parseRows('cv_entries', content.get('cv_entries')!, listed.rows)
    .filter((row) => row.category === 'talk')
    .map(talkFromCvRow);
}

/** The 'teaching' rows of an archive's cv_entries, as courses (courseFromCvRow). */
function legacyCourses(manifest: ExportManifest, content: ReadonlyMap<ContentTable, Buffer>): ContentRow[] {
  const listed = manifest.tables.cv_entries;
  if (!listed) return [];
  return parseRows('cv_entries', content.get('cv_entries')!, listed.rows)
    .filter((row) => row.category === 'teaching')
    .map(courseFromCvRow);
}

function archiveRows(manifest: ExportManifest, table: ContentTable, content: ReadonlyMap<ContentTable, Buffer>): ContentRow[] {
  const listed = manifest.tables[table];
  const rows = listed ? parseRows(table, content.get(table)!, listed.rows) : [];
  if (table === 'about_data' && manifest.version < 3) return rows.map(withFormat2Identity);
  if (table === 'research_papers' && manifest.version < 4) return rows.map(withFormat3Venue);
  // Talks and courses were CV rows before format 5: an archive's 'talk' and 'teaching' rows in cv_entries are its
  // talks and courses, as the migrations moved them.
  if (table === 'cv_entries') return rows.filter((row) => row.category !== 'talk' && row.category !== 'teaching');
  if (table === 'talks') {
    return [...rows, ...legacyTalks(manifest, content)];
  }
  if (table === 'courses') return [...rows, ...legacyCourses(manifest, content)];
  return rows;
}

async function tableColumns(db: Queryable, table: ContentTable): Promise<Set<string>> {
  const { rows } = await db.query<{ column_name: string }>(
    // Generated columns (the search index) are the database's own: an archive that brings one is refused as an unknown column.
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'`,
    [table],
  );
  return new Set(rows.map((row) => row.column_name));
}

async function listPaths(storage: StorageAdapter, bucket: Bucket): Promise<Set<string>> {
  try {
    return new Set((await storage.list(bucket)).map((object) => object.path));
  } catch (error) {
    if (error instanceof StorageError && error.code === 'not-found') return new Set();
    throw error;
  }
}

function describeCounts(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${name} ${n}`);
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/** Every row in the open transaction `tx`: with 'replace' the tables are emptied first, with 'merge' rows with an archive row's id are replaced. */
async function writeRows(tx: Queryable, rows: Record<ContentTable, ContentRow[]>, mode: ImportMode): Promise<void> {
  if (mode === 'replace') {
    for (const table of CONTENT_TABLES) await tx.query(`delete from public.${table}`);
  }
  for (const table of CONTENT_TABLES) {
    if (rows[table].length === 0) continue;
    try {
      await insertRows(tx, table, rows[table], mode);
    } catch (error) {
      throw new ImportFailedError(`Writing ${table} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
}

/** The columns the table's rows bring: a row without one of them writes null there, not the default. */
function columnsOf(rows: ContentRow[]): string {
  return quoteList([...new Set(rows.flatMap((row) => Object.keys(row)))]);
}

async function insertRows(tx: Queryable, table: ContentTable, rows: ContentRow[], mode: ImportMode, columns = columnsOf(rows)): Promise<void> {
  const json = JSON.stringify(rows);
  const source = `jsonb_populate_recordset(null::public.${table}, $1::jsonb)`;
  // Replacing a row is a delete and an insert: it keeps the archive's updated_at, which an update
  // would set to now.
  if (mode === 'merge') await tx.query(`delete from public.${table} where id in (select id from ${source})`, [json]);
  await tx.query(`insert into public.${table} (${columns}) select ${columns} from ${source}`, [json]);
}

/** Thrown to roll a trial transaction back. */
class TrialOver extends Error {}

/** Runs `fn` in a transaction that is always rolled back; answers what it threw, or null. */
async function trial(db: Database, fn: (tx: Queryable) => Promise<void>): Promise<unknown> {
  try {
    await db.transaction(async (tx) => {
      await fn(tx);
      throw new TrialOver();
    });
  } catch (error) {
    return error instanceof TrialOver ? null : error;
  }
  return null;
}

/**
 * Writes the rows in a transaction rolled back at once, before any file is uploaded: a row the database
 * refuses (a required column missing, a value its checks or types refuse, a slug taken twice) refuses
 * the import with the file, row and the database's reason, and nothing was written.
 */
async function tryRows(db: Database, rows: Record<ContentTable, ContentRow[]>, mode: ImportMode): Promise<void> {
  const failure = await trial(db, (tx) => writeRows(tx, rows, mode));
  if (failure === null) return;
  if (!(failure instanceof ImportFailedError)) throw failure;
  const table = CONTENT_TABLES.find((name) => failure.message.startsWith(`Writing ${name} failed`))!;
  // Which row: the table's rows one at a time, in another transaction rolled back.
  let found: string | null = null;
  await trial(db, async (tx) => {
    if (mode === 'replace') await tx.query(`delete from public.${table}`);
    const columns = columnsOf(rows[table]);
    for (const [index, row] of rows[table].entries()) {
      try {
        await insertRows(tx, table, [row], mode, columns);
      } catch (error) {
        found = `${contentEntry(table)}, row ${index + 1} (id ${String(row.id)}): ${error instanceof Error ? error.message : String(error)}.`;
        return;
      }
    }
  });
  const cause = failure.cause instanceof Error ? failure.cause.message : failure.message;
  throw new ImportRefusedError(found ?? `${contentEntry(table)}: the database refuses its rows: ${cause}.`, { cause: failure.cause });
}

/** Object paths in `text` after one of the `prefixes` (a bucket's public address prefix). */
function referencedPaths(text: string, prefix: string): string[] {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = prefix.startsWith('/') ? new RegExp(`(?:^|[\\s("'=\\[<>,])${escaped}([^\\s"'<>()\\[\\]?#]+)`, 'g') : new RegExp(`${escaped}([^\\s"'<>()\\[\\]?#]+)`, 'g');
  const found: string[] = [];
  for (const match of text.matchAll(pattern)) {
    try {
      found.push(decodeURIComponent(match[1]));
    } catch {
      found.push(match[1]);
    }
  }
  return found;
}

function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, out);
  return out;
}

/**
 * Links in the content to this site's stored files (/storage/<bucket>/<path>, after the rewrite) that
 * are neither in the archive nor already on the site: the import would leave them broken, so it is
 * refused, naming up to three. A path cut short by a space or a parenthesis (markdown) counts as found
 * when a known path starts with it.
 */
function missingReferences(rows: Record<ContentTable, ContentRow[]>, prefixes: Record<Bucket, string>, known: Map<Bucket, Set<string>>): string[] {
  const missing = new Set<string>();
  for (const table of CONTENT_TABLES) {
    for (const text of rows[table].flatMap((row) => stringsOf(row))) {
      for (const bucket of BUCKETS) {
        if (!text.includes(prefixes[bucket])) continue;
        for (const objectPath of referencedPaths(text, prefixes[bucket])) {
          const paths = known.get(bucket)!;
          if (paths.has(objectPath) || [...paths].some((p) => p.startsWith(objectPath))) continue;
          missing.add(`${bucket}/${objectPath}`);
        }
      }
    }
  }
  return [...missing];
}

/** Where a local storage keeps its files: uploads there take disk space too. */
function localRoot(storage: StorageAdapter): string | null {
  return 'root' in storage && typeof storage.root === 'string' ? storage.root : null;
}

/**
 * The archive's files wait in `tempDir` and are then stored (on this disk too for local storage): both
 * must have room for them, else the import stops before writing anything.
 */
async function checkSpace(tempDir: string, storage: StorageAdapter, needed: number, free: (dir: string) => Promise<number>): Promise<void> {
  const places = [tempDir];
  const root = localRoot(storage);
  // A storage root not made yet is on no disk to check; its buckets are made before an import.
  if (root && (await stat(root).catch(() => null))) places.push(root);
  const devices = await Promise.all(places.map(async (dir) => (await stat(dir)).dev));
  for (const [i, dir] of places.entries()) {
    const want = devices.filter((device) => device === devices[i]).length * needed;
    const available = await free(dir);
    if (want > available) {
      throw new ImportRefusedError(
        `The archive's files need ${formatBytes(want)} of disk space in ${dir}, and only ${formatBytes(available)} is free. Free some space, then import again.`,
      );
    }
  }
}

async function readContent(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/**
 * What importSite checks of the archive alone, touching no site and writing nothing: the manifest,
 * sizes and checksums, every file as an upload would check it, every row's shape. `npm run import` runs
 * it before it makes a new site's schema and bucket folders, so a hostile archive leaves even a new data
 * directory as it was. Files are not spooled: each is held in memory while it is checked (at most the
 * largest upload, 50 MB). Throws as importSite does (ArchiveError, ImportRefusedError).
 */
export async function checkExport(file: string): Promise<ExportManifest> {
  const content = new Map<ContentTable, Buffer>();
  const uploadCheck = new UploadCheck();
  const manifest = await readArchive(file, EXPORT_FORMAT, {
    async consume(entry, chunks) {
      const table = CONTENT_TABLES.find((name) => contentEntry(name) === entry.name);
      if (table) {
        content.set(table, await readContent(chunks));
        return;
      }
      const bucket = entry.name.split('/')[1];
      await uploadCheck.check(bucket, entry.name, await collectForCheck(chunks, entry.size), entry.size);
    },
  });
  const refused = uploadCheck.describe('the export');
  if (refused) throw new ImportRefusedError(refused);
  for (const table of CONTENT_TABLES) archiveRows(manifest, table, content);
  return manifest;
}

/** An archive's file the site lacks, waiting in the temporary folder to be stored. */
interface PendingFile {
  bucket: Bucket;
  path: string;
  file: string;
}

/** What the checks before writing found: the archive's rows, its files the site lacks, and the site as it is. */
interface CheckedImport {
  manifest: ExportManifest;
  rows: Record<ContentTable, ContentRow[]>;
  toUpload: PendingFile[];
  /** Each table's rows on the site, and how many of them have the id of one of the archive's rows. */
  site: Record<ContentTable, { rows: number; shared: number }>;
  hasContent: boolean;
}

interface ImportSource {
  db: Database;
  storage: StorageAdapter;
  file: string;
  /** The free bytes where `dir` is (tests). */
  freeSpace?: (dir: string) => Promise<number>;
  /**
   * Where the temporary folder for the archive's files goes: the system's by default; the admin area's
   * import puts it inside its own operation folder, which a restart removes whatever happened.
   */
  workDir?: string;
}

/** Runs `fn` with a temporary folder for the archive's files (in `workDir`), removed whatever happens. */
async function withTempDir<T>(workDir: string | undefined, fn: (tempDir: string) => Promise<T>): Promise<T> {
  const tempDir = await mkdtemp(path.join(workDir ?? os.tmpdir(), 'portfolio-import-'));
  try {
    return await fn(tempDir);
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}

/**
 * The checks of step 1 above, for importSite and previewImport alike: the archive read whole (its files
 * into `tempDir`) and checked, then the receiving site against it. Throws ArchiveError or
 * ImportRefusedError and writes nothing outside `tempDir`. The database's trial of the rows (tryRows) is
 * the caller's, as it depends on the mode; only 'only-if-empty' is refused here, at the point where it
 * always was (before clashes and links are looked for), so importSite's messages come in the same order.
 */
async function checkImport(options: ImportSource & { mode?: ImportMode }, tempDir: string): Promise<CheckedImport> {
  const { db, storage } = options;
  // 1. The archive, checked whole; files wait in a temporary folder, content in memory.
  const content = new Map<ContentTable, Buffer>();
  const fileTemps = new Map<string, string>();
  const manifest = await readArchive(options.file, EXPORT_FORMAT, {
    async checkManifest(listed) {
      const needed = listed.files.reduce((sum, file) => sum + file.size, 0);
      await checkSpace(tempDir, storage, needed, options.freeSpace ?? freeSpace);
    },
    async consume(entry, chunks) {
      const table = CONTENT_TABLES.find((name) => contentEntry(name) === entry.name);
      if (table) {
        content.set(table, await readContent(chunks));
        return;
      }
      const temp = path.join(tempDir, String(fileTemps.size));
      fileTemps.set(entry.name, temp);
      await writeChunks(temp, chunks);
    },
  });
  // Each file as the upload would check it: an archive brings in no SVG, HTML named .png or pixel bomb.
  const uploadCheck = new UploadCheck();
  for (const file of manifest.files) {
    const name = fileEntry(file.bucket, file.path);
    await uploadCheck.checkFile(file.bucket, name, fileTemps.get(name)!, file.size);
  }
  const refused = uploadCheck.describe('the export');
  if (refused) throw new ImportRefusedError(refused);
  const rewrite = storageUrlRewriter(manifest.source.storageUrls, storageUrls(storage));
  const rows = {} as Record<ContentTable, ContentRow[]>;
  for (const table of CONTENT_TABLES) {
    rows[table] = archiveRows(manifest, table, content).map((row) => rewrite(row) as ContentRow);
  }

  // 2. The receiving site: columns it lacks, content it has, files that would clash.
  const site = {} as Record<ContentTable, { rows: number; shared: number }>;
  for (const table of CONTENT_TABLES) {
    const columns = await tableColumns(db, table);
    if (columns.size === 0) throw new ImportRefusedError(`The database has no table public.${table}: run npm run db:migrate first.`);
    const unknown = [...new Set(rows[table].flatMap((row) => Object.keys(row)))].filter((column) => !columns.has(column));
    if (unknown.length > 0) {
      throw new ImportRefusedError(
        `The archive's ${table} rows have ${unknown.length === 1 ? 'a column' : 'columns'} this site's database lacks (${unknown.join(', ')}): ` +
          `it was exported by a newer version of the site (schema ${manifest.source.schemaVersion ?? 'unknown'}). Update this site and run npm run db:migrate, then import again.`,
      );
    }
    // Ids compared as text, as one column type does not fit every table (site_settings' id is the boolean
    // true); the database prints a uuid in lower case, an archive may write it in capitals.
    const ids = JSON.stringify(rows[table].map((row) => String(row.id).toLowerCase()));
    const { rows: count } = await db.query<{ n: number; shared: number }>(
      `select count(*)::int as n, count(*) filter (where id::text in (select jsonb_array_elements_text($1::jsonb)))::int as shared from public.${table}`,
      [ids],
    );
    site[table] = { rows: Number(count[0]?.n ?? 0), shared: Number(count[0]?.shared ?? 0) };
  }
  const existing = Object.fromEntries(CONTENT_TABLES.map((table) => [table, site[table].rows]));
  const present = new Map<Bucket, Set<string>>();
  for (const bucket of BUCKETS) present.set(bucket, await listPaths(storage, bucket));
  const storedFiles = [...present.values()].reduce((sum, paths) => sum + paths.size, 0);
  const hasContent = Object.values(existing).some((n) => n > 0) || storedFiles > 0;
  if (hasContent && options.mode === 'only-if-empty') {
    throw new ImportRefusedError(
      `This site is not empty (${describeCounts(existing)}; ${storedFiles} stored file${storedFiles === 1 ? '' : 's'}). ` +
        'Run the import again with --replace to replace its content with the archive, or with --merge to add the archive to it ' +
        '(rows with the same id are replaced).',
    );
  }

  const toUpload: PendingFile[] = [];
  const clashes: string[] = [];
  for (const file of manifest.files) {
    const temp = fileTemps.get(fileEntry(file.bucket, file.path))!;
    if (!present.get(file.bucket)!.has(file.path)) {
      toUpload.push({ bucket: file.bucket, path: file.path, file: temp });
      continue;
    }
    if (sha256(await objectBytes(storage, file.bucket, file.path)) !== file.sha256) clashes.push(`${file.bucket}/${file.path}`);
  }
  if (clashes.length > 0) {
    throw new ImportRefusedError(
      `${clashes.length} file${clashes.length === 1 ? '' : 's'} of the archive exist${clashes.length === 1 ? 's' : ''} on this site with different content ` +
        `(${clashes.slice(0, 3).join(', ')}${clashes.length > 3 ? ', …' : ''}). Stored files are never overwritten: remove them in Admin → Media first.`,
    );
  }

  const known = new Map<Bucket, Set<string>>(BUCKETS.map((bucket) => [bucket, new Set(present.get(bucket))]));
  for (const file of manifest.files) known.get(file.bucket)!.add(file.path);
  const missing = missingReferences(rows, storageUrls(storage), known);
  if (missing.length > 0) {
    throw new ImportRefusedError(
      `The archive's content links to ${missing.length} stored file${missing.length === 1 ? '' : 's'} that ${missing.length === 1 ? 'is' : 'are'} neither in the archive nor on this site ` +
        `(${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}): the links would be broken.`,
    );
  }
  return { manifest, rows, toUpload, site, hasContent };
}

export async function importSite(options: ImportSource & { mode: ImportMode }): Promise<ImportResult> {
  const { db, storage } = options;
  return withTempDir(options.workDir, async (tempDir) => {
    const { manifest, rows, toUpload } = await checkImport(options, tempDir);
    await tryRows(db, rows, options.mode);

    // 3. Files first, then every row in one transaction; a failure takes the new files away again.
    const uploaded: { bucket: Bucket; path: string }[] = [];
    try {
      for (const file of toUpload) {
        await storage.upload(file.bucket, { path: file.path, bytes: await readFile(file.file), contentType: contentTypeOfPath(file.path) });
        uploaded.push(file);
      }
      await db.transaction((tx) => writeRows(tx, rows, options.mode));
    } catch (error) {
      for (const file of uploaded) {
        await storage.remove(file.bucket, [file.path]).catch((cleanup: unknown) => {
          console.error(`Could not remove ${file.bucket}/${file.path} after the failed import`, cleanup);
        });
      }
      if (error instanceof ImportFailedError) throw new ImportFailedError(`${error.message}\nNothing was imported: the site is as it was.`, { cause: error.cause });
      throw new ImportFailedError(
        `The import failed: ${error instanceof Error ? error.message : String(error)}\nNothing was imported: the site is as it was.`,
        { cause: error },
      );
    }
    return {
      manifest,
      rows: Object.fromEntries(CONTENT_TABLES.map((table) => [table, rows[table].length])) as Record<ContentTable, number>,
      filesWritten: toUpload.length,
      filesPresent: manifest.files.length - toUpload.length,
    };
  });
}

export interface ImportTablePlan {
  /** Rows of this table in the archive, and on the site now. */
  inArchive: number;
  onSite: number;
  /** Archive rows whose id the site does not have. */
  added: number;
  /** Archive rows whose id the site has: their row is replaced. */
  replaced: number;
  /** Site rows the archive does not have: kept by 'merge' (left), deleted by 'replace' (removed). */
  left: number;
  removed: number;
}

export type ImportModePlan = { ok: true; tables: Record<ContentTable, ImportTablePlan> } | { ok: false; refusal: string };

export interface ImportPreview {
  manifest: ExportManifest;
  /** The archive's stored files: how many and their bytes; how many the site lacks (written) and has with the same bytes (left as they are). */
  files: { total: number; bytes: number; written: number; present: number };
  /** Each mode the owner may choose, with what it would do, or why the database refuses it (tryRows's message for that mode). */
  modes: { replace: ImportModePlan; merge: ImportModePlan };
  /** Whether the site has content or stored files now (a hint for the UI; an empty site gets the same rows either way). */
  siteHasContent: boolean;
}

/** What `mode` would do to each table, or the database's refusal of the rows in that mode. */
async function planMode(db: Database, checked: CheckedImport, mode: 'replace' | 'merge'): Promise<ImportModePlan> {
  try {
    await tryRows(db, checked.rows, mode);
  } catch (error) {
    if (error instanceof ImportRefusedError) return { ok: false, refusal: error.message };
    throw error;
  }
  const tables = {} as Record<ContentTable, ImportTablePlan>;
  for (const table of CONTENT_TABLES) {
    const inArchive = checked.rows[table].length;
    const { rows: onSite, shared: replaced } = checked.site[table];
    const lacking = onSite - replaced;
    tables[table] = { inArchive, onSite, added: inArchive - replaced, replaced, left: mode === 'merge' ? lacking : 0, removed: mode === 'replace' ? lacking : 0 };
  }
  return { ok: true, tables };
}

/**
 * What importing `file` into this site would do, for the admin page that asks the owner to choose before
 * anything is written: the same checks as importSite (its step 1, shared through checkImport), then
 * for 'replace' and for 'merge' the rows tried in a transaction rolled back, and each table's rows
 * counted as added, replaced, left or removed. Writes nothing: no row, no stored file, no bucket; the
 * archive's files wait in a temporary folder removed at the end.
 *
 * A refusal that holds whatever the mode (the archive, its files, its rows' shape or columns, clashing
 * files, broken links, disk space) is thrown as importSite throws it (ArchiveError, ImportRefusedError),
 * since no choice would let the import through; only the database's refusal of one mode's rows is
 * answered, in that mode's plan, as the other mode may still be possible.
 */
export async function previewImport(options: ImportSource): Promise<ImportPreview> {
  return withTempDir(options.workDir, async (tempDir) => {
    const checked = await checkImport(options, tempDir);
    const { manifest, toUpload } = checked;
    const total = manifest.files.length;
    return {
      manifest,
      files: { total, bytes: manifest.files.reduce((sum, file) => sum + file.size, 0), written: toUpload.length, present: total - toUpload.length },
      modes: { replace: await planMode(options.db, checked, 'replace'), merge: await planMode(options.db, checked, 'merge') },
      siteHasContent: checked.hasContent,
    };
  });
}
