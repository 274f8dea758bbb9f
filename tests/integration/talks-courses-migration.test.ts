import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { courseFromCvRow, talkFromCvRow } from '@/lib/backup/export-format';
import { migrate } from '@/lib/db/migrate';
import { openPglite } from '@/lib/db/pglite';
import type { Database } from '@/lib/db/types';
import { preparePgliteDir } from '../helpers/prepared-data';

/**
 * Talks and teaching become content of their own (issue 47): a site's CV rows of the sections Talks and Teaching
 * move to the talks and courses tables with their ids and their place on the CV, and an older archive's are read
 * the same way (talkFromCvRow, courseFromCvRow).
 */

const MIGRATIONS = path.join(process.cwd(), 'supabase', 'migrations');
const COURSES = '20261128060000_courses.sql';
const dirs: string[] = [];
const opened: Database[] = [];

afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A database as it was before a change: every migration older than `before`. */
async function siteBefore(before: string): Promise<Database> {
  const older = tempDir('portfolio-migrations-');
  for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql') && name < before)) copyFileSync(path.join(MIGRATIONS, file), path.join(older, file));
  const dir = tempDir('portfolio-pglite-');
  await preparePgliteDir('empty', dir);
  const db = await openPglite(dir);
  opened.push(db);
  await migrate(db, { authBootstrap: true, migrationsDir: older });
  return db;
}

const ROWS = [
  ['6e9d8c7b-6a5f-4e4d-8c3b-2a1f0e9d8c7b', 'teaching', '2023', '2026', 'Tutor, Number Theory (MATH10071)', 'University of Edinburgh', 'https://example.org/math10071', 'Weekly workshops.'],
  // An end before its start at the precision both give, which the CV's year-only check let through.
  ['7fae9d8c-7b6a-4f5e-9d4c-3b2a1f0e9d8c', 'teaching', '2024-05', '2024-03', ' ', '', null, ''],
  ['8abf0e9d-8c7b-4a6f-8e5d-4c3b2a1f0e9d', 'award', '2025', null, 'Best Student Paper Prize', 'BMC', null, 'A prize.'],
] as const;

describe('migration: the CV’s teaching rows become courses', () => {
  it('moves each with its id, as an older archive’s are read, and leaves the other CV rows', async () => {
    const db = await siteBefore(COURSES);
    for (const row of ROWS) {
      await db.query(
        `insert into cv_entries (id, category, start_date, end_date, title, place, url, description, position, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, '2023-01-01T00:00:00Z', '2023-01-02T00:00:00Z')`,
        [...row, ROWS.indexOf(row) + 5],
      );
    }
    await db.query(`insert into site_settings (id, site_title) values (true, 'Kept')`);
    await migrate(db, { authBootstrap: true });

    const { rows: courses } = await db.query<Record<string, unknown>>(
      `select id, title, institution, start_date, end_date, material_labels, material_urls, note, cv_order, role, has_page, terms,
              to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
         from courses order by start_date`,
    );
    const fromArchive = ROWS.filter((row) => row[1] === 'teaching').map(([id, category, start_date, end_date, title, place, url, description]) =>
      courseFromCvRow({ id, category, start_date, end_date, title, place, url, description, position: ROWS.findIndex((row) => row[0] === id) + 5, updated_at: '2023-01-02T00:00:00Z' }),
    );
    expect(courses).toEqual(fromArchive.map((row) => ({ ...row, role: null, has_page: true, terms: [] })));
    expect(courses[0]).toMatchObject({ material_labels: ['Course page'], material_urls: ['https://example.org/math10071'], end_date: '2026' });
    expect(courses[1]).toMatchObject({ title: 'Untitled course', end_date: null });
    // Their place among the CV's teaching rows, which the CV keeps (lib/cv/data.ts inCvOrder).
    expect(courses.map((course) => course.cv_order)).toEqual([5, 6]);

    const { rows: left } = await db.query<{ category: string }>('select category from cv_entries');
    expect(left).toEqual([{ category: 'award' }]);
    await expect(db.query(`insert into cv_entries (category, start_date, title) values ('teaching', '2025', 'No longer a CV row')`)).rejects.toThrow();
    expect((await db.query('select teaching_grouping, site_title from site_settings')).rows).toEqual([{ teaching_grouping: 'institution', site_title: 'Kept' }]);
  });

  it('holds a course to its rules: a title, dates in the CV’s forms, materials in pairs', async () => {
    const db = await siteBefore(COURSES);
    await migrate(db, { authBootstrap: true });
    const refused = [
      `(title, start_date) values (' ', '2024')`,
      `(title, start_date) values ('A', 'Autumn 2024')`,
      `(title, start_date, end_date) values ('A', '2024-09', '2024-03')`,
      `(title, start_date, role) values ('A', '2024', 'professor')`,
      `(title, start_date, material_labels, material_urls) values ('A', '2024', '{Notes}', '{}')`,
    ];
    for (const values of refused) await expect(db.query(`insert into courses ${values}`), values).rejects.toThrow();
    await db.query(`insert into courses (title, start_date, end_date) values ('A', '2024-09', '2024')`);
  });
});

