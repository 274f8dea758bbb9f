// @module-tag security
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '@/lib/backup/export';
import {
  cancelImport,
  confirmImport,
  exportDownload,
  exportState,
  importState,
  IMPORT_CHUNK_BYTES,
  IMPORT_MAX_BYTES,
  receiveChunk,
  resetSiteContent,
  SiteContentError,
  SITE_CONTENT_MESSAGES,
  startExport,
  startImport,
  type ImportState,
} from '@/lib/backup/site-content';
import { removeLeftOperationFolders } from '@/lib/backup/site-content-folders';
import { seedSampleContent } from '@/lib/db/seed';
import type { Database } from '@/lib/db/types';
import { LocalStorage } from '@/lib/storage/local';
import { openTestPglite } from '../helpers/db';
import { runScript, tempDataDir, type ScriptRun } from '../helpers/site-server';
import { SAMPLES } from '../helpers/storage-samples';

/**
 * Settings → Site content's operations (lib/backup/site-content.ts, issue 36) on PGlite and a local storage,
 * without a server: one export or import at a time, an upload only in order and within its size, the
 * preview before anything is written, the import all or nothing, and the temporary files removed whatever
 * happens (the folder of this file alone, TMPDIR, holds after each test what it held before).
 */

const tmp = tempDataDir('portfolio-site-content-tmp-');
const savedTmpdir = process.env.TMPDIR;
let db: Database;
let cleanup: () => Promise<void>;
let storage: LocalStorage;
let archive: Buffer;
/** What the temporary folder holds once the site is made: after each test, exactly this again. */
let baseline: string[];
const OWNER = 'owner-1';

function body(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
}

/** Uploads `bytes` in the server's parts; the last answer. */
async function upload(id: string, bytes: Buffer): Promise<ImportState> {
  let state: ImportState = { phase: 'uploading', received: 0, size: bytes.length };
  for (let offset = 0; offset < bytes.length; offset += IMPORT_CHUNK_BYTES) {
    state = await receiveChunk({ id, owner: OWNER, offset, body: body(bytes.subarray(offset, offset + IMPORT_CHUNK_BYTES)), db, storage });
  }
  return state;
}

async function refusal(promise: Promise<unknown>): Promise<SiteContentError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SiteContentError);
  return error as SiteContentError;
}

beforeAll(async () => {
  process.env.TMPDIR = tmp;
  ({ db, cleanup } = await openTestPglite());
  storage = new LocalStorage(path.join(tempDataDir(), 'storage'));
  await seedSampleContent(db);
  await storage.ensureBuckets();
  await storage.upload('blog-images', { path: '1-cover.png', bytes: SAMPLES.png, contentType: 'image/png' });
  const file = path.join(tempDataDir(), 'export.tar.gz');
  await exportSite({ db, storage, file });
  archive = readFileSync(file);
  baseline = readdirSync(tmp).sort();
});

afterEach(async () => {
  await resetSiteContent();
  expect(readdirSync(tmp).sort()).toEqual(baseline);
});

afterAll(async () => {
  process.env.TMPDIR = savedTmpdir;
  await cleanup();
  rmSync(tmp, { recursive: true, force: true });
});

