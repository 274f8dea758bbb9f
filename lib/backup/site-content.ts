import 'server-only';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '@/lib/db/types';
import type { StorageAdapter } from '@/lib/storage/types';
import { formatBytes, KB, MB } from '@/lib/bytes.mjs';
import { ARCHIVE_LIMITS, ArchiveError, freeSpace } from './archive';
import { exportSite, type ExportProgress } from './export';
import { ImportFailedError, ImportRefusedError, importSite, previewImport, type ImportPreview, type ImportResult } from './import';
import { makeOperationFolder } from './site-content-folders';

/**
 * Export and import from the admin area (Settings → Site content): the same archive and the same
 * checks as `npm run export` / `npm run import` (lib/backup/export.ts, import.ts), run by this server for a
 * signed-in admin. The route handlers in app/admin/site-content/ check the caller; this module keeps the
 * work in progress:
 *
 * - An export is prepared in the background into a temporary file (its progress polled by the page), then
 *   downloaded once, streamed from disk with its length, and removed.
 * - An import's archive arrives in chunks of at most IMPORT_CHUNK_BYTES (under the 10 MB Next.js buffers
 *   of a request the proxy sees, and under the 4.5 MB a Vercel function takes), appended to a temporary
 *   file in order. The last chunk's request checks the archive whole and answers the preview
 *   (previewImport); the owner's confirmation then imports it with the chosen mode.
 *
 * One export or import at a time per server, on globalThis (the route handlers each bundle their own
 * copy of this module). The slot never locks its owner out: their own work left waiting (an upload or a
 * preview abandoned, an export not downloaded) gives way when they start again, and they may cancel it at
 * any step but the import itself. Work left waiting is removed after OPERATION_IDLE_MS, and its folder when
 * the process stops (lib/backup/site-content-folders.ts). The state lives in this process: a host that
 * runs each request in a new process (serverless functions) cannot export or import from the browser; the
 * command line works there (docs/deploy.md).
 */

export const IMPORT_CHUNK_BYTES = 4 * MB;
/** The largest archive the browser may send: what the command line accepts (lib/backup/archive.ts). */
export const IMPORT_MAX_BYTES = ARCHIVE_LIMITS.totalBytes;
export const OPERATION_IDLE_MS = 30 * 60_000;

export const SITE_CONTENT_MESSAGES = {
  busy: 'Another export or import is under way on this site. Wait for it to finish, then try again.',
  gone: 'This export or import is no longer on the server (it finished, was cancelled or waited too long). Start again.',
  notYours: 'This export or import was started by another admin.',
  tooLarge: (size: number) => `The archive is ${formatBytes(size)}; an import takes at most ${formatBytes(IMPORT_MAX_BYTES)}.`,
  empty: 'The file is empty: choose an export archive (.tar.gz).',
  noSpace: (size: number, free: number) =>
    `The upload needs ${formatBytes(size)} of disk space on the server, and only ${formatBytes(free)} is free. Free some space, then import again.`,
  chunkOutOfOrder: (expected: number) => `The upload went out of order: the server expected the part at byte ${expected}. Start the import again.`,
  chunkTooLarge: `A part of the upload is larger than ${formatBytes(IMPORT_CHUNK_BYTES)} or runs past the archive's size. Start the import again.`,
  partUnderWay: 'Another part of this upload is being received. Send the parts one after the other.',
  notReady: 'The archive has not been checked yet: upload it whole first.',
  uploaded: 'The archive is uploaded already.',
  exportNotReady: 'The export is not ready to download (or was downloaded already).',
  downloadInterrupted: 'The download was interrupted, and the prepared export is gone from the server. Download the export again.',
  refusedMode: 'That choice is not possible for this archive (see the preview). Choose the other one or cancel.',
} as const;

export class SiteContentError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'SiteContentError';
  }
}

export type ExportState =
  | { phase: 'preparing'; progress: ExportProgress | null }
  | { phase: 'ready'; size: number; fileName: string }
  /** The browser is downloading it: `sent` bytes of `size` have left the server. */
  | { phase: 'downloading'; size: number; sent: number; fileName: string }
  | { phase: 'downloaded'; size: number; fileName: string }
  | { phase: 'failed'; error: string };

/** How long a finished download's state stays for the page to read, after its file is removed. */
const FINISHED_KEPT_MS = 60_000;

export type ImportState =
  | { phase: 'uploading'; received: number; size: number }
  | { phase: 'checking' }
  | { phase: 'previewed'; preview: PreviewSummary }
  | { phase: 'importing'; mode: 'replace' | 'merge' };

/** What the page shows of a preview: the plan per mode and the files, with the manifest's facts. */
export interface PreviewSummary {
  exportedAt: string;
  appVersion: string;
  source: { database: string; storage: string };
  files: ImportPreview['files'];
  modes: ImportPreview['modes'];
  siteHasContent: boolean;
}

