import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ArchiveError, readArchive } from '@/lib/backup/archive';
import { exportSite } from '@/lib/backup/export';
import {
  CONTENT_TABLES,
  contentEntry,
  EXPORT_FORMAT,
  fileEntry,
  FORMAT_3_VENUE,
  type ContentTable,
  type ExportManifest,
} from '@/lib/backup/export-format';
import { sha256, writeArchiveAtomically } from '@/lib/backup/files';
import { ImportRefusedError, importSite } from '@/lib/backup/import';
import { migrate } from '@/lib/db/migrate';
import { openDatabase, type OpenedDatabase } from '@/lib/db/open';
import { openPostgres } from '@/lib/db/postgres';
import { seedSampleContent } from '@/lib/db/seed';
import type { Database } from '@/lib/db/types';
import { parseEnv } from '@/lib/env';
import type { Bucket } from '@/lib/storage/buckets';
import { LocalStorage } from '@/lib/storage/local';
import { SupabaseStorage } from '@/lib/storage/supabase';
import { archiveContents, contentOf } from '../helpers/archives';
import { createUser, makeAdmin, openTestPglite } from '../helpers/db';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { runScript, tempDataDir as newTempDir } from '../helpers/site-server';
import { SAMPLES } from '../helpers/storage-samples';
import { preparePgliteDir } from '../helpers/prepared-data';

/**
 * Portable content (issue 15): an export from the embedded site loads into a Postgres server and
 * exports from there unchanged; an import into a site with content asks for --replace or --merge;
 * a failing import leaves the site as it was, files included; archives it cannot read are refused.
 */

let server: PostgresServer;
let source: OpenedDatabase;
let sourceStorage: LocalStorage;
let target: Database;
let targetStorage: LocalStorage;
let exported: string;
const tempDirs: string[] = [];

function tempDataDir(prefix?: string): string {
  const dir = newTempDir(prefix);
  tempDirs.push(dir);
  return dir;
}

const work = tempDataDir('portfolio-export-test-');

/** A paper's venue columns (issue 45), empty: what a paper of a kind that lacks one holds there. */
const NO_VENUE: Record<string, unknown> = { ...FORMAT_3_VENUE };

/**
 * Papers of several kinds (issue 45), each with every venue field its kind has, added to the source site: the
 * export must carry each field and an import write it back. Columns as the archive names them.
 */
const VENUE_PAPERS: Record<string, unknown>[] = [
  { title: 'Zeros near the one-line', kind: 'article', journal: 'Journal of Number Theory', volume: '241', issue: '3', pages: '1–37', article_number: '' },
  {
    title: 'Computing class groups quickly',
    kind: 'conference',
    journal: 'Proceedings of ANTS XV',
    event_name: 'ANTS XV',
    event_place: 'Bristol',
    event_start: '2022-08-08',
    event_end: '2022-08-12',
    editors: ['Ada Editor', 'Ben Editor'],
    volume: '7',
    pages: '12-30',
    publisher: 'MSP',
    // And what belongs to a paper besides its venue.
    code_url: 'https://github.com/example/class-groups',
    slides_url: '/storage/research-papers/3-paper.pdf',
    note: 'Equal contribution',
    selected: true,
  },
  { title: 'Sieves in practice', kind: 'book', journal: '', publisher: 'Cambridge University Press', edition: '2', editors: ['Cee Editor'], isbn: '978-0-306-40615-7' },
  { title: 'Large values of Dirichlet polynomials', kind: 'chapter', journal: 'Essays in Analytic Number Theory', editors: ['Dee Editor'], pages: 'S1–S12', publisher: 'Springer', edition: 'Second', isbn: '0-306-40615-2' },
  { title: 'Primes in short intervals', kind: 'phd-thesis', journal: '', institution: 'University of Oxford' },
  { title: 'A census of L-functions', kind: 'report', journal: '', institution: 'Institut Mittag-Leffler', report_number: '17' },
  { title: 'Zeros of 10^6 L-functions', kind: 'dataset', journal: 'Zenodo', publisher: 'CERN' },
].map((paper) => ({ ...NO_VENUE, authors: ['Alex Morgan'], date: '2024-05-01', status: 'published', ...paper }));

/** The columns VENUE_PAPERS set, as SQL reads them back in the archive's form (a date as text). */
const VENUE_SELECT = `title, kind, journal, ${Object.keys(NO_VENUE)
  .map((column) => (column === 'event_start' || column === 'event_end' ? `${column}::text as ${column}` : column))
  .join(', ')}`;
const venueOf = (paper: Record<string, unknown>) =>
  Object.fromEntries(['title', 'kind', 'journal', ...Object.keys(NO_VENUE)].map((column) => [column, paper[column]]));
