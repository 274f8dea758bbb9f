// @module-tag security
import { existsSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveError } from '@/lib/backup/archive';
import { exportSite } from '@/lib/backup/export';
import { CONTENT_TABLES, contentEntry, type ContentTable, type ExportManifest } from '@/lib/backup/export-format';
import { ImportRefusedError, importSite, previewImport, type ImportPreview, type ImportTablePlan } from '@/lib/backup/import';
import { seedSampleContent } from '@/lib/db/seed';
import type { Database } from '@/lib/db/types';
import { LocalStorage } from '@/lib/storage/local';
import { contentOf, readEntries, treeListing, writeRawArchive, type RawEntry } from '../helpers/archives';
import { openTestPglite } from '../helpers/db';
import { tempDataDir } from '../helpers/site-server';
import { SAMPLES } from '../helpers/storage-samples';

/**
 * The import preview: what an import would do in each mode, computed with importSite's own checks and
 * a trial of the rows rolled back, and nothing written (rows, stored files, buckets, temporary folders).
 * Refusals that hold in every mode are thrown as importSite throws them; a mode the database refuses is
 * answered in that mode's plan.
 */

interface Site {
  db: Database;
  storage: LocalStorage;
  cleanup(): Promise<void>;
}

/** The temporary folder for this file alone (TMPDIR), so that its listing shows what a preview leaves behind. */
const tmp = tempDataDir('portfolio-preview-tmp-');
const savedTmpdir = process.env.TMPDIR;
const sites: Site[] = [];
let source: Site;
let target: Site;
let exported: string;
let manifest: ExportManifest;
let exportEntries: { name: string; bytes: Buffer }[];

const COVER = 'files/blog-images/2-cover.jpg';

/** A migrated PGlite and a local storage whose folder is not made yet (no bucket). */
async function openSite(): Promise<Site> {
  const site = { ...(await openTestPglite()), storage: new LocalStorage(path.join(tempDataDir(), 'storage')) };
  sites.push(site);
  return site;
}

beforeAll(async () => {
  process.env.TMPDIR = tmp;
  expect(os.tmpdir()).toBe(tmp);
  source = await openSite();
  await seedSampleContent(source.db);
  await source.storage.ensureBuckets();
  await source.storage.upload('profile-images', { path: 'about/1-portrait.png', bytes: SAMPLES.png, contentType: 'image/png' });
  await source.storage.upload('blog-images', { path: '2-cover.jpg', bytes: SAMPLES.jpeg, contentType: 'image/jpeg' });
  await source.storage.upload('research-papers', { path: '3-paper.pdf', bytes: SAMPLES.pdf, contentType: 'application/pdf' });
  await source.db.query(`update about_data set image_url = '/storage/profile-images/about/1-portrait.png'`);
  await source.db.query(`update blog_posts set cover_image = '/storage/blog-images/2-cover.jpg' where slug = (select min(slug) from blog_posts)`);
  await source.db.query(`update research_papers set pdf_url = '/storage/research-papers/3-paper.pdf' where title = (select min(title) from research_papers)`);
  // site_settings' id is the boolean true: the preview compares ids as text.
  await source.db.query(`insert into site_settings (site_title, meta_description) values ('My site', 'Mathematics')`);
  // The sample has no co-authors: one, so every table of the archive has rows.
  await source.db.query(`insert into coauthors (name, homepage, position) values ('P. Raman', 'https://example.org/priya', 0)`);
  exported = path.join(tmp, 'site.tar.gz');
  await exportSite({ db: source.db, storage: source.storage, file: exported });
  exportEntries = await readEntries(exported);
  manifest = JSON.parse(exportEntries[0].bytes.toString('utf8')) as ExportManifest;
  target = await openSite();
}, 120_000);

afterAll(async () => {
  for (const site of sites) await site.cleanup();
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  rmSync(tmp, { recursive: true, force: true });
});

/** Everything a preview must leave as it was: the site's rows, its storage folder (or its absence), and the temporary folder. */
async function snapshot(site: Site): Promise<unknown> {
  return {
    content: await contentOf(site.db),
    files: existsSync(site.storage.root) ? treeListing(site.storage.root) : 'no storage folder',
    temp: readdirSync(tmp).sort(),
  };
}