interface Operation {
  id: string;
  kind: 'export' | 'import';
  owner: string;
  dir: string;
  file: string;
  timer?: NodeJS.Timeout;
  /** A part of the upload is being written: the one request that may add to the file. */
  receiving?: boolean;
  /** Cancelled by its owner during work that cannot be cut: removed as soon as that work ends. */
  cancelled?: boolean;
  export?: ExportState;
  import?: ImportState;
}

const key = Symbol.for('academic-portfolio.site-content');
type Store = { operations: Map<string, Operation> };
const store = ((globalThis as Record<symbol, unknown>)[key] ??= { operations: new Map() } satisfies Store) as Store;

/** The operation that holds the one place (an export being prepared, or an import not yet finished), but those `giving way`. */
function running(givingWay: Operation[] = []): Operation | undefined {
  for (const operation of store.operations.values()) {
    if (givingWay.includes(operation)) continue;
    if (operation.kind === 'import' || operation.export?.phase === 'preparing') return operation;
  }
  return undefined;
}

async function forget(operation: Operation): Promise<void> {
  clearTimeout(operation.timer);
  store.operations.delete(operation.id);
  await rm(operation.dir, { recursive: true, force: true });
}

/** Whether `operation` is still kept: a request that awaited may find it cancelled or replaced meanwhile. */
function kept(operation: Operation): boolean {
  return store.operations.get(operation.id) === operation;
}

/** Work that cannot be cut: it reads or writes its file, or the site, until it ends by itself. */
function working(operation: Operation): boolean {
  return (
    operation.export?.phase === 'preparing' ||
    operation.export?.phase === 'downloading' ||
    operation.import?.phase === 'checking' ||
    operation.import?.phase === 'importing'
  );
}

/** Waiting work is removed after OPERATION_IDLE_MS without a request; work under way is never cut. */
function touch(operation: Operation): void {
  clearTimeout(operation.timer);
  operation.timer = setTimeout(() => {
    if (working(operation) || operation.receiving) touch(operation);
    else void forget(operation).catch((error: unknown) => console.error('Could not remove an abandoned export or import', error));
  }, OPERATION_IDLE_MS);
  operation.timer.unref();
}

async function begin(kind: Operation['kind'], owner: string): Promise<Operation> {
  // The owner's own work left waiting (a page reloaded, a tab closed, a confirm refused) gives way.
  const waiting = [...store.operations.values()].filter((each) => each.owner === owner && !working(each));
  if (running(waiting)) throw new SiteContentError(SITE_CONTENT_MESSAGES.busy, 409);
  await Promise.all(waiting.map(forget));
  const dir = await makeOperationFolder(kind);
  const operation: Operation = { id: randomUUID(), kind, owner, dir, file: path.join(dir, 'archive.tar.gz') };
  // Checked again: another request may have begun while this one made its folder.
  if (running()) {
    await rm(dir, { recursive: true, force: true });
    throw new SiteContentError(SITE_CONTENT_MESSAGES.busy, 409);
  }
  store.operations.set(operation.id, operation);
  touch(operation);
  return operation;
}

function find(id: string, kind: Operation['kind'], owner: string): Operation {
  const operation = store.operations.get(id);
  if (!operation || operation.kind !== kind) throw new SiteContentError(SITE_CONTENT_MESSAGES.gone, 404);
  if (operation.owner !== owner) throw new SiteContentError(SITE_CONTENT_MESSAGES.notYours, 403);
  touch(operation);
  return operation;
}