const byTitle = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.title).localeCompare(String(b.title));

beforeAll(async () => {
  const [pg] = await Promise.all([
    startPostgres(),
    (async () => {
      const dataDir = tempDataDir();
      await preparePgliteDir('migrated', path.join(dataDir, 'pglite'));
      source = await openDatabase(parseEnv({ DATA_DIR: dataDir }), { purpose: 'export test' });
      await migrate(source.db, { authBootstrap: true });
      sourceStorage = new LocalStorage(path.join(dataDir, 'storage'));
      await sourceStorage.ensureBuckets();
    })(),
  ]);
  server = pg;
  target = await openPostgres(server.url);
  await migrate(target, { authBootstrap: true });
  targetStorage = new LocalStorage(path.join(tempDataDir(), 'storage'));
  await targetStorage.ensureBuckets();

  // The source site: sample content, settings, an admin (never exported), images and a PDF in use.
  const db = source.db;
  await seedSampleContent(db);
  await makeAdmin(db, await createUser(db, 'owner@example.com', 'Owner'));
  await sourceStorage.upload('profile-images', { path: 'about/1-portrait.png', bytes: SAMPLES.png, contentType: 'image/png' });
  await sourceStorage.upload('blog-images', { path: '2-cover.jpg', bytes: SAMPLES.jpeg, contentType: 'image/jpeg' });
  await sourceStorage.upload('research-papers', { path: '3-paper.pdf', bytes: SAMPLES.pdf, contentType: 'application/pdf' });
  await db.query(`update about_data set image_url = '/storage/profile-images/about/1-portrait.png'`);
  await db.query(`update blog_posts set cover_image = '/storage/blog-images/2-cover.jpg' where slug = (select min(slug) from blog_posts)`);
  await db.query(`update research_papers set doi = '10.1000/xyz123', pdf_url = '/storage/research-papers/3-paper.pdf' where title = (select min(title) from research_papers)`);
  await db.query(`insert into site_settings (site_title, meta_description) values ('My site', 'Mathematics')`);
  await db.query(`insert into coauthors (name, homepage, orcid, position) values ('P. Raman', 'https://example.org/priya', null, 0), ('Daniel Okafor', null, '0000-0002-1825-0097', 1)`);
  const columns = Object.keys(VENUE_PAPERS[0]).join(', ');
  await db.query(`insert into research_papers (${columns}) select ${columns} from jsonb_populate_recordset(null::research_papers, $1::jsonb)`, [
    JSON.stringify(VENUE_PAPERS),
  ]);
  exported = path.join(work, 'site.tar.gz');
  await exportSite({ db, storage: sourceStorage, file: exported });
}, 120_000);

