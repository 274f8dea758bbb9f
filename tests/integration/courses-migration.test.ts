import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { courseFromCvRow } from '@/lib/backup/export-format';
import { migrate } from '@/lib/db/migrate';
import { openPglite } from '@/lib/db/pglite';
import type { Database } from '@/lib/db/types';
import { preparePgliteDir } from '../helpers/prepared-data';

/**
 * Teaching becomes content of its own (issue 47): a site's CV rows of the section Teaching move to the courses
 * table with their ids, and an older archive's are read the same way (courseFromCvRow).
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

/** A database as it was before this change: every migration older than the courses'. */
async function siteBeforeCourses(): Promise<Database> {
  const older = tempDir('portfolio-migrations-');
  for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql') && name < COURSES)) copyFileSync(path.join(MIGRATIONS, file), path.join(older, file));
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
    const db = await siteBeforeCourses();
    for (const row of ROWS) {
      await db.query(
        `insert into cv_entries (id, category, start_date, end_date, title, place, url, description, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, '2023-01-01T00:00:00Z', '2023-01-02T00:00:00Z')`,
        [...row],
      );
    }
    await db.query(`insert into site_settings (id, site_title) values (true, 'Kept')`);
    await migrate(db, { authBootstrap: true });

    const { rows: courses } = await db.query<Record<string, unknown>>(
      `select id, title, institution, start_date, end_date, material_labels, material_urls, note, role, has_page, terms,
              to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at
         from courses order by start_date`,
    );
    const fromArchive = ROWS.filter((row) => row[1] === 'teaching').map(([id, category, start_date, end_date, title, place, url, description]) =>
      courseFromCvRow({ id, category, start_date, end_date, title, place, url, description, updated_at: '2023-01-02T00:00:00Z' }),
    );
    expect(courses).toEqual(fromArchive.map((row) => ({ ...row, role: null, has_page: true, terms: [] })));
    expect(courses[0]).toMatchObject({ material_labels: ['Course page'], material_urls: ['https://example.org/math10071'], end_date: '2026' });
    expect(courses[1]).toMatchObject({ title: 'Untitled course', end_date: null });

    const { rows: left } = await db.query<{ category: string }>('select category from cv_entries');
    expect(left).toEqual([{ category: 'award' }]);
    await expect(db.query(`insert into cv_entries (category, start_date, title) values ('teaching', '2025', 'No longer a CV row')`)).rejects.toThrow();
    expect((await db.query('select teaching_grouping, site_title from site_settings')).rows).toEqual([{ teaching_grouping: 'institution', site_title: 'Kept' }]);
  });

  it('holds a course to its rules: a title, dates in the CV’s forms, materials in pairs', async () => {
    const db = await siteBeforeCourses();
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