/** The download's name: the site's title as a file name, and the day. */
export function exportFileName(siteTitle: string, now: Date): string {
  const base = siteTitle
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'portfolio'}-export-${now.toISOString().slice(0, 10)}.tar.gz`;
}

/** Starts preparing an export; answers its id at once. */
export async function startExport(options: { owner: string; db: Database; storage: StorageAdapter; siteTitle: string }): Promise<{ id: string }> {
  const operation = await begin('export', options.owner);
  operation.export = { phase: 'preparing', progress: null };
  const fileName = exportFileName(options.siteTitle, new Date());
  exportSite({
    db: options.db,
    storage: options.storage,
    file: operation.file,
    workDir: operation.dir,
    onProgress: (progress) => {
      if (operation.export?.phase === 'preparing') operation.export.progress = progress;
    },
  })
    .then(async () => {
      operation.export = { phase: 'ready', size: (await stat(/*turbopackIgnore: true*/ operation.file)).size, fileName };
    })
    .catch((error: unknown) => {
      console.error('The export from the admin area failed', error);
      operation.export = { phase: 'failed', error: 'The export could not be prepared. Please try again; the server log says why.' };
      void rm(operation.file, { force: true });
    })
    .finally(() => {
      if (operation.cancelled) void forget(operation);
    });
  return { id: operation.id };
}

export function exportState(id: string, owner: string): ExportState {
  return find(id, 'export', owner).export!;
}

/**
 * The prepared archive as a stream with its size and name, taken once. While it streams, the export's state
 * counts the bytes sent, so the page can draw the download's progress beside the browser's; once the stream
 * has ended (or the browser gave up) the file is removed, and the state says how it went for a minute more.
 */
export function exportDownload(id: string, owner: string): { stream: ReadableStream<Uint8Array>; size: number; fileName: string } {
  const operation = find(id, 'export', owner);
  const state = operation.export!;
  if (state.phase !== 'ready') throw new SiteContentError(SITE_CONTENT_MESSAGES.exportNotReady, 409);
  const { size, fileName } = state;
  const sending = { phase: 'downloading' as const, size, sent: 0, fileName };
  operation.export = sending;
  const file = createReadStream(operation.file, { highWaterMark: 256 * KB });
  file.on('data', (chunk) => (sending.sent += chunk.length));
  file.once('close', () => {
    operation.export =
      sending.sent === size ? { phase: 'downloaded', size, fileName } : { phase: 'failed', error: SITE_CONTENT_MESSAGES.downloadInterrupted };
    if (operation.cancelled) return void forget(operation);
    clearTimeout(operation.timer);
    void rm(operation.dir, { recursive: true, force: true }).finally(() => {
      operation.timer = setTimeout(() => store.operations.delete(operation.id), FINISHED_KEPT_MS);
      operation.timer.unref();
    });
  });
  return { stream: Readable.toWeb(file) as ReadableStream<Uint8Array>, size, fileName };
}

/**
 * Cancels an operation for its owner: its folder is removed now, or, when work that cannot be cut is under
 * way (an export prepared or downloaded, an archive checked), as soon as that work ends.
 */
async function cancel(operation: Operation): Promise<void> {
  if (working(operation)) operation.cancelled = true;
  else await forget(operation);
}

/** Cancels an export: the page went before it was downloaded. */
export async function cancelExport(id: string, owner: string): Promise<void> {
  await cancel(find(id, 'export', owner));
}

/** Starts an import of an archive of `size` bytes: room is made for it, and the upload may begin. */
export async function startImport(options: { owner: string; size: number; free?: (dir: string) => Promise<number> }): Promise<{ id: string; chunkBytes: number }> {
  const { size } = options;
  if (!Number.isSafeInteger(size) || size <= 0) throw new SiteContentError(SITE_CONTENT_MESSAGES.empty, 400);
  if (size > IMPORT_MAX_BYTES) throw new SiteContentError(SITE_CONTENT_MESSAGES.tooLarge(size), 413);
  const free = await (options.free ?? freeSpace)(os.tmpdir());
  if (size > free) throw new SiteContentError(SITE_CONTENT_MESSAGES.noSpace(size, free), 507);
  const operation = await begin('import', options.owner);
  operation.import = { phase: 'uploading', received: 0, size };
  return { id: operation.id, chunkBytes: IMPORT_CHUNK_BYTES };
}

/** `message` with `place`, and any path under it, said in `words`. */
function unnamed(message: string, place: string, words: string): string {
  const [before, ...after] = message.split(place);
  return before + after.map((part) => words + (part.startsWith(path.sep) ? part.replace(/^[^\s(),]*/, '') : part)).join('');
}

/**
 * The archive or the site refused by the checks (as `npm run import` refuses them) as the answer to send;
 * anything else as it is. The checks name the files and folders they read, as the command line names the
 * user's own; here those are the server's, so the answer says them in words.
 */
function asRefusal(error: unknown, operation: Operation, storage: StorageAdapter): unknown {
  if (!(error instanceof ArchiveError || error instanceof ImportRefusedError)) return error;
  const root = 'root' in storage && typeof storage.root === 'string' ? storage.root : '';
  let message = unnamed(error.message, operation.file, 'the uploaded archive');
  message = unnamed(message, os.tmpdir(), "the server's temporary folder");
  if (root) message = unnamed(message, root, "the site's storage folder");
  return new SiteContentError(`${message}\nNothing was imported.`, 422);
}

function summary(preview: ImportPreview): PreviewSummary {
  return {
    exportedAt: preview.manifest.exportedAt,
    appVersion: preview.manifest.app.version,
    source: { database: preview.manifest.source.database, storage: preview.manifest.source.storage },
    files: preview.files,
    modes: preview.modes,
    siteHasContent: preview.siteHasContent,
  };
}

/**
 * One chunk of the upload, at `offset`, taken while no other is being received (parts sent side by side
 * would each pass the offset check before either is written). Once the archive is whole it is checked (as
 * `npm run import` checks it): the answer is then the preview, or the refusal (the import is then over, and
 * its file removed).
 */
export async function receiveChunk(options: {
  id: string;
  owner: string;
  offset: number;
  body: ReadableStream<Uint8Array> | null;
  db: Database;
  storage: StorageAdapter;
}): Promise<ImportState> {
  const operation = find(options.id, 'import', options.owner);
  const state = operation.import!;
  if (state.phase !== 'uploading') throw new SiteContentError(SITE_CONTENT_MESSAGES.uploaded, 409);
  if (operation.receiving) throw new SiteContentError(SITE_CONTENT_MESSAGES.partUnderWay, 409);
  if (options.offset !== state.received) throw new SiteContentError(SITE_CONTENT_MESSAGES.chunkOutOfOrder(state.received), 409);
  // Taken before the first await, given back after `received` counts the part.
  operation.receiving = true;
  const room = Math.min(IMPORT_CHUNK_BYTES, state.size - state.received);
  let written = 0;
  try {
    const handle = await open(operation.file, state.received === 0 ? 'w' : 'a');
    try {
      if (options.body) {
        const reader = options.body.getReader();
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          if (written + chunk.value.byteLength > room) {
            await reader.cancel().catch(() => undefined);
            throw new SiteContentError(SITE_CONTENT_MESSAGES.chunkTooLarge, 413);
          }
          await handle.write(chunk.value);
          written += chunk.value.byteLength;
        }
      }
    } finally {
      await handle.close();
    }
  } catch (error) {
    // A part cut off or refused: the upload is over, and nothing was written to the site.
    const cancelled = !kept(operation);
    await forget(operation);
    throw cancelled ? new SiteContentError(SITE_CONTENT_MESSAGES.gone, 404) : error;
  } finally {
    operation.receiving = false;
  }
  // Cancelled or replaced by its owner while the part arrived: the part went with it.
  if (!kept(operation)) throw new SiteContentError(SITE_CONTENT_MESSAGES.gone, 404);
  state.received += written;
  if (state.received < state.size) return { phase: 'uploading', received: state.received, size: state.size };

  operation.import = { phase: 'checking' };
  try {
    const preview = await previewImport({ db: options.db, storage: options.storage, file: operation.file, workDir: operation.dir });
    operation.import = { phase: 'previewed', preview: summary(preview) };
  } catch (error) {
    await forget(operation);
    throw operation.cancelled ? new SiteContentError(SITE_CONTENT_MESSAGES.gone, 404) : asRefusal(error, operation, options.storage);
  }
  if (operation.cancelled) {
    await forget(operation);
    throw new SiteContentError(SITE_CONTENT_MESSAGES.gone, 404);
  }
  return operation.import;
}

export function importState(id: string, owner: string): ImportState {
  return find(id, 'import', owner).import!;
}

/** Cancels an import not yet confirmed (at any step before): its file is removed, and the site was never touched. */
export async function cancelImport(id: string, owner: string): Promise<void> {
  const operation = find(id, 'import', owner);
  if (operation.import?.phase === 'importing') throw new SiteContentError(SITE_CONTENT_MESSAGES.busy, 409);
  await cancel(operation);
}

export interface ImportDone {
  result: ImportResult;
  /** The backup taken right before the import (embedded mode), and the command that restores it. */
  backup: { file: string; restoreCommand: string } | null;
}

/**
 * The confirmed import: a backup first (embedded mode), then `importSite` with the chosen mode, which checks
 * the archive and the site again (the site may have changed since the preview) and is all or nothing.
 * The import is over whatever happens; its file is removed.
 */
export async function confirmImport(options: {
  id: string;
  owner: string;
  mode: 'replace' | 'merge';
  db: Database;
  storage: StorageAdapter;
  backup: () => Promise<{ file: string; restoreCommand: string } | null>;
}): Promise<ImportDone> {
  const operation = find(options.id, 'import', options.owner);
  const state = operation.import!;
  if (state.phase !== 'previewed') throw new SiteContentError(state.phase === 'importing' ? SITE_CONTENT_MESSAGES.busy : SITE_CONTENT_MESSAGES.notReady, 409);
  if (!state.preview.modes[options.mode].ok) throw new SiteContentError(SITE_CONTENT_MESSAGES.refusedMode, 409);
  operation.import = { phase: 'importing', mode: options.mode };
  try {
    const backup = await options.backup();
    const result = await importSite({ db: options.db, storage: options.storage, file: operation.file, mode: options.mode, workDir: operation.dir });
    return { result, backup };
  } catch (error) {
    throw error instanceof ImportFailedError ? new SiteContentError(error.message, 500) : asRefusal(error, operation, options.storage);
  } finally {
    await forget(operation);
  }
}

/** For tests: every operation forgotten and its files removed. */
export async function resetSiteContent(): Promise<void> {
  await Promise.all([...store.operations.values()].map(forget));
}
