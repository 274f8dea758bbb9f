import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ArchiveError } from '@/lib/backup/archive';
import { createBackup } from '@/lib/backup/backup';
import { listBackups } from '@/lib/backup/latest';
import { restoreBackup } from '@/lib/backup/restore';
import { startBackups } from '@/lib/backup/service';
import { afterContentWrite, TAGS } from '@/lib/content/tags';
import { migrate } from '@/lib/db/migrate';
import { DatabaseOpenError, openDatabase, type OpenedDatabase } from '@/lib/db/open';
import { seedSampleContent } from '@/lib/db/seed';
import type { Database, Queryable } from '@/lib/db/types';
import { parseEnv } from '@/lib/env';
import { LocalStorage } from '@/lib/storage/local';
import { treeListing } from '../helpers/archives';
import { createUser, makeAdmin } from '../helpers/db';
import { runScript, tempDataDir as newTempDir, type ScriptRun } from '../helpers/site-server';
import { SAMPLES } from '../helpers/storage-samples';
import { preparePgliteDir } from '../helpers/prepared-data';

/**
 * Backups of the embedded site (issue 15, "Nothing lost"): what a restore gives back, a backup taken
 * under concurrent writes, the refusals that leave the data directory alone, the backups the server
 * makes by itself and on request, and the start's message when the database does not open.
 */

// Next's cache functions need its runtime; here only the backup that afterContentWrite schedules matters.
vi.mock('next/cache', () => ({ updateTag: vi.fn(), revalidateTag: vi.fn() }));

const opened: OpenedDatabase[] = [];
const children: ScriptRun[] = [];
const tempDirs: string[] = [];

/** A new temporary directory, removed after the tests (backups are a few megabytes each). */
function tempDataDir(): string {
  const dir = newTempDir();
  tempDirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const run of children.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.exited;
  }
});

afterAll(async () => {
  for (const o of opened.splice(0)) await o.release();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

async function openSite(dataDir: string): Promise<OpenedDatabase> {
  await preparePgliteDir('migrated', path.join(dataDir, 'pglite'));
  const site = await openDatabase(parseEnv({ DATA_DIR: dataDir }), { purpose: 'backup test' });
  opened.push(site);
  await migrate(site.db, { authBootstrap: true });
  return site;
}

async function close(site: OpenedDatabase): Promise<void> {
  opened.splice(opened.indexOf(site), 1);
  await site.release();
}

/** Every row of every table of the app's schemas, as JSON, in a stable order. */
async function dumpAll(db: Queryable): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'auth', 'supabase_migrations') order by 1`,
  );
  const dump: Record<string, string> = {};
  for (const { name } of tables) {
    const { rows } = await db.query<{ rows: string }>(
      `select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]')::text as rows from ${name} t`,
    );
    dump[name] = rows[0].rows;
  }
  return dump;
}

/** Every stored file by path, as its SHA-256. */
function storedFiles(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'storage');
  const found: Record<string, string> = {};
  if (!existsSync(root)) return found;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found[path.relative(root, file)] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return found;
}

