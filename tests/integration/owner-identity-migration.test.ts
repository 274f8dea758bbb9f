import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { FORMAT_2_IDENTITY } from '@/lib/backup/export-format';
import { migrate } from '@/lib/db/migrate';
import { openPglite } from '@/lib/db/pglite';
import type { Database } from '@/lib/db/types';
import { preparePgliteDir } from '../helpers/prepared-data';

/**
 * The owner's identity becomes content (issue 43): an existing site keeps what it showed when it was the
 * code's, because the migration writes the code's values into its profile.
 */

const MIGRATIONS = path.join(process.cwd(), 'supabase', 'migrations');
const IDENTITY = '20261127000000_owner_identity.sql';
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

/** A database as it was before this change: every migration older than the identity's (or than `before`). */
async function siteBeforeIdentity(before = IDENTITY): Promise<Database> {
  const older = tempDir('portfolio-migrations-');
  for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql') && name < before)) copyFileSync(path.join(MIGRATIONS, file), path.join(older, file));
  const dir = tempDir('portfolio-pglite-');
  await preparePgliteDir('empty', dir);
  const db = await openPglite(dir);
  opened.push(db);
  await migrate(db, { authBootstrap: true, migrationsDir: older });
  return db;
}

describe('migration: the owner’s identity moves into the profile', () => {
  it('an existing site keeps what it shows today: its name, and the header, footer and links it showed from the code', async () => {
    const db = await siteBeforeIdentity();
    await db.query(`insert into about_data (name, title, updated_at) values ('Jane Doe', '', '2026-01-02T03:04:05Z')`);
    await migrate(db, { authBootstrap: true });
    const { rows } = await db.query<Record<string, unknown>>('select name, title, footer_blurb, email, links, mark, mark_image_url, updated_at from about_data');
    expect(rows).toEqual([
      {
        name: 'Jane Doe',
        // The hero showed this heading whatever the profile said.
        title: 'Mathematics PhD Student & Researcher',
        footer_blurb: expect.stringMatching(/^PhD student in mathematics working in analytic number theory/),
        email: 'alex.morgan@example.com',
        // What an archive from before this change is read as having: the same values.
        links: FORMAT_2_IDENTITY.links,
        mark: '∂',
        mark_image_url: null,
        updated_at: new Date('2026-01-02T03:04:05Z'),
      },
    ]);
  });

  it('a site with content but no profile gets the profile it showed; an empty site is left to the sample content', async () => {
    const withContent = await siteBeforeIdentity();
    await withContent.query(`insert into projects (title) values ('A project')`);
    await migrate(withContent, { authBootstrap: true });
    expect((await withContent.query('select name, email, mark from about_data')).rows).toEqual([{ name: 'Alex Morgan', email: 'alex.morgan@example.com', mark: '∂' }]);

    const empty = await siteBeforeIdentity();
    await migrate(empty, { authBootstrap: true });
    expect((await empty.query('select 1 from about_data')).rows).toEqual([]);
  });
});

describe('migration: the first run', () => {
  const FIRST_RUN = '20261127120000_first_run.sql';
  const firstRunDone = async (db: Database) => (await db.query<{ first_run_done: boolean }>('select first_run_done from admin_settings')).rows[0]?.first_run_done ?? false;

  it('a site that has an admin already was set up before: it asks nothing, and keeps its other admin settings', async () => {
    const db = await siteBeforeIdentity(FIRST_RUN);
    const { rows } = await db.query<{ id: string }>(`insert into auth.users (email, encrypted_password) values ('owner@example.org', 'x') returning id`);
    await db.query(`insert into user_roles (user_id, role_id) select $1::uuid, id from roles where name = 'admin'`, [rows[0]!.id]);
    await db.query(`insert into admin_settings (id, lookup_contact_email) values (true, 'owner@example.org')`);
    await migrate(db, { authBootstrap: true });
    expect((await db.query('select first_run_done, lookup_contact_email from admin_settings')).rows).toEqual([{ first_run_done: true, lookup_contact_email: 'owner@example.org' }]);
  });

  it('a site with no admin yet (a new one, or one never set up) asks its owner at the first run', async () => {
    const db = await siteBeforeIdentity(FIRST_RUN);
    await db.query(`insert into auth.users (email, encrypted_password) values ('reader@example.org', 'x')`);
    await migrate(db, { authBootstrap: true });
    expect(await firstRunDone(db)).toBe(false);
  });
});