/**
 * previewImport into `site`, checking afterwards (whether it answered or threw) that nothing was
 * written and that its own temporary folder, made in `tmp`, is gone.
 */
async function preview(site: Site, file: string, free: (dir: string) => Promise<number> = async () => Number.MAX_SAFE_INTEGER): Promise<ImportPreview> {
  const before = await snapshot(site);
  const asked: string[] = [];
  try {
    return await previewImport({
      db: site.db,
      storage: site.storage,
      file,
      freeSpace: (dir) => {
        asked.push(dir);
        return free(dir);
      },
    });
  } finally {
    expect(await snapshot(site)).toEqual(before);
    const own = asked.filter((dir) => dir.startsWith(path.join(tmp, 'portfolio-import-')));
    for (const dir of own) expect(existsSync(dir), dir).toBe(false);
  }
}

/** Each table's plan, from the archive's row count. */
function tablesOf(plan: (table: ContentTable, inArchive: number) => Partial<ImportTablePlan>): Record<ContentTable, ImportTablePlan> {
  return Object.fromEntries(
    CONTENT_TABLES.map((table) => {
      const inArchive = manifest.tables[table]?.rows ?? 0;
      return [table, { inArchive, onSite: 0, added: 0, replaced: 0, left: 0, removed: 0, ...plan(table, inArchive) }];
    }),
  ) as Record<ContentTable, ImportTablePlan>;
}

const fileBytes = SAMPLES.png.byteLength + SAMPLES.jpeg.byteLength + SAMPLES.pdf.byteLength;

async function thrown(run: () => Promise<unknown>): Promise<unknown> {
  return run().then(
    () => null,
    (error: unknown) => error,
  );
}

/** The archive's row of `table` with this id, counted from 1 as the import's messages count. */
function archiveRowNumber(table: ContentTable, id: string): number {
  const rows = JSON.parse(exportEntries.find((e) => e.name === contentEntry(table))!.bytes.toString('utf8')) as { id: string }[];
  return rows.findIndex((row) => row.id === id) + 1;
}