describe('the export', () => {
  it('is prepared with progress, downloaded once as the archive npm run export writes, and removed', async () => {
    const { id } = await startExport({ owner: OWNER, db, storage, siteTitle: 'Alex Morgan — Mathematics' });
    await expect.poll(() => exportState(id, OWNER).phase).toBe('ready');
    const state = exportState(id, OWNER);
    expect(state).toMatchObject({ phase: 'ready', fileName: expect.stringMatching(/^alex-morgan-mathematics-export-\d{4}-\d{2}-\d{2}\.tar\.gz$/) });
    expect(() => exportState(id, 'someone-else')).toThrow(SITE_CONTENT_MESSAGES.notYours);
    const { stream, size } = exportDownload(id, OWNER);
    const sending = exportState(id, OWNER);
    expect(sending).toMatchObject({ phase: 'downloading', size, sent: 0 });
    const bytes = Buffer.from(await new Response(stream).arrayBuffer());
    expect(bytes.length).toBe(size);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    // Taken once: its file gone from the server, its state saying how the download went.
    await expect.poll(() => exportState(id, OWNER).phase).toBe('downloaded');
    await expect.poll(() => readdirSync(tmp).sort()).toEqual(baseline);
    expect(() => exportDownload(id, OWNER)).toThrow(SITE_CONTENT_MESSAGES.exportNotReady);
  });

  it('keeps its temporary files inside its own folder, which a restart removes, while it is prepared', async () => {
    let release!: () => void;
    const listing = new Promise<void>((resolve) => (release = resolve));
    let listed!: () => void;
    const reached = new Promise<void>((resolve) => (listed = resolve));
    // Held at its first listing of the storage: by then the export has made its temporary folder.
    const held = Object.assign(Object.create(storage) as LocalStorage, {
      list: async (...args: Parameters<LocalStorage['list']>) => {
        listed();
        await listing;
        return storage.list(...args);
      },
    });
    const { id } = await startExport({ owner: OWNER, db, storage: held, siteTitle: 'x' });
    await reached;
    const added = readdirSync(tmp).filter((name) => !baseline.includes(name));
    try {
      expect(added).toEqual([expect.stringMatching(new RegExp(`^portfolio-export-${process.pid}-`))]);
    } finally {
      release();
    }
    await expect.poll(() => exportState(id, OWNER).phase).toBe('ready');
  });

  it('says so when the download is interrupted, and removes the prepared file all the same', async () => {
    const { id } = await startExport({ owner: OWNER, db, storage, siteTitle: 'x' });
    await expect.poll(() => exportState(id, OWNER).phase).toBe('ready');
    const { stream } = exportDownload(id, OWNER);
    await stream.cancel();
    await expect.poll(() => exportState(id, OWNER)).toEqual({ phase: 'failed', error: SITE_CONTENT_MESSAGES.downloadInterrupted });
    await expect.poll(() => readdirSync(tmp).sort()).toEqual(baseline);
  });
});