async function waitFor(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The sample PNG with `tail` after its end: still a PNG to the upload's check, and a file of its own. */
function pngWith(tail: string): Buffer {
  return Buffer.concat([SAMPLES.png, Buffer.from(tail)]);
}

async function storageOf(dataDir: string): Promise<LocalStorage> {
  const storage = new LocalStorage(path.join(dataDir, 'storage'));
  await storage.ensureBuckets();
  return storage;
}

async function fillSite(db: Database, storage: LocalStorage): Promise<void> {
  await seedSampleContent(db);
  const owner = await createUser(db, 'owner@example.com', 'Owner');
  await makeAdmin(db, owner);
  await storage.upload('profile-images', { path: 'about/1-portrait.png', bytes: SAMPLES.png, contentType: 'image/png' });
  await storage.upload('research-papers', { path: '2-paper.pdf', bytes: SAMPLES.pdf, contentType: 'application/pdf' });
  await storage.upload('blog-images', { path: `${'long-name-'.repeat(12)}.jpg`, bytes: SAMPLES.jpeg, contentType: 'image/jpeg' });
  await db.query(`update about_data set image_url = '/storage/profile-images/about/1-portrait.png'`);
}

describe('backup and restore', () => {
  it('restore reproduces every row and every file byte for byte, and keeps the replaced state aside', async () => {
    const dataDir = tempDataDir();
    const site = await openSite(dataDir);
    const storage = await storageOf(dataDir);
    await fillSite(site.db, storage);
    const rowsAtBackup = await dumpAll(site.db);
    const filesAtBackup = storedFiles(dataDir);

    const { file, manifest } = await createBackup({ db: site.db, dataDir });
    expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'));
    expect(manifest.files.map((f) => f.path)).toEqual(Object.keys(filesAtBackup).map((p) => `storage/${p}`).sort());

    // Changes after the backup: a post gone, a post added, a file gone, a file added.
    await site.db.query(`delete from blog_posts where slug = (select slug from blog_posts order by slug limit 1)`);
    await site.db.query(`insert into blog_posts (title, slug, content) values ('After', 'after-the-backup', 'x')`);
    await storage.remove('research-papers', ['2-paper.pdf']);
    await storage.upload('blog-images', { path: '3-later.gif', bytes: SAMPLES.gif, contentType: 'image/gif' });
    const rowsAfter = await dumpAll(site.db);
    const filesAfter = storedFiles(dataDir);
    await close(site);

    const { replacedDir } = await restoreBackup({ file, dataDir });
    const restored = await openSite(dataDir);
    expect(await dumpAll(restored.db)).toEqual(rowsAtBackup);
    expect(storedFiles(dataDir)).toEqual(filesAtBackup);
    await close(restored);

    // What the restore replaced is whole, beside the data: nothing is ever deleted.
    expect(replacedDir).toMatch(/replaced-/);
    expect(storedFiles(replacedDir!)).toEqual(filesAfter);
    const aside = await openDatabase(parseEnv({ DATA_DIR: replacedDir! }), { purpose: 'backup test' });
    opened.push(aside);
    expect(await dumpAll(aside.db)).toEqual(rowsAfter);
    await close(aside);
  });

  it('a backup taken under concurrent writes restores to a consistent state', async () => {
    const dataDir = tempDataDir();
    const site = await openSite(dataDir);
    const storage = await storageOf(dataDir);
    await site.db.query(`insert into blog_posts (title, slug, content, excerpt) values ('A', 'pair-a', 'x', '0'), ('B', 'pair-b', 'x', '0')`);
    // Other files, so that taking the files' snapshot takes a while: writes must not slip in meanwhile.
    // They sort before the covers, so the covers are linked last.
    mkdirSync(path.join(dataDir, 'storage', 'blog-images', 'archive'), { recursive: true });
    // Real PNGs (a restore refuses what an upload would: lib/backup/uploadable.ts), told apart by bytes after their end.
    for (let i = 0; i < 150; i += 1) writeFileSync(path.join(dataDir, 'storage', 'blog-images', 'archive', `${i}.png`), pngWith(`older ${i}`));

    // Each round: upload a new cover, point both posts at it in one transaction of two statements, then
    // delete the previous cover, as a save that replaces an image does.
    let stop = false;
    let rounds = 0;
    const writer = (async () => {
      for (let i = 1; !stop; i += 1) {
        const name = `cover-${i}.png`;
        await storage.upload('blog-images', { path: name, bytes: pngWith(`cover ${i}`), contentType: 'image/png' });
        await site.db.transaction(async (tx) => {
          await tx.query(`update blog_posts set excerpt = $1, cover_image = $2 where slug = 'pair-a'`, [String(i), `/storage/blog-images/${name}`]);
          await new Promise((resolve) => setImmediate(resolve));
          await tx.query(`update blog_posts set excerpt = $1, cover_image = $2 where slug = 'pair-b'`, [String(i), `/storage/blog-images/${name}`]);
        });
        if (i > 1) await storage.remove('blog-images', [`cover-${i - 1}.png`]);
        rounds = i;
      }
    })();

    const backups: string[] = [];
    try {
      for (let k = 0; k < 2; k += 1) {
        await waitFor(() => rounds >= (k + 1) * 5, 'more concurrent writes');
        backups.push((await createBackup({ db: site.db, dataDir })).file);
      }
    } finally {
      stop = true;
      await writer;
    }

    const seen = new Set<string>();
    for (const file of backups) {
      const target = tempDataDir();
      await restoreBackup({ file, dataDir: target });
      const restored = await openSite(target);
      const { rows } = await restored.db.query<{ slug: string; excerpt: string; cover_image: string | null }>(
        `select slug, excerpt, cover_image from blog_posts where slug like 'pair-%' order by slug`,
      );
      await close(restored);
      expect(rows[0].excerpt).toBe(rows[1].excerpt);
      expect(rows[0].cover_image).toBe(rows[1].cover_image);
      expect(Number(rows[0].excerpt)).toBeGreaterThan(0);
      // The file the restored posts point at was restored with them, with its bytes.
      const cover = path.join(target, 'storage', 'blog-images', `cover-${rows[0].excerpt}.png`);
      expect(readFileSync(cover)).toEqual(pngWith(`cover ${rows[0].excerpt}`));
      seen.add(rows[0].excerpt);
    }
    expect(seen.size).toBe(2);
    await close(site);
  });

  it('restore refuses while the data directory is held, and refuses a damaged backup, changing nothing', async () => {
    const source = tempDataDir();
    const site = await openSite(source);
    const storage = await storageOf(source);
    await storage.upload('blog-images', { path: 'marker.png', bytes: pngWith('MARKER-BYTES-0123456789'), contentType: 'image/png' });
    const { file } = await createBackup({ db: site.db, dataDir: source });
    await close(site);

    // A server (another process) holds the target: the command says to stop it first.
    const held = tempDataDir();
    const holder = runScript('tests/helpers/hold-data-dir.ts', [], { DATA_DIR: held });
    children.push(holder);
    await waitFor(() => holder.output().includes('holding'), 'the holder to open the database', 60_000);
    const before = treeListing(held);
    const cli = runScript('scripts/restore.ts', [file], { DATA_DIR: held });
    children.push(cli);
    expect((await cli.exited).code).toBe(1);
    expect(cli.output()).toContain(`is in use by the site server (pid ${holder.child.pid}`);
    expect(cli.output()).toContain('Stop the server first (Ctrl+C), then run the restore again');
    expect(treeListing(held)).toEqual(before);

    // One byte of a stored file flipped inside the archive: its checksum no longer matches.
    const damaged = path.join(tempDataDir(), 'damaged.tar');
    const bytes = readFileSync(file);
    const at = bytes.indexOf('MARKER-BYTES');
    expect(at).toBeGreaterThan(0);
    bytes[at] ^= 0x01;
    writeFileSync(damaged, bytes);
    const before2 = treeListing(source);
    await expect(restoreBackup({ file: damaged, dataDir: source })).rejects.toThrowError(ArchiveError);
    await expect(restoreBackup({ file: damaged, dataDir: source })).rejects.toThrowError(/storage\/blog-images\/marker\.png does not match its checksum/);
    expect(treeListing(source)).toEqual(before2);
  });

  it('the server backs up after admin writes and when `npm run backup` asks; without a server the command backs up itself', async () => {
    const dataDir = tempDataDir();
    const site = await openSite(dataDir);
    const service = startBackups({ db: site.db, dataDir, log: () => undefined, delayMs: 20, intervalMs: 500, requestPollMs: 100 });
    try {
      // The command cannot open the held database: it asks this "server" for the backup.
      const cli = runScript('scripts/backup.ts', [], { DATA_DIR: dataDir });
      children.push(cli);
      expect((await cli.exited).code).toBe(0);
      expect(cli.output()).toContain('Asking it for the backup');
      expect(cli.output()).toMatch(/Backup written by the server: .*backup-.*\.tar \(\d+ tables/);
      expect((await listBackups(dataDir)).length).toBe(1);

      // An admin write (every write in lib/content ends with afterContentWrite) gets its backup shortly after.
      afterContentWrite(TAGS.blog);
      await waitFor(async () => (await listBackups(dataDir)).length === 2, 'the backup after a write');

      // A write not yet backed up when the server stops gets its backup then.
      service.scheduler.noteWrite();
    } finally {
      await service.stop();
    }
    expect((await listBackups(dataDir)).length).toBe(3);
    await close(site);

    const alone = runScript('scripts/backup.ts', [], { DATA_DIR: dataDir });
    children.push(alone);
    expect((await alone.exited).code).toBe(0);
    expect(alone.output()).toMatch(/Backup written: .*backup-.*\.tar/);
    expect((await listBackups(dataDir)).length).toBe(4);
  });

  it('when the database cannot be opened at start, the server says so, names the latest backup and the restore command', async () => {
    const dataDir = tempDataDir();
    const site = await openSite(dataDir);
    const { file: latest } = await createBackup({ db: site.db, dataDir });
    await close(site);
    // An older backup copied in by hand must not be taken for the latest.
    mkdirSync(path.join(dataDir, 'backups'), { recursive: true });
    copyFileSync(latest, path.join(dataDir, 'backups', 'backup-2020-01-01T00-00-00-000Z.tar'));
    // A damaged control file: PGlite cannot start on this directory.
    writeFileSync(path.join(dataDir, 'pglite', 'global', 'pg_control'), Buffer.alloc(8192, 7));

    vi.stubEnv('DATA_DIR', dataDir);
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', '');
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_ANON_KEY', '');
    const errors: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.join(' ')));
    const exit = vi.spyOn(process, 'exit').mockImplementation(((code?: number) => {
      throw new Error(`exit ${code}`);
    }) as typeof process.exit);
    try {
      const { startUp } = await import('@/lib/startup');
      await expect(startUp()).rejects.toThrowError('exit 1');
    } finally {
      exit.mockRestore();
      error.mockRestore();
      vi.unstubAllEnvs();
    }
    const message = errors.join('\n');
    expect(message).toContain(`The database in ${path.join(dataDir, 'pglite')} could not be opened`);
    expect(message).toContain(`The latest backup is ${latest}`);
    expect(message).toContain(`DATA_DIR=${dataDir} npm run restore -- ${latest}`);

    // Without PG_VERSION, PGlite would initialise a new, empty database over the old files: refused.
    rmSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
    const before = treeListing(dataDir);
    await expect(openDatabase(parseEnv({ DATA_DIR: dataDir }), { purpose: 'backup test' })).rejects.toThrowError(DatabaseOpenError);
    await expect(openDatabase(parseEnv({ DATA_DIR: dataDir }), { purpose: 'backup test' })).rejects.toThrowError(/no PG_VERSION/);
    expect(treeListing(dataDir)).toEqual(before);
  });
});