describe('import preview', () => {
  it('into an empty site: every row added in either mode, every file written; no bucket made; the import then does just that', async () => {
    const result = await preview(target, exported);
    expect(result.manifest).toEqual(manifest);
    expect(result.siteHasContent).toBe(false);
    expect(result.files).toEqual({ total: 3, bytes: fileBytes, written: 3, present: 0 });
    const all = tablesOf((_, inArchive) => ({ added: inArchive }));
    expect(result.modes).toEqual({ replace: { ok: true, tables: all }, merge: { ok: true, tables: all } });
    expect(Object.values(all).every((plan) => plan.inArchive > 0)).toBe(true);
    expect(existsSync(target.storage.root)).toBe(false);

    await target.storage.ensureBuckets();
    const imported = await importSite({ db: target.db, storage: target.storage, file: exported, mode: 'only-if-empty' });
    expect(imported.rows).toEqual(Object.fromEntries(CONTENT_TABLES.map((table) => [table, all[table].added])));
    expect(imported.filesWritten).toBe(result.files.written);
  });

  it('into the site it was exported from: every row replaced, none added, every file already there', async () => {
    const result = await preview(source, exported);
    expect(result.siteHasContent).toBe(true);
    expect(result.files).toEqual({ total: 3, bytes: fileBytes, written: 0, present: 3 });
    const same = tablesOf((_, inArchive) => ({ onSite: inArchive, replaced: inArchive }));
    expect(result.modes).toEqual({ replace: { ok: true, tables: same }, merge: { ok: true, tables: same } });
  });

  it('into a site with a row the archive lacks: merge leaves it, replace removes it', async () => {
    await target.db.query(`insert into blog_posts (title, slug, content) values ('Only here', 'only-here', 'x')`);
    try {
      const result = await preview(target, exported);
      const posts = manifest.tables.blog_posts!.rows;
      const withExtra = (mode: 'left' | 'removed') =>
        tablesOf((table, inArchive) =>
          table === 'blog_posts' ? { onSite: posts + 1, replaced: posts, [mode]: 1 } : { onSite: inArchive, replaced: inArchive },
        );
      expect(result.modes.merge).toEqual({ ok: true, tables: withExtra('left') });
      expect(result.modes.replace).toEqual({ ok: true, tables: withExtra('removed') });
      expect(result.files).toEqual({ total: 3, bytes: fileBytes, written: 0, present: 3 });
    } finally {
      await target.db.query(`delete from blog_posts where slug = 'only-here'`);
    }
  });

  it('answers a mode the database refuses with its refusal, naming the row, and plans the other', async () => {
    // The site's post gets another id: merging keeps it beside the archive's post with the same slug,
    // which the unique slug refuses; replacing empties the table first.
    const { rows } = await target.db.query<{ id: string; slug: string }>(`select id::text as id, slug from blog_posts order by slug limit 1`);
    const { id, slug } = rows[0];
    await target.db.query(`update blog_posts set id = gen_random_uuid() where slug = $1`, [slug]);
    try {
      const result = await preview(target, exported);
      const row = archiveRowNumber('blog_posts', id);
      expect(row).toBeGreaterThan(0);
      expect(result.modes.merge).toEqual({ ok: false, refusal: expect.stringContaining(`content/blog_posts.json, row ${row} (id ${id}): duplicate key value`) });
      const refusal = (result.modes.merge as { refusal: string }).refusal;
      expect(refusal).toMatch(/blog_posts_slug_key/);
      const posts = manifest.tables.blog_posts!.rows;
      expect(result.modes.replace).toEqual({
        ok: true,
        tables: tablesOf((table, inArchive) =>
          table === 'blog_posts' ? { onSite: posts, replaced: posts - 1, added: 1, removed: 1 } : { onSite: inArchive, replaced: inArchive },
        ),
      });
      // importSite refuses the same mode with the same message.
      const error = await thrown(() => importSite({ db: target.db, storage: target.storage, file: exported, mode: 'merge' }));
      expect(error).toBeInstanceOf(ImportRefusedError);
      expect((error as Error).message).toBe(refusal);
    } finally {
      await target.db.query(`update blog_posts set id = $1 where slug = $2`, [id, slug]);
    }
  });

  it('throws what importSite throws for a refusal that holds in every mode (hostile archive, no disk space, a clashing file)', async () => {
    const expectSameRefusal = async (site: Site, file: string, type: typeof ArchiveError | typeof ImportRefusedError, message: RegExp, free?: () => Promise<number>) => {
      const fromPreview = await thrown(() => preview(site, file, free));
      const fromImport = await thrown(() => importSite({ db: site.db, storage: site.storage, file, mode: 'replace', freeSpace: free }));
      expect(fromPreview).toBeInstanceOf(type);
      expect((fromPreview as Error).message).toMatch(message);
      expect((fromImport as Error).constructor).toBe((fromPreview as Error).constructor);
      // The disk-space message names the call's own temporary folder, which differs from call to call.
      const same = (error: unknown) => (error as Error).message.replace(/portfolio-import-\w+/g, 'portfolio-import-*');
      expect(same(fromImport)).toBe(same(fromPreview));
    };

    // As in archive-hostile.test.ts: a symlink under a listed file's name.
    const symlink = path.join(tmp, 'symlink.tar.gz');
    const link: RawEntry = { name: COVER, type: '2', linkname: '/etc/passwd' };
    writeRawArchive(symlink, exportEntries.map((e) => (e.name === COVER ? link : e)), { gzip: true });
    await expectSameRefusal(target, symlink, ArchiveError, /The archive holds "files\/blog-images\/2-cover\.jpg", which is not a regular file/);

    await expectSameRefusal(target, exported, ImportRefusedError, /The archive's files need .* of disk space/, async () => 10);

    // A site whose stored file has other bytes under the archive's name: refused whatever the mode.
    const clashing = await openSite();
    await clashing.storage.ensureBuckets();
    await clashing.storage.upload('blog-images', { path: '2-cover.jpg', bytes: Buffer.concat([SAMPLES.jpeg, Buffer.from('other')]), contentType: 'image/jpeg' });
    await expectSameRefusal(clashing, exported, ImportRefusedError, /1 file of the archive exists on this site with different content \(blog-images\/2-cover\.jpg\)/);
  });
});
