import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSite } from '@/lib/backup/export';
import { importSite } from '@/lib/backup/import';
import { seedSampleContent } from '@/lib/db/seed';
import type { Database } from '@/lib/db/types';
import { LocalStorage } from '@/lib/storage/local';
import { archiveContents, contentOf } from '../helpers/archives';
import { openTestPglite } from '../helpers/db';
import { tempDataDir } from '../helpers/site-server';
import { SAMPLES } from '../helpers/storage-samples';

/**
 * An export is a tar that any tar program reads and writes: unpacked and packed again by GNU tar, in its
 * own format (long names in ././@LongLink entries) or in pax (long names in pax records), with folder
 * entries and its own record padding, it imports and gives the same content and files.
 */

/** 150 characters in one segment: neither the 100-byte name field nor a split at a '/' holds it. */
const LONG_PATH = `figures/${'a-figure-with-a-long-descriptive-name-'.repeat(4)}v2.png`;

const tempDirs: string[] = [];
function tempDir(): string {
  const dir = tempDataDir('portfolio-gnu-tar-');
  tempDirs.push(dir);
  return dir;
}

const work = tempDir();
let source: { db: Database; cleanup(): Promise<void> };
let target: { db: Database; cleanup(): Promise<void> };
let exportFile: string;

beforeAll(async () => {
  [source, target] = await Promise.all([openTestPglite(), openTestPglite()]);
  await seedSampleContent(source.db);
  const storage = new LocalStorage(path.join(tempDir(), 'storage'));
  await storage.ensureBuckets();
  await storage.upload('blog-images', { path: LONG_PATH, bytes: SAMPLES.png, contentType: 'image/png' });
  await source.db.query(`update blog_posts set cover_image = $1 where slug = (select min(slug) from blog_posts)`, [`/storage/blog-images/${LONG_PATH}`]);
  exportFile = path.join(work, 'export.tar.gz');
  await exportSite({ db: source.db, storage, file: exportFile });
}, 120_000);

afterAll(async () => {
  await source?.cleanup();
  await target?.cleanup();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('an export packed again by GNU tar', () => {
  it.each([
    { format: 'gnu', longName: '././@LongLink' },
    { format: 'pax', longName: ` path=files/blog-images/${LONG_PATH}\n` },
  ])('imports from tar --format=$format, with the same content and files', async ({ format, longName }) => {
    const unpacked = tempDir();
    execFileSync('tar', ['-xzf', exportFile, '-C', unpacked]);
    const repacked = path.join(work, `repacked-${format}.tar.gz`);
    // manifest.json first, as the format asks; the folders follow with their entries, sorted by name.
    execFileSync('tar', [`--format=${format}`, '--sort=name', '-czf', repacked, '-C', unpacked, 'manifest.json', 'content', 'files']);
    const tar = gunzipSync(readFileSync(repacked));
    expect(tar.includes(longName), `GNU tar wrote the long name as ${longName.trim()}`).toBe(true);
    expect(tar.includes('files/blog-images/figures/\0'), 'GNU tar wrote folder entries').toBe(true);

    expect(await archiveContents(repacked)).toEqual(await archiveContents(exportFile));

    const storage = new LocalStorage(path.join(tempDir(), 'storage'));
    await storage.ensureBuckets();
    const result = await importSite({ db: target.db, storage, file: repacked, mode: 'replace' });
    expect(result.filesWritten).toBe(1);
    expect(await contentOf(target.db)).toEqual(await contentOf(source.db));
    expect(readFileSync(path.join(storage.root, 'blog-images', ...LONG_PATH.split('/')))).toEqual(Buffer.from(SAMPLES.png));
  });
});