describe('the import', () => {
  it('previews an uploaded export per mode, then imports it with replace, and removes its file', async () => {
    const { id, chunkBytes } = await startImport({ owner: OWNER, size: archive.length });
    expect(chunkBytes).toBe(IMPORT_CHUNK_BYTES);
    const state = await upload(id, archive);
    if (state.phase !== 'previewed') throw new Error(`not previewed: ${state.phase}`);
    expect(state.preview.modes.replace.ok && state.preview.modes.replace.tables.blog_posts).toMatchObject({ replaced: 4, added: 0, removed: 0 });
    expect(state.preview.files).toMatchObject({ total: 1, present: 1, written: 0 });

    const done = await confirmImport({ id, owner: OWNER, mode: 'replace', db, storage, backup: async () => ({ file: '/b.tar', restoreCommand: 'npm run restore -- /b.tar' }) });
    expect(done.backup).toEqual({ file: '/b.tar', restoreCommand: 'npm run restore -- /b.tar' });
    expect(done.result.rows.blog_posts).toBe(4);
    expect(() => exportState(id, OWNER)).toThrow(SiteContentError);
  });

  it('takes one export or import at a time', async () => {
    const { id } = await startImport({ owner: OWNER, size: archive.length });
    expect((await refusal(startImport({ owner: 'owner-2', size: 10 }))).message).toBe(SITE_CONTENT_MESSAGES.busy);
    expect((await refusal(startExport({ owner: 'owner-2', db, storage, siteTitle: 'x' }))).status).toBe(409);
    await cancelImport(id, OWNER);
    const again = await startImport({ owner: 'owner-2', size: 10 });
    await cancelImport(again.id, 'owner-2');
    // Work under way is never cut, not even by its owner starting again.
    const exporting = await startExport({ owner: OWNER, db, storage, siteTitle: 'x' });
    expect((await refusal(startImport({ owner: OWNER, size: 10 }))).message).toBe(SITE_CONTENT_MESSAGES.busy);
    await expect.poll(() => exportState(exporting.id, OWNER).phase).toBe('ready');
  });

  it('refuses an empty or too large archive, or one the disk has no room for, before anything is kept', async () => {
    expect((await refusal(startImport({ owner: OWNER, size: 0 }))).message).toBe(SITE_CONTENT_MESSAGES.empty);
    expect((await refusal(startImport({ owner: OWNER, size: IMPORT_MAX_BYTES + 1 }))).status).toBe(413);
    const noRoom = await refusal(startImport({ owner: OWNER, size: 5_000, free: async () => 1_000 }));
    expect(noRoom.status).toBe(507);
    expect(noRoom.message).toMatch(/^The upload needs .+ of disk space on the server, and only .+ is free\. Free some space, then import again\.$/);
  });

  it('takes the parts only in order and within the size, and a refused part ends the upload and removes its file', async () => {
    const { id } = await startImport({ owner: OWNER, size: 100 });
    expect((await refusal(receiveChunk({ id, owner: OWNER, offset: 50, body: body(Buffer.alloc(50)), db, storage }))).message).toBe(
      SITE_CONTENT_MESSAGES.chunkOutOfOrder(0),
    );
    expect(await receiveChunk({ id, owner: OWNER, offset: 0, body: body(Buffer.alloc(60)), db, storage })).toEqual({ phase: 'uploading', received: 60, size: 100 });
    const tooLong = await refusal(receiveChunk({ id, owner: OWNER, offset: 60, body: body(Buffer.alloc(41)), db, storage }));
    expect(tooLong.message).toBe(SITE_CONTENT_MESSAGES.chunkTooLarge);
    expect((await refusal(receiveChunk({ id, owner: OWNER, offset: 60, body: body(Buffer.alloc(40)), db, storage }))).status).toBe(404);
  });

  it('refuses a damaged archive with the command line\'s message, writes nothing and removes its file', async () => {
    const rows = await db.query<{ n: number }>('select count(*)::int as n from blog_posts');
    const damaged = Buffer.from(archive);
    damaged[damaged.length - 20] ^= 0xff;
    const { id } = await startImport({ owner: OWNER, size: damaged.length });
    const error = await refusal(upload(id, damaged));
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/Nothing was imported\.$/);
    expect((await db.query<{ n: number }>('select count(*)::int as n from blog_posts')).rows).toEqual(rows.rows);
  });

  it('is not confirmed before its preview, nor by another admin; a cancelled import is gone', async () => {
    const { id } = await startImport({ owner: OWNER, size: archive.length });
    const backup = async () => null;
    expect((await refusal(confirmImport({ id, owner: OWNER, mode: 'merge', db, storage, backup }))).message).toBe(SITE_CONTENT_MESSAGES.notReady);
    expect((await refusal(confirmImport({ id, owner: 'owner-2', mode: 'merge', db, storage, backup }))).status).toBe(403);
    await cancelImport(id, OWNER);
    expect((await refusal(confirmImport({ id, owner: OWNER, mode: 'merge', db, storage, backup }))).message).toBe(SITE_CONTENT_MESSAGES.gone);
    expect(os.tmpdir()).toBe(tmp);
  });
});

