// @module-tag security
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ArchiveError } from '@/lib/backup/archive';
import { BACKUP_FORMAT_VERSION, createBackup } from '@/lib/backup/backup';
import { exportSite } from '@/lib/backup/export';
import { CONTENT_TABLES, EXPORT_FORMAT_VERSION } from '@/lib/backup/export-format';
import { ImportRefusedError, importSite } from '@/lib/backup/import';
import { restoreBackup, RestoreError } from '@/lib/backup/restore';
import { openDatabase } from '@/lib/db/open';
import { seedSampleContent } from '@/lib/db/seed';
import type { Database } from '@/lib/db/types';
import { parseEnv } from '@/lib/env';
import type { Bucket } from '@/lib/storage/buckets';
import { LocalStorage } from '@/lib/storage/local';
import { contentOf, rawTar, readEntries, treeListing, writeRawArchive, withManifest, type RawEntry } from '../helpers/archives';
import { openTestPglite } from '../helpers/db';
import { preparePgliteDir } from '../helpers/prepared-data';
import { runScript, tempDataDir as newTempDir } from '../helpers/site-server';
import { padded, SAMPLES } from '../helpers/storage-samples';

/**
 * Issue 24, hostile archives: an import (`importSite`) or a restore (`restoreBackup`) given an archive
 * with entries that climb out of their folder, absolute paths, links, duplicates, missing entries, the
 * wrong format or version, a manifest of the wrong shape, truncation or damage refuses it with a message
 * that says what is wrong, and the site (rows and stored files) or the data directory is as it was.
 */

type Entries = { name: string; bytes: Buffer }[];

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = newTempDir('portfolio-hostile-');
  tempDirs.push(dir);
  return dir;
}

const work = tempDir();
let site: { db: Database; cleanup(): Promise<void> };
let storage: LocalStorage;
/** A good export of `site`, and a good backup of the data directory `dataDir`, entry by entry. */
let exportEntries: Entries;
let backupEntries: Entries;
let exportFile: string;
let backupFile: string;
let dataDir: string;

const COVER = 'files/blog-images/1-cover.png';
const STORED_COVER = 'storage/blog-images/1-cover.png';

beforeAll(async () => {
  site = await openTestPglite();
  await seedSampleContent(site.db);
  storage = new LocalStorage(path.join(tempDir(), 'storage'));
  await storage.ensureBuckets();
  await storage.upload('blog-images', { path: '1-cover.png', bytes: SAMPLES.png, contentType: 'image/png' });
  await site.db.query(`update blog_posts set cover_image = '/storage/blog-images/1-cover.png' where slug = (select min(slug) from blog_posts)`);
  exportFile = path.join(work, 'good-export.tar.gz');
  await exportSite({ db: site.db, storage, file: exportFile });
  exportEntries = await readEntries(exportFile);

  dataDir = tempDir();
  // A site's data folder with the sample content, as a first start leaves it (copied: no initdb).
  await preparePgliteDir('seeded', path.join(dataDir, 'pglite'));
  const opened = await openDatabase(parseEnv({ DATA_DIR: dataDir }), { purpose: 'hostile archive test' });
  try {
    const own = new LocalStorage(path.join(dataDir, 'storage'));
    await own.ensureBuckets();
    await own.upload('blog-images', { path: '1-cover.png', bytes: SAMPLES.png, contentType: 'image/png' });
    backupFile = (await createBackup({ db: opened.db, dataDir })).file;
  } finally {
    await opened.release();
  }
  backupEntries = await readEntries(backupFile);
}, 120_000);