const TALKS = '20261128050000_talks.sql';

describe('migration: the CV’s talk rows become talks, in the owner’s order on the CV', () => {
  it('moves each with its id and its place among the CV’s talks, as an older archive’s are read', async () => {
    const db = await siteBefore(TALKS);
    // The owner's order on the CV: not the dates' (the oldest talk first, then the newest).
    const talks = [
      ['1f0e9d8c-7b6a-4f5e-9d4c-3b2a1f0e9d8c', '2019-04-02', null, 'An old seminar', 'Oxford', null, 'Invited.', 0],
      ['2a1f0e9d-8c7b-4a6f-8e5d-4c3b2a1f0e9d', '2026-03-12', '2026-03-14', 'A recent talk', 'Lyon', 'https://example.org/ja', '', 1],
      ['3b2a1f0e-9d8c-4b7a-9f6e-5d4c3b2a1f0e', '2024', '2025', 'A year only', '', null, 'Contributed.', 2],
    ] as const;
    for (const [id, start, end, title, place, url, description, position] of talks) {
      await db.query(
        `insert into cv_entries (id, category, start_date, end_date, title, place, url, description, position, created_at, updated_at)
         values ($1, 'talk', $2, $3, $4, $5, $6, $7, $8, '2023-01-01T00:00:00Z', '2023-01-02T00:00:00Z')`,
        [id, start, end, title, place, url, description, position],
      );
    }
    await migrate(db, { authBootstrap: true });
    const { rows } = await db.query<Record<string, unknown>>(
      `select id, title, start_date, end_date, venue, event_url, note, cv_order,
              to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
         from talks order by cv_order`,
    );
    const fromArchive = talks.map(([id, start_date, end_date, title, place, url, description, position]) =>
      talkFromCvRow({ id, category: 'talk', start_date, end_date, title, place, url, description, position, updated_at: '2023-01-02T00:00:00Z' }),
    );
    expect(rows).toEqual(fromArchive);
    expect(rows.map((row) => row.cv_order)).toEqual([0, 1, 2]);
    // An end that is no day is dropped; the start keeps the date the CV showed.
    expect(rows[2]).toMatchObject({ start_date: '2024', end_date: null });
    expect((await db.query(`select count(*)::int as n from cv_entries`)).rows).toEqual([{ n: 0 }]);

    // The CV lists them in the owner's order, after a talk added since.
    const { buildCvData } = await import('@/lib/cv/data');
    const { DEFAULT_CV_SETTINGS } = await import('@/lib/cv/types');
    const moved = rows.map((row) => ({ id: String(row.id), title: String(row.title), start: String(row.start_date), end: (row.end_date as string | null) ?? null, cvOrder: Number(row.cv_order) }));
    const added = { id: '4c3b2a1f-0e9d-4c8b-8a7f-6e5d4c3b2a1f', title: 'Added since', start: '2025-01-10', end: null, cvOrder: null };
    const asTalk = (talk: typeof added | (typeof moved)[number]) =>
      ({ ...talk, eventName: '', eventUrl: null, startTime: null, endTime: null, timeZone: null, kind: null, attendance: 'in-person', venue: '', city: '', country: null, placeId: null, lat: null, lng: null, abstract: '', slidesUrl: null, videoUrl: null, paper: null, note: '', updatedAt: '2023-01-02T00:00:00.000Z' }) as const;
    const cv = buildCvData({ about: null, experience: [], papers: [], projects: [], entries: [], talks: [...moved, added].map(asTalk), courses: [], settings: DEFAULT_CV_SETTINGS, siteUrl: null });
    expect(cv.entries.talk.map((row) => row.title)).toEqual(['Added since', 'An old seminar', 'A recent talk', 'A year only']);
  });
});