describe('operations that cannot outlive their owner or each other', () => {
  it('the same owner starting again replaces their own import left uploaded or previewed; another admin still waits', async () => {
    const half = await startImport({ owner: OWNER, size: archive.length });
    await receiveChunk({ id: half.id, owner: OWNER, offset: 0, body: body(archive.subarray(0, 100)), db, storage });
    // The page was reloaded half way: starting again takes the place.
    const previewed = await startImport({ owner: OWNER, size: archive.length });
    expect((await refusal(receiveChunk({ id: half.id, owner: OWNER, offset: 100, body: body(archive.subarray(100, 200)), db, storage }))).status).toBe(404);
    expect((await upload(previewed.id, archive)).phase).toBe('previewed');
    // Reloaded after the preview (or its confirm refused): another admin is told to wait, the owner is not.
    expect((await refusal(startImport({ owner: 'owner-2', size: 10 }))).message).toBe(SITE_CONTENT_MESSAGES.busy);
    const again = await startImport({ owner: OWNER, size: 10 });
    expect(() => importState(previewed.id, OWNER)).toThrow(SITE_CONTENT_MESSAGES.gone);
    expect(readdirSync(tmp).length).toBe(baseline.length + 1);
    await cancelImport(again.id, OWNER);
  });

  it('an import can be cancelled by its owner while its archive is being checked, and is removed once the check ends', async () => {
    const { id } = await startImport({ owner: OWNER, size: archive.length });
    const checked = upload(id, archive).then(
      () => null,
      (error: unknown) => error,
    );
    await expect.poll(() => importState(id, OWNER).phase, { interval: 1 }).toBe('checking');
    await cancelImport(id, OWNER);
    expect(await checked).toMatchObject({ status: 404, message: SITE_CONTENT_MESSAGES.gone });
    expect(() => importState(id, OWNER)).toThrow(SITE_CONTENT_MESSAGES.gone);
  });

  it('upload parts sent at the same moment: exactly one part per offset is taken, and the received count never passes the declared size', async () => {
    const { id } = await startImport({ owner: OWNER, size: 10_000 });
    await receiveChunk({ id, owner: OWNER, offset: 0, body: body(Buffer.alloc(1_000, 1)), db, storage });
    const parts = await Promise.allSettled(
      Array.from({ length: 6 }, () => receiveChunk({ id, owner: OWNER, offset: 1_000, body: body(Buffer.alloc(3_000, 2)), db, storage })),
    );
    expect(parts.filter((part) => part.status === 'fulfilled')).toHaveLength(1);
    for (const part of parts) if (part.status === 'rejected') expect(part.reason).toMatchObject({ status: 409, message: SITE_CONTENT_MESSAGES.partUnderWay });
    expect(importState(id, OWNER)).toEqual({ phase: 'uploading', received: 4_000, size: 10_000 });
    const folder = readdirSync(tmp).find((name) => !baseline.includes(name))!;
    expect(statSync(path.join(tmp, folder, 'archive.tar.gz')).size).toBe(4_000);
  });

  it('a refusal never shows a server path', async () => {
    const notTar = gzipSync(Buffer.alloc(3_000, 7));
    const { id } = await startImport({ owner: OWNER, size: notTar.length });
    const error = await refusal(upload(id, notTar));
    expect(error.status).toBe(422);
    expect(error.message).toBe('The file is not a tar archive. (the uploaded archive)\nNothing was imported.');
    expect(error.message).not.toContain(tmp);
  });
});

describe('temporary export and import folders', () => {
  /** Temporary folders for the server processes below, beside the one this file checks. */
  const made: string[] = [];
  const outside = (prefix: string) => {
    made.push(mkdtempSync(path.join(path.dirname(tmp), prefix)));
    return made.at(-1)!;
  };
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  /** A server process with an upload left half way (tests/helpers/site-content-upload.ts), its temporary folder `dir`. */
  async function halfUpload(dir: string): Promise<ScriptRun> {
    const run = runScript('tests/helpers/site-content-upload.ts', [], { TMPDIR: dir, NODE_OPTIONS: '--conditions=react-server' });
    await expect.poll(() => run.output(), { timeout: 30_000 }).toContain('holding');
    return run;
  }
  const folders = (dir: string) => readdirSync(dir).filter((name) => /^portfolio-(export|import)-/.test(name));

  it('a stop removes them', async () => {
    const dir = outside('portfolio-site-content-stop-');
    const server = await halfUpload(dir);
    expect(folders(dir)).toHaveLength(1);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(folders(dir)).toEqual([]);
  });

  it("start-up removes those left by a crash, and never a running server's", async () => {
    const dir = outside('portfolio-site-content-crash-');
    const crashed = await halfUpload(dir);
    const [left] = folders(dir);
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    const running = await halfUpload(dir);
    const [kept] = folders(dir).filter((name) => name !== left);
    process.env.TMPDIR = dir;
    try {
      removeLeftOperationFolders();
    } finally {
      process.env.TMPDIR = tmp;
    }
    expect(folders(dir)).toEqual([kept]);
    running.child.kill('SIGTERM');
    await running.exited;
    expect(folders(dir)).toEqual([]);
  });
});