afterAll(async () => {
  await site?.cleanup();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
function archivePath(suffix: string): string {
  counter += 1;
  return path.join(work, `hostile-${counter}${suffix}`);
}

/** Imports `file` with --replace and expects a refusal matching `message`, the site left as it was. */
async function expectImportRefused(file: string, message: RegExp): Promise<void> {
  const before = await contentOf(site.db);
  const filesBefore = treeListing(storage.root);
  const error = await importSite({ db: site.db, storage, file, mode: 'replace' }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the import was not refused').toBeInstanceOf(Error);
  expect([ArchiveError, ImportRefusedError].some((type) => error instanceof type), String(error)).toBe(true);
  expect((error as Error).message).toMatch(message);
  expect(await contentOf(site.db)).toEqual(before);
  expect(treeListing(storage.root)).toEqual(filesBefore);
}

/** Restores `file` into the data directory and expects a refusal matching `message`, the directory as it was. */
async function expectRestoreRefused(file: string, message: RegExp): Promise<void> {
  const before = treeListing(dataDir);
  const error = await restoreBackup({ file, dataDir }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the restore was not refused').toBeInstanceOf(Error);
  expect([ArchiveError, RestoreError].some((type) => error instanceof type), String(error)).toBe(true);
  expect((error as Error).message).toMatch(message);
  expect(treeListing(dataDir)).toEqual(before);
}

function entry(entries: Entries, name: string): { name: string; bytes: Buffer } {
  const found = entries.find((e) => e.name === name);
  if (!found) throw new Error(`no ${name} in the archive`);
  return found;
}

/** A listed file of the manifest (export or backup) replaced by a link or other non-file entry. */
function replaced(entries: Entries, name: string, by: RawEntry): RawEntry[] {
  return entries.map((e) => (e.name === name ? by : e));
}

function sha(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

interface HostileCase {
  title: string;
  entries(): RawEntry[];
  /** Bytes to write instead of a tar made from entries(). */
  raw?(): Buffer;
  message: RegExp;
  end?: boolean;
}

const exportCases: HostileCase[] = [
  {
    title: 'an unlisted entry whose name climbs out of its folder with ../',
    entries: () => [...exportEntries, { name: 'files/blog-images/../../x.png', bytes: Buffer.from(SAMPLES.png) }],
    message: /The archive holds "files\/blog-images\/\.\.\/\.\.\/x\.png", which its manifest does not list/,
  },
  {
    title: 'an unlisted entry with an absolute path',
    entries: () => [...exportEntries, { name: '/etc/cron.d/evil', bytes: Buffer.from('* * * * * root sh') }],
    message: /The archive holds "\/etc\/cron\.d\/evil", which its manifest does not list/,
  },
  {
    title: 'a manifest listing a path with ../',
    entries: () => [
      ...withManifest(exportEntries, (m) => {
        (m.files as unknown[]).push({ bucket: 'blog-images', path: '../x.png', size: SAMPLES.png.byteLength, sha256: sha(SAMPLES.png) });
      }),
      { name: 'files/blog-images/../x.png', bytes: Buffer.from(SAMPLES.png) },
    ],
    message: /The export's manifest is not valid:\n {2}files\.1: is not a valid object path/,
  },
  {
    title: 'a manifest listing an absolute path',
    entries: () => [
      ...withManifest(exportEntries, (m) => {
        (m.files as unknown[]).push({ bucket: 'blog-images', path: '/etc/passwd', size: 1, sha256: sha(Buffer.from('x')) });
      }),
      { name: 'files/blog-images//etc/passwd', bytes: Buffer.from('x') },
    ],
    message: /The export's manifest is not valid:\n {2}files\.1: is not a valid object path/,
  },
  {
    title: 'a symlink under a listed name',
    entries: () => replaced(exportEntries, COVER, { name: COVER, type: '2', linkname: '/etc/passwd' }),
    message: /The archive holds "files\/blog-images\/1-cover\.png", which is not a regular file/,
  },
  {
    title: 'a hard link under a listed name',
    entries: () => replaced(exportEntries, COVER, { name: COVER, type: '1', linkname: 'manifest.json' }),
    message: /The archive holds "files\/blog-images\/1-cover\.png", which is not a regular file/,
  },
  {
    title: 'the same listed entry twice',
    entries: () => [...exportEntries, entry(exportEntries, COVER)],
    message: /The archive holds "files\/blog-images\/1-cover\.png" twice/,
  },
  {
    title: 'a listed file missing from the archive',
    entries: () => exportEntries.filter((e) => e.name !== COVER),
    message: /The archive lacks 1 listed entry \(files\/blog-images\/1-cover\.png\): it is incomplete/,
  },
  {
    title: 'a backup instead of an export',
    entries: () => backupEntries,
    message: /This is not an export archive of this site \(its manifest does not say format "portfolio-export"\)/,
  },
  ...versionCases('export', () => exportEntries, EXPORT_FORMAT_VERSION),
  {
    title: 'a manifest without its files',
    entries: () =>
      withManifest(exportEntries, (m) => {
        delete m.files;
      }),
    message: /The export's manifest is not valid:\n {2}files: /,
  },
  {
    title: 'a manifest whose row count is text',
    entries: () =>
      withManifest(exportEntries, (m) => {
        (m.tables as Record<string, { rows: unknown }>).blog_posts.rows = '3';
      }),
    message: /The export's manifest is not valid:\n {2}tables\.blog_posts\.rows: /,
  },
  {
    title: 'a manifest that is not JSON',
    entries: () => [{ name: 'manifest.json', bytes: Buffer.from('{"format": "portfolio-export",') }, ...exportEntries.slice(1)],
    message: /manifest\.json is not valid JSON/,
  },
  {
    title: 'an archive that does not start with its manifest',
    entries: () => [...exportEntries.slice(1), exportEntries[0]],
    message: /The archive does not start with manifest\.json: it is not an export of this site/,
  },
  {
    title: 'a file whose bytes do not match its checksum',
    entries: () => exportEntries.map((e) => (e.name === COVER ? { name: e.name, bytes: Buffer.from(e.bytes).fill(0, 40) } : e)),
    message: /files\/blog-images\/1-cover\.png does not match its checksum: the archive is damaged/,
  },
  {
    title: 'a truncated archive (no end marker)',
    entries: () => exportEntries,
    end: false,
    message: /The archive ends without its end marker \(it is truncated\)/,
  },
  {
    title: 'an archive cut off in the middle of an entry',
    entries: () => exportEntries,
    raw: () => {
      const bytes = readFileSync(exportFile);
      return bytes.subarray(0, Math.floor(bytes.length / 2));
    },
    message: /truncated|compression is damaged/,
  },
  {
    title: 'damaged compression',
    entries: () => exportEntries,
    raw: () => {
      const bytes = Buffer.from(readFileSync(exportFile));
      for (let i = 100; i < 400; i += 1) bytes[i] ^= 0x5a;
      return bytes;
    },
    message: /compression is damaged|damaged header|damaged .* field|does not match its checksum|not a tar archive|not valid/,
  },
  {
    title: 'a damaged tar header',
    entries: () => exportEntries,
    raw: () => {
      const tar = rawTar(exportEntries);
      tar[10] ^= 0xff; // inside the manifest's header
      return tar;
    },
    message: /damaged header \(checksum mismatch\)|damaged pax/,
  },
  {
    title: 'a file that is not an archive at all',
    entries: () => [],
    raw: () => Buffer.from('<html>not an archive</html>'.padEnd(2048, ' ')),
    message: /The file is not a tar archive/,
  },
];

const backupCases: HostileCase[] = [
  {
    title: 'an unlisted entry whose name climbs out of storage/ with ../',
    entries: () => [...backupEntries, { name: 'storage/../../evil.sh', bytes: Buffer.from('rm -rf /') }],
    message: /The archive holds "storage\/\.\.\/\.\.\/evil\.sh", which its manifest does not list/,
  },
  {
    title: 'an unlisted entry with an absolute path',
    entries: () => [...backupEntries, { name: '/etc/cron.d/evil', bytes: Buffer.from('x') }],
    message: /The archive holds "\/etc\/cron\.d\/evil", which its manifest does not list/,
  },
  {
    title: 'a manifest listing a path with ../',
    entries: () => {
      const bytes = Buffer.from('x');
      return [
        ...withManifest(backupEntries, (m) => {
          (m.files as unknown[]).push({ path: 'storage/../pglite/PG_VERSION', size: 1, sha256: sha(bytes) });
        }),
        { name: 'storage/../pglite/PG_VERSION', bytes },
      ];
    },
    message: /The backup's manifest is not valid:\n {2}files\.1: is not a path inside storage\//,
  },
  {
    title: 'a manifest listing an absolute path',
    entries: () => {
      const bytes = Buffer.from('x');
      return [
        ...withManifest(backupEntries, (m) => {
          (m.files as unknown[]).push({ path: '/etc/passwd', size: 1, sha256: sha(bytes) });
        }),
        { name: '/etc/passwd', bytes },
      ];
    },
    message: /The backup's manifest is not valid:\n {2}files\.1: is not a path inside storage\//,
  },
  {
    title: 'a symlink under a listed name',
    entries: () => replaced(backupEntries, STORED_COVER, { name: STORED_COVER, type: '2', linkname: '/etc/passwd' }),
    message: /The archive holds "storage\/blog-images\/1-cover\.png", which is not a regular file/,
  },
  {
    title: 'a hard link under a listed name',
    entries: () => replaced(backupEntries, STORED_COVER, { name: STORED_COVER, type: '1', linkname: 'database.tar.gz' }),
    message: /The archive holds "storage\/blog-images\/1-cover\.png", which is not a regular file/,
  },
  {
    title: 'the database as a symlink',
    entries: () => replaced(backupEntries, 'database.tar.gz', { name: 'database.tar.gz', type: '2', linkname: '/dev/zero' }),
    message: /The archive holds "database\.tar\.gz", which is not a regular file/,
  },
  {
    title: 'the same listed entry twice',
    entries: () => [...backupEntries, entry(backupEntries, STORED_COVER)],
    message: /The archive holds "storage\/blog-images\/1-cover\.png" twice/,
  },
  {
    title: 'a listed file missing from the archive',
    entries: () => backupEntries.filter((e) => e.name !== STORED_COVER),
    message: /The archive lacks 1 listed entry \(storage\/blog-images\/1-cover\.png\): it is incomplete/,
  },
  {
    title: 'an export instead of a backup',
    entries: () => exportEntries,
    message: /This is not a backup archive of this site \(its manifest does not say format "portfolio-backup"\)/,
  },
  ...versionCases('backup', () => backupEntries, BACKUP_FORMAT_VERSION),
  {
    title: 'a manifest without its files',
    entries: () =>
      withManifest(backupEntries, (m) => {
        delete m.files;
      }),
    message: /The backup's manifest is not valid:\n {2}files: /,
  },
  {
    title: 'a manifest whose row count is text',
    entries: () =>
      withManifest(backupEntries, (m) => {
        (m.tables as Record<string, unknown>)['public.blog_posts'] = '3';
      }),
    message: /The backup's manifest is not valid:\n {2}tables\.public\.blog_posts: /,
  },
  {
    title: 'a manifest that is not JSON',
    entries: () => [{ name: 'manifest.json', bytes: Buffer.from('not json') }, ...backupEntries.slice(1)],
    message: /manifest\.json is not valid JSON/,
  },
  {
    title: 'a file whose bytes do not match its checksum',
    entries: () => backupEntries.map((e) => (e.name === STORED_COVER ? { name: e.name, bytes: Buffer.from(e.bytes).fill(0, 40) } : e)),
    message: /storage\/blog-images\/1-cover\.png does not match its checksum: the archive is damaged/,
  },
  {
    title: 'a truncated archive (no end marker)',
    entries: () => backupEntries,
    end: false,
    message: /The archive ends without its end marker \(it is truncated\)/,
  },
  {
    title: 'an archive cut off in the middle of an entry',
    entries: () => backupEntries,
    raw: () => {
      const bytes = readFileSync(backupFile);
      return bytes.subarray(0, Math.floor(bytes.length / 2) + 100);
    },
    message: /The archive ends in the middle of an entry \(it is truncated\)/,
  },
  {
    title: 'a damaged tar header',
    entries: () => backupEntries,
    raw: () => {
      const bytes = Buffer.from(readFileSync(backupFile));
      bytes[10] ^= 0xff;
      return bytes;
    },
    message: /The archive has a damaged header \(checksum mismatch\)/,
  },
];

/** `current`: the newest format version this site reads (lib/backup/export-format.ts, lib/backup/backup.ts). */
function versionCases(noun: 'export' | 'backup', entries: () => Entries, current: number): HostileCase[] {
  const withVersion = (version: unknown) => () =>
    withManifest(entries(), (m) => {
      m.version = version;
    });
  return [
    { title: 'format version 0', entries: withVersion(0), message: new RegExp(`The ${noun}'s format version 0 is not valid`) },
    { title: 'a negative format version', entries: withVersion(-1), message: new RegExp(`The ${noun}'s format version -1 is not valid`) },
    { title: 'a format version that is not whole', entries: withVersion(1.5), message: new RegExp(`The ${noun}'s format version 1\\.5 is not valid`) },
    { title: 'a format version that is text', entries: withVersion('1'), message: new RegExp(`The ${noun}'s format version "1" is not valid`) },
    { title: 'no format version', entries: withVersion(undefined), message: new RegExp(`The ${noun}'s manifest gives no format version`) },
    {
      title: 'a newer format version',
      entries: withVersion(current + 1),
      message: new RegExp(`This ${noun} was made by a newer version of the site \\(format version ${current + 1}; this one reads up to ${current}\\)`),
    },
  ];
}

function writeCase(c: HostileCase, gzip: boolean): string {
  const file = archivePath(gzip ? '.tar.gz' : '.tar');
  if (c.raw) writeFileSync(file, c.raw());
  else writeRawArchive(file, c.entries(), { gzip, end: c.end });
  return file;
}

describe('hostile archives: import', () => {
  it('imports the good export rewritten by the test helper (the refusals below are the hostile parts)', async () => {
    const file = archivePath('.tar.gz');
    writeRawArchive(file, exportEntries, { gzip: true });
    const before = await contentOf(site.db);
    await importSite({ db: site.db, storage, file, mode: 'replace' });
    expect(await contentOf(site.db)).toEqual(before);
  });

  it.each(exportCases)('refuses $title, changing nothing', async (c) => {
    await expectImportRefused(writeCase(c, true), c.message);
  });
});

describe('hostile archives: restore', () => {
  it('restores the good backup rewritten by the test helper (the refusals below are the hostile parts)', async () => {
    const file = archivePath('.tar');
    writeRawArchive(file, backupEntries);
    const target = tempDir();
    await restoreBackup({ file, dataDir: target });
    const files = (dir: string) => treeListing(path.join(dir, 'storage')).filter((line) => !line.endsWith('/'));
    expect(files(target)).toEqual(['blog-images/1-cover.png 96']);
    expect(files(target)).toEqual(files(dataDir));
  });

  it.each(backupCases)('refuses $title, changing nothing', async (c) => {
    await expectRestoreRefused(writeCase(c, false), c.message);
  });
});

const MiB = 1024 * 1024;

/**
 * A decompression bomb: `before`, then `megabytes` pax global headers of 1 MiB of zeros each, then
 * `after`, as concatenated gzip members (gunzip reads them as one stream). Each member is about 1 kB,
 * so the file is about `megabytes` kB and unpacks to `megabytes` MiB.
 */
function writeBomb(file: string, before: RawEntry[], after: RawEntry[], megabytes: number): void {
  const filler = gzipSync(rawTar([{ name: 'pax_global_header', type: 'g', bytes: Buffer.alloc(MiB) }], { end: false }));
  const members = [gzipSync(rawTar(before, { end: false })), ...Array.from({ length: megabytes }, () => filler), gzipSync(rawTar(after))];
  writeFileSync(file, Buffer.concat(members));
}

/** Runs `refused` and answers how long it took and how much the resident memory grew meanwhile (at most). */
async function measured(refused: () => Promise<void>): Promise<{ ms: number; rssGrowth: number }> {
  const start = Date.now();
  const rss = process.memoryUsage().rss;
  let peak = rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    await refused();
  } finally {
    clearInterval(sampler);
  }
  return { ms: Date.now() - start, rssGrowth: Math.max(peak, process.memoryUsage().rss) - rss };
}

describe('decompression bombs and sizes: import', () => {
  it('refuses a manifest that gives one content file 10 GB, before reading it', async () => {
    const file = archivePath('.tar.gz');
    writeRawArchive(
      file,
      withManifest(exportEntries, (m) => {
        (m.tables as Record<string, { size: number }>).blog_posts.size = 10 * 1024 ** 3;
      }),
      { gzip: true },
    );
    await expectImportRefused(file, /content\/blog_posts\.json is too large: the export's manifest gives it 10\.0 GB, and a content file may hold at most 64\.0 MB/);
  });

  it('refuses a manifest that gives a stored file 300 MB', async () => {
    const file = archivePath('.tar.gz');
    writeRawArchive(
      file,
      withManifest(exportEntries, (m) => {
        (m.files as { size: number }[])[0].size = 300 * MiB;
      }),
      { gzip: true },
    );
    await expectImportRefused(file, /files\/blog-images\/1-cover\.png is too large: the export's manifest gives it 300\.0 MB, and a stored file may hold at most 256\.0 MB/);
  });

  it('refuses a manifest whose entries add up to more than 4 GB', async () => {
    const file = archivePath('.tar.gz');
    writeRawArchive(
      file,
      withManifest(exportEntries, (m) => {
        m.files = Array.from({ length: 20 }, (_, i) => ({ bucket: 'blog-images', path: `${i}.png`, size: 250 * MiB, sha256: sha(Buffer.from(String(i))) }));
      }),
      { gzip: true },
    );
    await expectImportRefused(file, /The export is too large: its manifest lists 4\.9 GB of entries, and this site reads at most 4\.0 GB from one archive/);
  });

  it('refuses a small archive that unpacks to gigabytes, within seconds and without the memory', async () => {
    const file = archivePath('.tar.gz');
    writeBomb(file, exportEntries.slice(0, 1), exportEntries.slice(1), 1500);
    expect(readFileSync(file).length).toBeLessThan(5 * MiB);
    const { ms, rssGrowth } = await measured(() => expectImportRefused(file, /The archive unpacks to more than its manifest lists \(over [\d.]+ MB\).*decompression bomb/));
    expect(ms).toBeLessThan(20_000);
    expect(rssGrowth).toBeLessThan(100 * MiB);
  });

  it('refuses a folder entry that claims a terabyte of content', async () => {
    const file = archivePath('.tar.gz');
    writeRawArchive(file, [exportEntries[0], { name: 'files/', type: '5', pax: { size: String(1e12) } }, ...exportEntries.slice(1)], { gzip: true });
    await expectImportRefused(file, /The archive holds the folder "files\/" with 1000000000000 bytes of content, which a folder never has/);
  });

  it('refuses when the disk has no room for the archive\'s files', async () => {
    const before = await contentOf(site.db);
    await expect(importSite({ db: site.db, storage, file: exportFile, mode: 'replace', freeSpace: async () => 10 })).rejects.toThrowError(
      /The archive's files need \d+ B of disk space in .*, and only 10 B is free/,
    );
    expect(await contentOf(site.db)).toEqual(before);
  });
});

describe('decompression bombs and sizes: restore', () => {
  /** The backup's entries with database.tar.gz replaced by `dump`, the manifest updated to match. */
  function withDatabase(dump: Buffer): Entries {
    return withManifest(backupEntries, (m) => {
      m.database = { path: 'database.tar.gz', size: dump.length, sha256: sha(dump) };
    }).map((e) => (e.name === 'database.tar.gz' ? { name: e.name, bytes: dump } : e));
  }

  it('refuses a manifest that gives the database dump 2 GB', async () => {
    const file = archivePath('.tar');
    writeRawArchive(
      file,
      withManifest(backupEntries, (m) => {
        (m.database as { size: number }).size = 2 * 1024 ** 3;
      }),
    );
    await expectRestoreRefused(file, /database\.tar\.gz is too large: the backup's manifest gives it 2\.0 GB, and a database dump may hold at most 1\.0 GB/);
  });

  it('refuses a small archive that unpacks to gigabytes, within seconds and without the memory', async () => {
    const file = archivePath('.tar');
    writeBomb(file, backupEntries.slice(0, 1), backupEntries.slice(1), 1500);
    const { ms, rssGrowth } = await measured(() => expectRestoreRefused(file, /The archive unpacks to more than its manifest lists/));
    expect(ms).toBeLessThan(20_000);
    expect(rssGrowth).toBeLessThan(100 * MiB);
  });

  it('refuses a database dump that unpacks to more than the database may be (a bomb inside the archive)', async () => {
    const file = archivePath('.tar');
    writeRawArchive(file, withDatabase(gzipSync(Buffer.alloc(64 * MiB))));
    const before = treeListing(dataDir);
    await expect(restoreBackup({ file, dataDir, maxDatabaseBytes: 16 * MiB })).rejects.toThrowError(
      /The backup's database unpacks to more than 16\.0 MB, more than this site restores/,
    );
    expect(treeListing(dataDir)).toEqual(before);
  });

  it('refuses a database dump that is not gzip, though its checksum matches', async () => {
    const file = archivePath('.tar');
    writeRawArchive(file, withDatabase(Buffer.from('not a gzip stream at all')));
    await expectRestoreRefused(file, /The backup's database is damaged \(incorrect header check\)/);
  });

  it('refuses a folder entry that claims a terabyte of content', async () => {
    const file = archivePath('.tar');
    writeRawArchive(file, [backupEntries[0], { name: 'storage/', type: '5', pax: { size: String(1e12) } }, ...backupEntries.slice(1)]);
    await expectRestoreRefused(file, /The archive holds the folder "storage\/" with 1000000000000 bytes of content, which a folder never has/);
  });

  it('refuses when the disk has no room for the database and files', async () => {
    const before = treeListing(dataDir);
    await expect(restoreBackup({ file: backupFile, dataDir, freeSpace: async () => 10 })).rejects.toThrowError(
      /Restoring this backup needs [\d.]+ MB of disk space in .* \(its database and files\), and only 10 B is free/,
    );
    expect(treeListing(dataDir)).toEqual(before);
  });
});

/** The export's entries with content/<table>.json rows changed by `change`, the manifest updated to match. */
function withRows(change: (rows: Record<string, Record<string, unknown>[]>) => void, extra: { name: string; bytes: Buffer }[] = []): Entries {
  const rows: Record<string, Record<string, unknown>[]> = {};
  for (const table of CONTENT_TABLES) rows[table] = JSON.parse(entry(exportEntries, `content/${table}.json`).bytes.toString('utf8'));
  change(rows);
  const content = new Map(CONTENT_TABLES.map((table) => [`content/${table}.json`, Buffer.from(JSON.stringify(rows[table]))]));
  const changed = withManifest(exportEntries, (m) => {
    for (const table of CONTENT_TABLES) {
      const bytes = content.get(`content/${table}.json`)!;
      (m.tables as Record<string, unknown>)[table] = { rows: rows[table].length, size: bytes.length, sha256: sha(bytes) };
    }
    for (const file of extra) {
      const [, bucket, ...rest] = file.name.split('/');
      (m.files as unknown[]).push({ bucket, path: rest.join('/'), size: file.bytes.length, sha256: sha(file.bytes) });
    }
  });
  return [...changed.map((e) => (content.has(e.name) ? { name: e.name, bytes: content.get(e.name)! } : e)), ...extra];
}

/** A new file in the archive, so that an import that got as far as uploading would show it. */
const NEW_FILE = { name: 'files/blog-images/9-new.png', bytes: Buffer.from(SAMPLES.png) };

/** Imports `entries` and expects a refusal matching `message` before any file was uploaded. */
async function expectRowsRefused(entries: Entries, message: RegExp): Promise<void> {
  const file = archivePath('.tar.gz');
  writeRawArchive(file, entries, { gzip: true });
  const upload = vi.spyOn(storage, 'upload');
  try {
    await expectImportRefused(file, message);
    expect(upload).not.toHaveBeenCalled();
  } finally {
    upload.mockRestore();
  }
}

describe('extra and missing fields, wrong types, references to missing files: import', () => {
  it('refuses a manifest with a key this version does not know, naming it', async () => {
    await expectRowsRefused(
      withManifest(exportEntries, (m) => {
        m.signedBy = 'someone';
      }),
      /The export's manifest is not valid:\n {2}manifest: Unrecognized key: "signedBy"/,
    );
    await expectRowsRefused(
      withManifest(exportEntries, (m) => {
        (m.files as Record<string, unknown>[])[0].mode = '4755';
      }),
      /The export's manifest is not valid:\n {2}files\.0: Unrecognized key: "mode"/,
    );
  });

  it('refuses a manifest that lists the same file twice', async () => {
    await expectRowsRefused(
      withManifest(exportEntries, (m) => {
        m.files = [...(m.files as unknown[]), (m.files as unknown[])[0]];
      }),
      /The export's manifest is not valid:\n {2}files\.1: lists blog-images\/1-cover\.png a second time/,
    );
  });

  it('refuses a row without a required column, naming the file, row and column, before any upload', async () => {
    await expectRowsRefused(
      withRows((rows) => {
        delete rows.blog_posts[1].title;
      }, [NEW_FILE]),
      /content\/blog_posts\.json, row 2 \(id [0-9a-f-]{36}\): null value in column "title" of relation "blog_posts" violates not-null constraint/,
    );
  });

  it('refuses two rows with the same slug, naming the second, before any upload', async () => {
    await expectRowsRefused(
      withRows((rows) => {
        rows.blog_posts[1].slug = rows.blog_posts[0].slug;
      }, [NEW_FILE]),
      /content\/blog_posts\.json, row 2 \(id [0-9a-f-]{36}\): duplicate key value violates unique constraint "blog_posts_slug_key"/,
    );
  });

  it('refuses values of the wrong type, enum or date, naming the file, row and column', async () => {
    await expectRowsRefused(
      withRows((rows) => {
        rows.personal_posts[0].type = 'poem';
      }, [NEW_FILE]),
      /content\/personal_posts\.json, row 1: type Invalid option: expected one of "story"\|"update"\|"thought"/,
    );
    await expectRowsRefused(
      withRows((rows) => {
        rows.research_papers[0].date = '2024-02-30';
      }, [NEW_FILE]),
      /content\/research_papers\.json, row 1: date must be a date \(YYYY-MM-DD\)/,
    );
    await expectRowsRefused(
      withRows((rows) => {
        rows.blog_posts[0].tags = 'mathematics';
      }, [NEW_FILE]),
      /content\/blog_posts\.json, row 1: tags Invalid input: expected array, received string/,
    );
  });

  it("refuses what the editors refuse: a paper link of javascript:, a cover image of data:, a slug with a slash, a DOI as written by hand", async () => {
    await expectRowsRefused(
      withRows((rows) => {
        rows.research_papers[0].link = 'javascript:alert(document.cookie)';
      }, [NEW_FILE]),
      /content\/research_papers\.json, row 1: link must be an http\(s\) address/,
    );
    await expectRowsRefused(
      withRows((rows) => {
        rows.blog_posts[0].cover_image = 'data:image/svg+xml,<svg onload=alert(1)>';
      }, [NEW_FILE]),
      /content\/blog_posts\.json, row 1: cover_image must be a site path or an http\(s\) address/,
    );
    await expectRowsRefused(
      withRows((rows) => {
        rows.blog_posts[0].slug = '../admin';
      }, [NEW_FILE]),
      /content\/blog_posts\.json, row 1: slug must be letters, numbers and hyphens/,
    );
    await expectRowsRefused(
      withRows((rows) => {
        rows.research_papers[0].doi = 'https://doi.org/10.1000/xyz';
      }, [NEW_FILE]),
      /content\/research_papers\.json, row 1: doi must be a DOI/,
    );
  });

  it("refuses a paper's venue the editor would refuse: an unknown kind, an ISBN's wrong check digit, pages as prose, 101 editors, a conference ending before it starts", async () => {
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'poster' }, /content\/research_papers\.json, row 1: kind Invalid option: expected one of "article"\|"conference"/],
      [{ kind: 'book', publisher: 'Springer', isbn: '978-0-306-40615-8' }, /content\/research_papers\.json, row 1: isbn must be an ISBN of 10 or 13 digits whose check digit matches/],
      [{ pages: 'pp. 1–37' }, /content\/research_papers\.json, row 1: pages must be pages such as 1–37/],
      [{ kind: 'book', publisher: 'Springer', editors: Array.from({ length: 101 }, (_, i) => `Editor ${i}`) }, /content\/research_papers\.json, row 1: editors Too big: expected array to have <=100 items/],
      [{ kind: 'conference', event_start: '2024-06-10', event_end: '2024-06-09' }, /content\/research_papers\.json, row 1: event_end must not be before event_start/],
    ];
    for (const [venue, message] of refusals) {
      await expectRowsRefused(
        withRows((rows) => {
          Object.assign(rows.research_papers[0], venue);
        }, [NEW_FILE]),
        message,
      );
    }
  });

  it("refuses values longer than the editors allow (a 200,001-character post, a 121-character site title)", async () => {
    await expectRowsRefused(
      withRows((rows) => {
        rows.blog_posts[0].content = 'x'.repeat(200_001);
      }),
      /content\/blog_posts\.json, row 1: content Too big: expected string to have <=200000 characters/,
    );
    await expectRowsRefused(
      withRows((rows) => {
        rows.site_settings = [{ id: true, site_title: 'x'.repeat(121) }];
      }),
      /content\/site_settings\.json, row 1: site_title Too big: expected string to have <=120 characters/,
    );
  });

  it('refuses content that links to stored files neither in the archive nor on the site, naming them', async () => {
    await expectRowsRefused(
      withRows((rows) => {
        rows.blog_posts[0].cover_image = '/storage/blog-images/missing.png';
        rows.blog_posts[1].content = 'See ![a figure](/storage/blog-images/figures/also-missing.png) and ![ok](/storage/blog-images/1-cover.png).';
      }, [NEW_FILE]),
      /The archive's content links to 2 stored files that are neither in the archive nor on this site \(blog-images\/missing\.png, blog-images\/figures\/also-missing\.png\)/,
    );
  });
});

describe('extra fields and duplicate listings: restore', () => {
  it('refuses a manifest with a key this version does not know, naming it', async () => {
    const file = archivePath('.tar');
    writeRawArchive(
      file,
      withManifest(backupEntries, (m) => {
        (m.database as Record<string, unknown>).compression = 'zstd';
      }),
    );
    await expectRestoreRefused(file, /The backup's manifest is not valid:\n {2}database: Unrecognized key: "compression"/);
  });

  it('refuses a manifest that lists the same file twice', async () => {
    const file = archivePath('.tar');
    writeRawArchive(
      file,
      withManifest(backupEntries, (m) => {
        m.files = [...(m.files as unknown[]), (m.files as unknown[])[0]];
      }),
    );
    await expectRestoreRefused(file, /The backup's manifest is not valid:\n {2}files\.1: lists storage\/blog-images\/1-cover\.png a second time/);
  });
});

/** A PNG whose header states `width` × `height` pixels (as in tests/unit/image-size.test.ts): a few hundred bytes. */
function png(width: number, height: number): Buffer {
  const u32 = (value: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    return bytes;
  };
  const chunk = (type: string, data: Buffer) => Buffer.concat([u32(data.length), Buffer.from(type, 'latin1'), data, u32(0)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.concat([u32(width), u32(height), Buffer.from([8, 0, 0, 0, 0])])),
    chunk('IDAT', deflateSync(Buffer.alloc(Math.min(height, 1000) * 2))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF of `frames` one-pixel frames (as in tests/unit/image-size.test.ts). */
function gif(frames: number): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]),
    ...Array.from({ length: frames }, () => Buffer.from([0x21, 0xf9, 0x04, 0x04, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00])),
    Buffer.from([0x3b]),
  ]);
}

/**
 * Files an upload refuses (lib/storage/content-type.ts), by bucket and name: each case is refused in an
 * export (files/<bucket>/<name>) and in a backup (storage/<bucket>/<name>), with the upload's reason.
 */
const UNUPLOADABLE: { title: string; bucket: string; name: string; bytes: () => Buffer; reason: (entry: string) => RegExp }[] = [
  {
    title: 'a decompression-bomb PNG (1 × 100,000,000 pixels)',
    bucket: 'blog-images',
    name: 'bomb.png',
    bytes: () => png(1, 100_000_000),
    reason: (entry) => new RegExp(`${entry} is too large an image: 1 × 100,000,000 pixels \\(at most 20,000 a side and 50 megapixels\\)`),
  },
  {
    title: 'a GIF of 10,000 frames',
    bucket: 'blog-images',
    name: 'frames.gif',
    bytes: () => gif(10_000),
    reason: (entry) => new RegExp(`${entry} has too many frames: 10,000 \\(at most 1,000\\)`),
  },
  {
    title: 'an SVG',
    bucket: 'blog-images',
    name: 'drawing.svg',
    bytes: () => Buffer.from(SAMPLES.svg),
    reason: (entry) => new RegExp(`${entry} is not a JPEG, PNG, GIF, WebP or PDF file \\(its content was checked, not its name\\)`),
  },
  {
    title: 'HTML bytes named .png',
    bucket: 'blog-images',
    name: 'page.png',
    bytes: () => Buffer.from(SAMPLES.html),
    reason: (entry) => new RegExp(`${entry} is not a JPEG, PNG, GIF, WebP or PDF file \\(its content was checked, not its name\\)`),
  },
  {
    title: 'a PDF among the blog images',
    bucket: 'blog-images',
    name: 'paper.pdf',
    bytes: () => Buffer.from(SAMPLES.pdf),
    reason: (entry) => new RegExp(`${entry}: Only images \\(JPEG, PNG, GIF or WebP\\) can be uploaded to blog-images`),
  },
  {
    title: 'an image among the papers',
    bucket: 'research-papers',
    name: 'figure.png',
    bytes: () => Buffer.from(SAMPLES.png),
    reason: (entry) => new RegExp(`${entry}: Only PDF files can be uploaded to research-papers`),
  },
  {
    title: 'a PNG of 12 MB (images may be 10 MB)',
    bucket: 'blog-images',
    name: 'large.png',
    bytes: () => Buffer.from(padded(SAMPLES.png, 12 * MiB)),
    reason: (entry) => new RegExp(`${entry} is 12\\.0 MB; images may be at most 10\\.0 MB`),
  },
];

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The backup's entries with `extra` files added to storage/ and to the manifest. */
function withStoredFiles(extra: Entries): Entries {
  return [
    ...withManifest(backupEntries, (m) => {
      for (const file of extra) (m.files as unknown[]).push({ path: file.name, size: file.bytes.length, sha256: sha(file.bytes) });
    }),
    ...extra,
  ];
}

describe('files an upload refuses: import', () => {
  it.each(UNUPLOADABLE)('refuses an export holding $title, naming the file and the reason, before anything is touched', async (c) => {
    const name = `files/${c.bucket}/${c.name}`;
    await expectRowsRefused(
      withRows(() => undefined, [{ name, bytes: c.bytes() }]),
      new RegExp(`^1 file of the export would be refused by this site's upload, and an archive brings in nothing an upload would refuse: ${c.reason(escaped(name)).source}`),
    );
  });

  it('names three of the refused files and counts the rest', async () => {
    const extra = UNUPLOADABLE.slice(0, 4).map((c) => ({ name: `files/${c.bucket}/${c.name}`, bytes: c.bytes() }));
    await expectRowsRefused(
      withRows(() => undefined, extra),
      /^4 files of the export would be refused .*: files\/blog-images\/bomb\.png is too large .* files\/blog-images\/frames\.gif has too many .* files\/blog-images\/drawing\.svg is not .* \(and 1 more\)$/,
    );
  });

  it('imports an export whose files all pass the upload check (the samples of every type)', async () => {
    const file = archivePath('.tar.gz');
    const extra = [
      { name: 'files/blog-images/9-new.jpg', bytes: Buffer.from(SAMPLES.jpeg) },
      { name: 'files/blog-images/9-new.gif', bytes: Buffer.from(SAMPLES.gif) },
      { name: 'files/blog-images/9-new.webp', bytes: Buffer.from(SAMPLES.webp) },
      { name: 'files/research-papers/9-new.pdf', bytes: Buffer.from(SAMPLES.pdf) },
    ];
    writeRawArchive(file, withRows(() => undefined, extra), { gzip: true });
    const result = await importSite({ db: site.db, storage, file, mode: 'replace' });
    expect(result.filesWritten).toBe(4);
    for (const e of extra) {
      const [, bucket, ...rest] = e.name.split('/');
      expect(readFileSync(path.join(storage.root, bucket, ...rest))).toEqual(e.bytes);
      await storage.remove(bucket as Bucket, [rest.join('/')]);
    }
  });
});

describe('files an upload refuses: npm run import', () => {
  it('refuses a hostile export fed to a new site before it makes the schema or the bucket folders', async () => {
    const file = archivePath('.tar.gz');
    writeRawArchive(file, withRows(() => undefined, [{ name: 'files/blog-images/bomb.png', bytes: png(1, 100_000_000) }]), { gzip: true });
    const newSite = tempDir();
    const cli = runScript('scripts/import.ts', [file], { DATA_DIR: newSite });
    expect((await cli.exited).code, cli.output()).toBe(1);
    expect(cli.output()).toContain('files/blog-images/bomb.png is too large an image: 1 × 100,000,000 pixels');
    expect(cli.output()).toContain('Nothing was imported.');
    expect(readdirSync(newSite)).toEqual([]);
  }, 60_000);
});

describe('files an upload refuses: restore', () => {
  it.each(UNUPLOADABLE)('refuses a backup holding $title, naming the file and the reason, changing nothing', async (c) => {
    const name = `storage/${c.bucket}/${c.name}`;
    const file = archivePath('.tar');
    writeRawArchive(file, withStoredFiles([{ name, bytes: c.bytes() }]));
    await expectRestoreRefused(
      file,
      new RegExp(`^1 file of the backup would be refused by this site's upload, and an archive brings in nothing an upload would refuse: ${c.reason(escaped(name)).source}`),
    );
  });

  it('refuses a stored file past every upload limit from its beginning, without holding it whole', async () => {
    const name = 'storage/research-papers/huge.pdf';
    const file = archivePath('.tar');
    writeRawArchive(file, withStoredFiles([{ name, bytes: Buffer.from(padded(SAMPLES.pdf, 60 * MiB)) }]));
    await expectRestoreRefused(file, /storage\/research-papers\/huge\.pdf is 60\.0 MB; PDFs may be at most 50\.0 MB/);
  });

  it('refuses a file outside the buckets that an upload would refuse', async () => {
    const file = archivePath('.tar');
    writeRawArchive(file, withStoredFiles([{ name: 'storage/elsewhere/page.png', bytes: Buffer.from(SAMPLES.html) }]));
    await expectRestoreRefused(file, /storage\/elsewhere\/page\.png is not a JPEG, PNG, GIF, WebP or PDF file/);
  });

  it('a damaged archive is called damaged, not refused for its files', async () => {
    const name = 'storage/blog-images/page.png';
    const bytes = Buffer.from(SAMPLES.html);
    const file = archivePath('.tar');
    writeRawArchive(file, [...withStoredFiles([{ name, bytes }]).slice(0, -1), { name, bytes: Buffer.from(bytes).fill(0x20, 20) }]);
    await expectRestoreRefused(file, /storage\/blog-images\/page\.png does not match its checksum: the archive is damaged/);
  });
});