afterAll(async () => {
  await source?.release();
  await target?.close();
  await server?.stop();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

function filesOf(storage: LocalStorage): string[] {
  return readdirSync(storage.root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(storage.root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Reads an export's content rows, so a test can make a variant of it. */
async function readRows(file: string): Promise<{ manifest: ExportManifest; rows: Record<ContentTable, Record<string, unknown>[]> }> {
  const rows = {} as Record<ContentTable, Record<string, unknown>[]>;
  const manifest = await readArchive(file, EXPORT_FORMAT, {
    async consume(entry, chunks) {
      const parts: Buffer[] = [];
      for await (const chunk of chunks) parts.push(chunk);
      const table = CONTENT_TABLES.find((t) => contentEntry(t) === entry.name);
      if (table) rows[table] = JSON.parse(Buffer.concat(parts).toString('utf8'));
    },
  });
  return { manifest, rows };
}

/** Writes an export archive with these rows and files, the way exportSite lays it out. */
async function writeExport(
  file: string,
  manifest: ExportManifest,
  rows: Partial<Record<ContentTable, unknown[]>>,
  files: { bucket: Bucket; path: string; bytes: Uint8Array }[],
  overrides: Record<string, unknown> = {},
): Promise<void> {
  // The tables `rows` has (an older format version's archive lacks the newer ones).
  const tables = CONTENT_TABLES.filter((t) => rows[t] !== undefined);
  const content = Object.fromEntries(tables.map((t) => [t, Buffer.from(JSON.stringify(rows[t]))])) as Record<ContentTable, Buffer>;
  const written = {
    ...manifest,
    tables: Object.fromEntries(tables.map((t) => [t, { rows: rows[t]!.length, size: content[t].length, sha256: sha256(content[t]) }])),
    files: files.map((f) => ({ bucket: f.bucket, path: f.path, size: f.bytes.byteLength, sha256: sha256(f.bytes) })),
    ...overrides,
  };
  await writeArchiveAtomically(
    file,
    async (writer) => {
      await writer.addBytes('manifest.json', Buffer.from(JSON.stringify(written)));
      for (const t of tables) await writer.addBytes(contentEntry(t), content[t]);
      for (const f of files) await writer.addBytes(fileEntry(f.bucket, f.path), f.bytes);
    },
    { gzip: true },
  );
}

describe('export and import', () => {
  it('an export from the embedded site, imported into Postgres and exported again, gives the same content and files', async () => {
    const first = await archiveContents(exported);
    expect(Object.fromEntries(CONTENT_TABLES.map((t) => [t, first.manifest.tables[t]?.rows]))).toMatchObject({
      about_data: 1,
      site_settings: 1,
    });
    expect(first.manifest.files.map((f) => `${f.bucket}/${f.path}`).sort()).toEqual([
      'blog-images/2-cover.jpg',
      'profile-images/about/1-portrait.png',
      'research-papers/3-paper.pdf',
    ]);
    // Content only: no accounts, sessions, password hashes, roles or profiles.
    const everything = JSON.stringify(await readRows(exported));
    expect(everything).not.toContain('owner@example.com');
    expect(everything).not.toContain('encrypted_password');

    const result = await importSite({ db: target, storage: targetStorage, file: exported, mode: 'only-if-empty' });
    expect(result.filesWritten).toBe(3);

    const again = path.join(work, 'again.tar.gz');
    await exportSite({ db: target, storage: targetStorage, file: again });
    const second = await archiveContents(again);
    expect(second.manifest.source.database).toBe('postgres');
    expect(second.entries).toEqual(first.entries);
    expect(second.manifest.tables).toEqual(first.manifest.tables);
    expect(second.manifest.files).toEqual(first.manifest.files);
    expect(readFileSync(path.join(targetStorage.root, 'research-papers', '3-paper.pdf'))).toEqual(Buffer.from(SAMPLES.pdf));
  });

  it('an import into a site with content asks for --replace or --merge, and each does what it says', async () => {
    const before = await contentOf(target);
    await expect(importSite({ db: target, storage: targetStorage, file: exported, mode: 'only-if-empty' })).rejects.toThrowError(ImportRefusedError);
    expect(await contentOf(target)).toEqual(before);

    // The command says the same, for a Postgres site given by DATABASE_URL.
    const cli = runScript('scripts/import.ts', [exported], { DATABASE_URL: server.url, DATA_DIR: tempDataDir() });
    expect((await cli.exited).code).toBe(1);
    expect(cli.output()).toContain('This site is not empty');
    expect(cli.output()).toContain('Run the import again with --replace');
    expect(cli.output()).toContain('Nothing was imported.');

    // Merge: the archive's rows come back as they were; rows it does not have stay.
    await target.query(`update blog_posts set title = 'Changed here' where cover_image is not null`);
    await target.query(`insert into blog_posts (title, slug, content) values ('Only here', 'only-here', 'x')`);
    await importSite({ db: target, storage: targetStorage, file: exported, mode: 'merge' });
    const { rows: merged } = await target.query<{ title: string }>(`select title from blog_posts order by title`);
    expect(merged.map((r) => r.title)).toContain('Only here');
    expect(merged.map((r) => r.title)).not.toContain('Changed here');
    expect(await contentOf(target)).not.toEqual(before);

    // Replace: exactly the archive's content again.
    await importSite({ db: target, storage: targetStorage, file: exported, mode: 'replace' });
    expect(await contentOf(target)).toEqual(before);
  });

  it("leaves the citation run's derived data and the readers' counts out of an export, and an import over them neither fails nor touches them (a replaced paper's count goes with it)", async () => {
    const [paper] = (await target.query<{ id: string }>('select id from public.research_papers order by id limit 1')).rows;
    await target.query(`insert into public.found_works (key, orcid, put_code, title) values ('doi:10.5555/found', '0000-0002-1825-0097', '7', 'Found')`);
    await target.query(`insert into public.citation_settings (id, show_on_site) values (true, true) on conflict (id) do update set show_on_site = true`);
    await target.query(`update public.refresh_state set papers_checked = 42, run_started_at = now(), run_finished_at = now()`);
    // And the readers' counts (issue 48): no export carries them, and an import keeps them.
    await target.query(`insert into public.analytics_events (day, kind, path, visitor) values (current_date, 'view', '/analytics-marker', '${'f'.repeat(32)}')`);
    await target.query(`insert into public.analytics_daily (day, dimension, key, count, visitors) values (current_date, 'page', '/analytics-marker', 3, 2)`);
    await target.query(`insert into public.analytics_settings (id, retention_days) values (true, 365) on conflict (id) do update set retention_days = 365`);
    const derived = `select (select count(*)::int from public.found_works) as found, (select show_on_site from public.citation_settings) as shown,
      (select papers_checked from public.refresh_state) as checked, (select count(*)::int from public.analytics_events) as events,
      (select sum(count)::int from public.analytics_daily) as counted, (select retention_days from public.analytics_settings) as retention`;

    const file = path.join(work, 'with-counts.tar.gz');
    await exportSite({ db: target, storage: targetStorage, file });
    const archive = await archiveContents(file);
    const names = [...Object.keys(archive.entries), ...Object.keys(archive.manifest.tables)].join('\n');
    for (const table of ['paper_citations', 'found_works', 'citation_settings', 'refresh_state', 'analytics_']) expect(names).not.toContain(table);
    expect(JSON.stringify(await readRows(file))).not.toContain('doi:10.5555/found');
    expect(JSON.stringify(await readRows(file))).not.toContain('/analytics-marker');

    // Both modes write the archive's rows over the site's papers of the same ids: a paper written over loses its
    // count with the row it had (on delete cascade), and the next run reads it again; the rest is left as it was.
    for (const mode of ['merge', 'replace'] as const) {
      await target.query(`insert into public.paper_citations (paper_id, source, cited_by, read_at) values ($1, 'openalex', 12, now()) on conflict do nothing`, [paper!.id]);
      await importSite({ db: target, storage: targetStorage, file, mode });
      expect((await target.query(derived)).rows[0], mode).toEqual({ found: 1, shown: true, checked: 42, events: 1, counted: 3, retention: 365 });
      expect((await target.query('select count(*)::int as n from public.paper_citations')).rows[0], mode).toEqual({ n: 0 });
    }
  });

  it('a failing import leaves the site unchanged, files included', async () => {
    const { manifest, rows } = await readRows(exported);
    const before = await contentOf(target);
    const filesBefore = filesOf(targetStorage);

    // A new file, new rows everywhere, and at the end a personal post without its title, which the
    // database requires: refused by the trial write, before any upload.
    const broken = structuredClone(rows);
    broken.blog_posts.push({ ...broken.blog_posts[0], id: '00000000-0000-4000-8000-000000000001', slug: 'new-post', title: 'New' });
    const untitled: Record<string, unknown> = { ...broken.personal_posts[0], id: '00000000-0000-4000-8000-000000000002' };
    delete untitled.title;
    broken.personal_posts.push(untitled);
    const file = path.join(work, 'broken.tar.gz');
    await writeExport(file, manifest, broken, [{ bucket: 'blog-images', path: '9-new.png', bytes: SAMPLES.png }]);

    const upload = vi.spyOn(targetStorage, 'upload');
    try {
      await expect(importSite({ db: target, storage: targetStorage, file, mode: 'merge' })).rejects.toThrowError(ImportRefusedError);
      await expect(importSite({ db: target, storage: targetStorage, file, mode: 'merge' })).rejects.toThrowError(
        /content\/personal_posts\.json, row \d+ \(id 00000000-0000-4000-8000-000000000002\): null value in column "title"/,
      );
      expect(upload).not.toHaveBeenCalled();
    } finally {
      upload.mockRestore();
    }
    expect(await contentOf(target)).toEqual(before);
    expect(filesOf(targetStorage)).toEqual(filesBefore);

    // The rows pass the trial, but writing them fails (the database goes away): the new file is removed again.
    const good = path.join(work, 'good-with-file.tar.gz');
    await writeExport(good, manifest, rows, [{ bucket: 'blog-images', path: '9-new.png', bytes: SAMPLES.png }]);
    const original = target.transaction.bind(target);
    const transaction = vi
      .spyOn(target, 'transaction')
      .mockImplementationOnce(original)
      .mockImplementationOnce((fn) =>
        original(async (tx) => {
          await fn(tx);
          throw new Error('the connection was lost');
        }),
      );
    try {
      await expect(importSite({ db: target, storage: targetStorage, file: good, mode: 'merge' })).rejects.toThrowError(
        /The import failed: the connection was lost[\s\S]*Nothing was imported: the site is as it was/,
      );
    } finally {
      transaction.mockRestore();
    }
    expect(await contentOf(target)).toEqual(before);
    expect(filesOf(targetStorage)).toEqual(filesBefore);
  });

  it('refuses, before writing anything, archives it cannot read: a newer format, unknown columns, invalid rows, damage', async () => {
    const { manifest, rows } = await readRows(exported);
    const before = await contentOf(target);
    const refuse = async (file: string, error: RegExp) => {
      await expect(importSite({ db: target, storage: targetStorage, file, mode: 'replace' })).rejects.toThrowError(error);
    };

    const newer = path.join(work, 'newer.tar.gz');
    await writeExport(newer, manifest, rows, [], { version: 6 });
    await refuse(newer, /made by a newer version of the site \(format version 6; this one reads up to 5\)/);

    // Since version 2 the CV's table is listed: a later manifest without it is refused.
    const withoutCv = path.join(work, 'without-cv.tar.gz');
    const olderRows: Partial<typeof rows> = { ...rows };
    delete olderRows.cv_entries;
    await writeExport(withoutCv, manifest, olderRows, []);
    await refuse(withoutCv, /tables\.cv_entries.*is missing \(format version 5 lists it\)/);
    await expect(importSite({ db: target, storage: targetStorage, file: newer, mode: 'replace' })).rejects.toThrowError(ArchiveError);

    const columns = path.join(work, 'columns.tar.gz');
    await writeExport(columns, manifest, { ...rows, blog_posts: rows.blog_posts.map((r) => ({ ...r, mood: 'happy' })) }, []);
    await refuse(columns, /blog_posts rows have a column this site's database lacks \(mood\)/);

    const invalid = path.join(work, 'invalid.tar.gz');
    await writeExport(invalid, manifest, { ...rows, projects: rows.projects.map((r) => ({ ...r, featured: 'yes' })) }, []);
    await refuse(invalid, /content\/projects\.json, row 1: featured/);

    const damaged = path.join(work, 'damaged.tar.gz');
    const bytes = readFileSync(exported);
    writeFileSync(damaged, bytes.subarray(0, bytes.length - 100));
    await refuse(damaged, /damaged|truncated/);

    expect(await contentOf(target)).toEqual(before);
  });

  it('imports a version-1 archive, made before the CV existed: its tables as they were, no CV rows (emptied with --replace)', async () => {
    const { manifest, rows } = await readRows(exported);
    expect(manifest.version).toBe(5);
    expect(rows.cv_entries.length).toBeGreaterThan(0);
    const version1Rows: Partial<typeof rows> = { ...rows };
    delete version1Rows.cv_entries;
    delete version1Rows.coauthors;
    delete version1Rows.talks;
    delete version1Rows.courses;
    const version1 = path.join(work, 'version-1.tar.gz');
    // Without the files: the import below finds them on the site, where the first import put them.
    await writeExport(version1, manifest, version1Rows, [], { version: 1 });

    await importSite({ db: target, storage: targetStorage, file: exported, mode: 'replace' });
    expect(Number((await target.query<{ n: number }>('select count(*)::int as n from cv_entries')).rows[0]!.n)).toBe(rows.cv_entries.length);
    const result = await importSite({ db: target, storage: targetStorage, file: version1, mode: 'replace' });
    expect(result.rows.cv_entries).toBe(0);
    expect(Number((await target.query<{ n: number }>('select count(*)::int as n from cv_entries')).rows[0]!.n)).toBe(0);
    const { rows: papers } = await target.query<{ title: string }>('select title from research_papers order by title');
    expect(papers.map((p) => p.title)).toEqual(rows.research_papers.map((r) => r.title as string).sort());
    // Back to the archive's content for the tests after this one.
    await importSite({ db: target, storage: targetStorage, file: exported, mode: 'replace' });
  });

  it('imports a version-4 archive, made when talks were CV rows: its talk rows become talks with their ids, as the migration moved them', async () => {
    const { manifest, rows } = await readRows(exported);
    const legacyTalk = {
      id: '5d8c7b6a-5f4e-4d3c-9b2a-1f0e9d8c7b6a',
      category: 'talk',
      start_date: '2025-07-08',
      end_date: '2025',
      title: 'Primes in short intervals',
      place: 'Journées Arithmétiques, Lyon',
      url: 'https://example.org/ja2025',
      description: 'Contributed talk.',
      position: 9,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-02T00:00:00.000Z',
    };
    const version4Rows: Partial<typeof rows> = { ...rows, cv_entries: [...rows.cv_entries, legacyTalk] };
    delete version4Rows.talks;
    delete version4Rows.courses;
    const version4 = path.join(work, 'version-4.tar.gz');
    await writeExport(version4, manifest, version4Rows, [], { version: 4 });

    const result = await importSite({ db: target, storage: targetStorage, file: version4, mode: 'replace' });
    expect(result.rows.talks).toBe(1);
    expect(result.rows.cv_entries).toBe(rows.cv_entries.length);
    const { rows: talks } = await target.query('select id, title, start_date, end_date, venue, event_url, note, kind, cv_order, updated_at from talks');
    expect(talks).toEqual([
      {
        id: legacyTalk.id,
        title: 'Primes in short intervals',
        start_date: '2025-07-08',
        end_date: null,
        venue: 'Journées Arithmétiques, Lyon',
        event_url: 'https://example.org/ja2025',
        note: 'Contributed talk.',
        kind: null,
        cv_order: 9,
        updated_at: expect.anything(),
      },
    ]);
    expect((await target.query(`select count(*)::int as n from cv_entries where category = 'talk'`)).rows).toEqual([{ n: 0 }]);
    // Back to the archive's content for the tests after this one.
    await importSite({ db: target, storage: targetStorage, file: exported, mode: 'replace' });
  });

  it('imports a version-4 archive, made when courses were CV rows: its teaching rows become courses with their ids, as the migration moved them', async () => {
    const { manifest, rows } = await readRows(exported);
    const teaching = (id: string, changes: Record<string, unknown>) => ({
      id,
      category: 'teaching',
      start_date: '2023',
      end_date: null,
      title: 'Tutor, Number Theory (MATH10071)',
      place: 'University of Edinburgh',
      url: null,
      description: 'Weekly workshops.',
      position: 5,
      created_at: '2023-01-01T00:00:00.000Z',
      updated_at: '2023-01-02T00:00:00.000Z',
      ...changes,
    });
    const legacy = [
      teaching('6e9d8c7b-6a5f-4e4d-8c3b-2a1f0e9d8c7b', { end_date: '2026', url: 'https://example.org/math10071' }),
      // An end before the start at the precision both give, which the CV's year-only check let through: dropped.
      teaching('7fae9d8c-7b6a-4f5e-9d4c-3b2a1f0e9d8c', { title: ' ', start_date: '2024-05', end_date: '2024-03', place: '', description: '' }),
    ];
    const version4Rows: Partial<typeof rows> = { ...rows, cv_entries: [...rows.cv_entries, ...legacy] };
    delete version4Rows.talks;
    delete version4Rows.courses;
    const version4 = path.join(work, 'version-4-teaching.tar.gz');
    await writeExport(version4, manifest, version4Rows, [], { version: 4 });

    const result = await importSite({ db: target, storage: targetStorage, file: version4, mode: 'replace' });
    expect(result.rows.courses).toBe(2);
    expect(result.rows.cv_entries).toBe(rows.cv_entries.length);
    const { rows: courses } = await target.query(
      'select id, title, institution, role, start_date, end_date, material_labels, material_urls, has_page, note, updated_at from courses order by start_date',
    );
    expect(courses).toEqual([
      {
        id: legacy[0]!.id,
        title: 'Tutor, Number Theory (MATH10071)',
        institution: 'University of Edinburgh',
        role: null,
        start_date: '2023',
        end_date: '2026',
        material_labels: ['Course page'],
        material_urls: ['https://example.org/math10071'],
        has_page: true,
        note: 'Weekly workshops.',
        updated_at: expect.anything(),
      },
      {
        id: legacy[1]!.id,
        title: 'Untitled course',
        institution: '',
        role: null,
        start_date: '2024-05',
        end_date: null,
        material_labels: [],
        material_urls: [],
        has_page: true,
        note: '',
        updated_at: expect.anything(),
      },
    ]);
    expect((await target.query(`select count(*)::int as n from cv_entries where category = 'teaching'`)).rows).toEqual([{ n: 0 }]);
    // Back to the archive's content for the tests after this one.
    await importSite({ db: target, storage: targetStorage, file: exported, mode: 'replace' });
  });

  it('an export from before the owner’s identity was content imports with the sample identity filled in only where it has none', async () => {
    const { manifest, rows } = await readRows(exported);
    const identity = ['affiliation', 'footer_blurb', 'email', 'links', 'mark', 'mark_image_url'];
    const strip = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([column]) => !identity.includes(column)));
    const read = async () =>
      (await target.query<Record<string, unknown>>('select name, title, footer_blurb, email, links, mark from about_data')).rows;

    // A version-2 site named Jane Doe whose archive knows nothing of the identity: the sample's fills it, her name stays.
    const version2 = path.join(work, 'version-2.tar.gz');
    await writeExport(version2, manifest, { ...rows, about_data: rows.about_data.map((row) => ({ ...strip(row), name: 'Jane Doe' })) }, [], { version: 2 });
    await importSite({ db: target, storage: targetStorage, file: version2, mode: 'replace' });
    expect(await read()).toEqual([
      {
        name: 'Jane Doe',
        title: 'Mathematics PhD Student & Researcher',
        footer_blurb: expect.stringContaining('analytic number theory'),
        email: 'alex.morgan@example.com',
        links: expect.arrayContaining([{ kind: 'orcid', label: '', url: 'https://orcid.org/0000-0002-1825-0097' }]),
        mark: '∂',
      },
    ]);

    // A version-2 archive that has its own value keeps it; a blank name showed the sample's then.
    const own = path.join(work, 'version-2-own.tar.gz');
    await writeExport(own, manifest, { ...rows, about_data: rows.about_data.map((row) => ({ ...strip(row), name: ' ', email: 'jane@uni.example.org' })) }, [], { version: 2 });
    await importSite({ db: target, storage: targetStorage, file: own, mode: 'replace' });
    expect(await read()).toEqual([expect.objectContaining({ name: 'Alex Morgan', email: 'jane@uni.example.org', mark: '∂' })]);

    // A version-3 archive's identity is taken as it is: an empty e-mail stays empty.
    const version3 = path.join(work, 'version-3-empty.tar.gz');
    await writeExport(version3, manifest, { ...rows, about_data: rows.about_data.map((row) => ({ ...row, name: 'Jane Doe', email: '', links: [] })) }, [], {
      version: 3,
    });
    await importSite({ db: target, storage: targetStorage, file: version3, mode: 'replace' });
    expect(await read()).toEqual([expect.objectContaining({ name: 'Jane Doe', email: '', links: [] })]);

    // A link the About editor would refuse is refused in an archive too.
    const hostile = path.join(work, 'version-3-hostile.tar.gz');
    await writeExport(hostile, manifest, { ...rows, about_data: rows.about_data.map((row) => ({ ...row, links: [{ kind: 'github', label: '', url: 'javascript:alert(1)' }] })) }, []);
    await expect(importSite({ db: target, storage: targetStorage, file: hostile, mode: 'replace' })).rejects.toThrowError(/about_data\.json, row 1: links\.0 must be a profile link/);

    await importSite({ db: target, storage: targetStorage, file: exported, mode: 'replace' });
  });

  it('keeps every venue field, link, note and Selected flag of papers of several kinds, and the co-authors, through an export and an import', async () => {
    const { rows } = await readRows(exported);
    const titles = VENUE_PAPERS.map((paper) => paper.title);
    expect(rows.research_papers.filter((row) => titles.includes(row.title)).map(venueOf).sort(byTitle)).toEqual(VENUE_PAPERS.map(venueOf).sort(byTitle));

    await importSite({ db: target, storage: targetStorage, file: exported, mode: 'replace' });
    const { rows: imported } = await target.query<Record<string, unknown>>(`select ${VENUE_SELECT} from research_papers where title = any($1::text[])`, [titles]);
    expect(imported.sort(byTitle)).toEqual(VENUE_PAPERS.map(venueOf).sort(byTitle));
    // The co-author list comes along, in its order.
    const { rows: coauthors } = await target.query('select name, homepage, orcid, position from coauthors order by position');
    expect(coauthors).toEqual([
      { name: 'P. Raman', homepage: 'https://example.org/priya', orcid: null, position: 0 },
      { name: 'Daniel Okafor', homepage: null, orcid: '0000-0002-1825-0097', position: 1 },
    ]);
  });

  it('imports a version-3 archive, made before papers had kinds: a preprint typed preprint, every other paper a journal article, its venue empty', async () => {
    const { manifest, rows } = await readRows(exported);
    const added = ['kind', ...Object.keys(FORMAT_3_VENUE)];
    const withoutVenue = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([column]) => !added.includes(column)));
    // A row of a site that had the columns before the version changed keeps them: the book here.
    const kept = 'Sieves in practice';
    const papers = rows.research_papers.map((row) => (row.title === kept ? row : withoutVenue(row)));
    expect(papers.some((row) => row.status === 'preprint')).toBe(true);
    const version3 = path.join(work, 'version-3-papers.tar.gz');
    await writeExport(version3, manifest, { ...rows, research_papers: papers }, [], { version: 3 });

    await importSite({ db: target, storage: targetStorage, file: version3, mode: 'replace' });
    const { rows: imported } = await target.query<Record<string, unknown>>(`select ${VENUE_SELECT} from research_papers`);
    expect(imported.sort(byTitle)).toEqual(
      rows.research_papers
        .map((row) =>
          row.title === kept ? venueOf(row) : { ...NO_VENUE, title: row.title, journal: row.journal, kind: row.status === 'preprint' ? 'preprint' : 'article' },
        )
        .sort(byTitle),
    );
    expect(imported.find((row) => row.title === kept)).toMatchObject({ kind: 'book', publisher: 'Cambridge University Press', isbn: '978-0-306-40615-7' });

    await importSite({ db: target, storage: targetStorage, file: exported, mode: 'replace' });
  });

  it('moves a site from the embedded backend to Supabase Storage and back, links to its files included', async () => {
    const supabase = await startStorageStandIn();
    const hosted = await openTestPglite();
    const home = await openTestPglite();
    try {
      const remote = new SupabaseStorage({ url: supabase.url, apiKey: 'service-key', canCreateBuckets: true });
      await importSite({ db: hosted.db, storage: remote, file: exported, mode: 'only-if-empty' });
      const { rows: about } = await hosted.db.query<{ image_url: string }>('select image_url from about_data');
      expect(about[0].image_url).toBe(`${supabase.url}/storage/v1/object/public/profile-images/about/1-portrait.png`);
      expect(supabase.objects.get('research-papers/3-paper.pdf')).toEqual({ bytes: Buffer.from(SAMPLES.pdf), type: 'application/pdf' });

      const fromSupabase = path.join(work, 'from-supabase.tar.gz');
      await exportSite({ db: hosted.db, storage: remote, file: fromSupabase });
      const homeStorage = new LocalStorage(path.join(tempDataDir(), 'storage'));
      await homeStorage.ensureBuckets();
      await importSite({ db: home.db, storage: homeStorage, file: fromSupabase, mode: 'only-if-empty' });

      expect(await contentOf(home.db)).toEqual(await contentOf(source.db));
      expect(filesOf(homeStorage)).toEqual(filesOf(sourceStorage).filter((f) => !f.startsWith('.tmp')));
      expect(readFileSync(path.join(homeStorage.root, 'blog-images', '2-cover.jpg'))).toEqual(Buffer.from(SAMPLES.jpeg));
    } finally {
      await hosted.cleanup();
      await home.cleanup();
      await supabase.stop();
    }
  });
});

/**
 * A stand-in for Supabase Storage's REST API: what the adapter calls (create bucket, list with folders,
 * upload without overwriting, delete) and the public object addresses an export downloads from.
 */
async function startStorageStandIn(): Promise<{ url: string; objects: Map<string, { bytes: Buffer; type: string }>; stop(): Promise<void> }> {
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  const handle = (req: IncomingMessage, body: Buffer, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    let match: RegExpExecArray | null;
    if (req.method === 'POST' && url.pathname === '/storage/v1/bucket') return send(res, 200, {});
    if (req.method === 'GET' && (match = /^\/storage\/v1\/object\/public\/([^/]+)\/(.+)$/.exec(url.pathname))) {
      const object = objects.get(`${match[1]}/${decodeURIComponent(match[2])}`);
      return object ? res.writeHead(200, { 'Content-Type': object.type }).end(object.bytes) : send(res, 404, { message: 'Object not found' });
    }
    if (req.method === 'POST' && (match = /^\/storage\/v1\/object\/list\/([^/]+)$/.exec(url.pathname))) {
      const { prefix, limit, offset } = JSON.parse(body.toString()) as { prefix: string; limit: number; offset: number };
      const start = `${match[1]}/${prefix ? `${prefix}/` : ''}`;
      const entries = new Map<string, object>();
      for (const [key, object] of [...objects].sort(([a], [b]) => a.localeCompare(b))) {
        if (!key.startsWith(start)) continue;
        const [head, ...tail] = key.slice(start.length).split('/');
        entries.set(head, tail.length > 0 ? { name: head, id: null } : { name: head, id: key, updated_at: new Date().toISOString(), metadata: { size: object.bytes.length, mimetype: object.type } });
      }
      return send(res, 200, [...entries.values()].slice(offset, offset + limit));
    }
    if (req.method === 'POST' && (match = /^\/storage\/v1\/object\/([^/]+)\/(.+)$/.exec(url.pathname))) {
      const key = `${match[1]}/${decodeURIComponent(match[2])}`;
      if (objects.has(key)) return send(res, 400, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
      objects.set(key, { bytes: body, type: String(req.headers['content-type']) });
      return send(res, 200, { Key: key });
    }
    if (req.method === 'DELETE' && (match = /^\/storage\/v1\/object\/([^/]+)$/.exec(url.pathname))) {
      const { prefixes } = JSON.parse(body.toString()) as { prefixes: string[] };
      return send(res, 200, prefixes.filter((p) => objects.delete(`${match![1]}/${p}`)).map((name) => ({ name })));
    }
    send(res, 400, { message: `No route ${req.method} ${url.pathname}` });
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    objects,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
