import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate, MigrationError } from '@/lib/db/migrate';
import { openPglite } from '@/lib/db/pglite';
import { openPostgres } from '@/lib/db/postgres';
import { seedSampleContent } from '@/lib/db/seed';
import type { Database, Queryable } from '@/lib/db/types';
import { asRole, createUser, makeAdmin } from '../helpers/db';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { preparePgliteDir } from '../helpers/prepared-data';

const MIGRATION_FILES = readdirSync(path.join(process.cwd(), 'supabase', 'migrations'))
  .filter((file) => /^\d+_.*\.sql$/.test(file))
  .sort();

const STORAGE_MIGRATION = MIGRATION_FILES.find((file) => file.endsWith('_storage_buckets.sql'));
const BUCKETS = ['blog-images', 'personal-images', 'profile-images', 'project-images', 'research-papers'];

/**
 * The part of Supabase's `storage` schema the storage migration touches: its buckets table and an
 * objects table with row-level security on, granted to the API roles as Supabase grants them.
 */
const MINIMAL_STORAGE_SCHEMA = `
  create schema storage;
  create table storage.buckets (id text primary key, name text, public boolean);
  create table storage.objects (id uuid primary key default gen_random_uuid(), bucket_id text, name text, owner uuid);
  alter table storage.objects enable row level security;
`;
const STORAGE_GRANTS = `
  grant usage on schema storage to anon, authenticated, service_role;
  grant select, insert, update, delete on storage.objects to anon, authenticated, service_role;
`;

const CONTENT_TABLES = ['about_data', 'experience', 'projects', 'research_papers', 'blog_posts', 'personal_posts'] as const;
type ContentTable = (typeof CONTENT_TABLES)[number];
const ALL_PUBLIC_TABLES = [...CONTENT_TABLES, 'roles', 'user_roles', 'profiles'];

/** A minimal valid row per content table; slugs are unique so the statement can run repeatedly. */
const INSERT_ROW: Record<ContentTable, string> = {
  about_data: `insert into public.about_data (name, title) values ('Test Name', 'Test') returning id`,
  experience: `insert into public.experience (title, start_date) values ('Test', '2025-01') returning id`,
  projects: `insert into public.projects (title, category) values ('Test', 'web') returning id`,
  research_papers: `insert into public.research_papers (title) values ('Test') returning id`,
  blog_posts: `insert into public.blog_posts (title, slug, content) values ('Test', 'test-' || gen_random_uuid(), 'Body') returning id`,
  personal_posts: `insert into public.personal_posts (title, content) values ('Test', '<p>Body</p>') returning id`,
};

interface TestDatabase {
  db: Database;
  /** Another connection to the same database, as a second app instance would have. */
  openAnother(): Promise<Database>;
  cleanup(): Promise<void>;
}

interface Backend {
  name: string;
  /** An empty, unmigrated database. */
  fresh(): Promise<TestDatabase>;
}

let server: PostgresServer | undefined;
let maintenance: Database | undefined;
let databaseCount = 0;

const pgliteBackend: Backend = {
  name: 'PGlite',
  async fresh() {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-schema-'));
    await preparePgliteDir('empty', dir);
    const db = await openPglite(dir);
    return {
      db,
      // One process owns a PGlite directory; a second instance shares the same handle.
      openAnother: async () => db,
      async cleanup() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const postgresBackend: Backend = {
  name: 'Postgres',
  async fresh() {
    if (!server || !maintenance) throw new Error('The Postgres server is not running');
    databaseCount += 1;
    const name = `schema_test_${databaseCount}`;
    await maintenance.exec(`create database ${name}`);
    const url = server.url.replace(/\/postgres$/, `/${name}`);
    const opened: Database[] = [await openPostgres(url)];
    return {
      db: opened[0],
      async openAnother() {
        const another = await openPostgres(url);
        opened.push(another);
        return another;
      },
      // The database goes with the server's directory when the server stops.
      async cleanup() {
        await Promise.all(opened.map((db) => db.close()));
      },
    };
  },
};

beforeAll(async () => {
  server = await startPostgres();
  maintenance = await openPostgres(server.url, { max: 1 });
});

afterAll(async () => {
  await maintenance?.close();
  await server?.stop();
});

async function count(db: Queryable, sql: string, params?: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select (${sql})::int as n`, params);
  return rows[0].n;
}

async function migrationHistory(db: Queryable) {
  const { rows } = await db.query('select version, name, statements from supabase_migrations.schema_migrations order by version');
  return rows;
}

/** Fails unless the promise is refused by Postgres with the given SQLSTATE. */
async function expectRefused(promise: Promise<unknown>, code: string): Promise<void> {
  await expect(promise).rejects.toMatchObject({ code });
}

describe.each([pgliteBackend, postgresBackend])('schema on $name', (backend) => {
  let target: TestDatabase;
  let db: Database;
  let firstRun: { applied: string[] };
  let adminId: string;
  let memberId: string;

  beforeAll(async () => {
    target = await backend.fresh();
    db = target.db;
    firstRun = await migrate(db, { authBootstrap: true });
    await seedSampleContent(db);
    adminId = await createUser(db, `admin-${backend.name}@example.com`, 'Ada Admin');
    memberId = await createUser(db, `member-${backend.name}@example.com`, 'Max Member');
    await makeAdmin(db, adminId);
  });

  afterAll(async () => {
    await target?.cleanup();
  });

  describe('migrations', () => {
    it('applies every migration file and records each in supabase_migrations.schema_migrations', async () => {
      expect(firstRun.applied).toEqual(MIGRATION_FILES);
      const history = await migrationHistory(db);
      expect(history.map((row) => row.version)).toEqual(MIGRATION_FILES.map((file) => file.split('_')[0]));
      expect(history[0]).toMatchObject({ name: 'initial_schema' });
    });

    it('applying the migrations a second time applies nothing and leaves the history unchanged', async () => {
      const before = await migrationHistory(db);
      const second = await migrate(db, { authBootstrap: true });
      expect(second.applied).toEqual([]);
      expect(await migrationHistory(db)).toEqual(before);
    });

    it('rolls back a failing migration and names its file in the error', async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-broken-migration-'));
      try {
        writeFileSync(
          path.join(dir, '20990101000000_broken.sql'),
          'create table public.half_done (id int);\nselect no_such_function();\n',
        );
        const run = migrate(db, { authBootstrap: true, migrationsDir: dir });
        await expect(run).rejects.toBeInstanceOf(MigrationError);
        await expect(run).rejects.toThrow(/20990101000000_broken\.sql/);
        expect(await count(db, `select count(*) from pg_class where relname = 'half_done'`)).toBe(0);
        expect(await count(db, `select count(*) from supabase_migrations.schema_migrations where version = '20990101000000'`)).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('creates the admin role', async () => {
      expect(await count(db, `select count(*) from public.roles where name = 'admin'`)).toBe(1);
    });
  });

  describe('row-level security', () => {
    it('is enabled on every table of the public schema', async () => {
      const { rows } = await db.query<{ relname: string; relrowsecurity: boolean }>(
        `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
      );
      expect(rows.map((row) => row.relname)).toEqual(expect.arrayContaining(ALL_PUBLIC_TABLES));
      expect(rows.filter((row) => !row.relrowsecurity)).toEqual([]);
    });

    it('lets anonymous visitors read every content table', async () => {
      for (const table of CONTENT_TABLES) {
        const rows = await asRole(db, 'anon', (tx) => count(tx, `select count(*) from public.${table}`));
        expect(rows, table).toBeGreaterThan(0);
      }
    });

    it('refuses content inserts, updates and deletes from anonymous visitors', async () => {
      for (const table of CONTENT_TABLES) {
        const rowsBefore = await count(db, `select count(*) from public.${table}`);
        await expectRefused(asRole(db, 'anon', (tx) => tx.query(INSERT_ROW[table])), '42501');
        await expectRefused(asRole(db, 'anon', (tx) => tx.query(`update public.${table} set title = 'Defaced'`)), '42501');
        await expectRefused(asRole(db, 'anon', (tx) => tx.query(`delete from public.${table}`)), '42501');
        expect(await count(db, `select count(*) from public.${table}`), table).toBe(rowsBefore);
        expect(await count(db, `select count(*) from public.${table} where title = 'Defaced'`), table).toBe(0);
      }
    });

    it('refuses content writes from a signed-in user without the admin role', async () => {
      const member = { userId: memberId };
      for (const table of CONTENT_TABLES) {
        const rowsBefore = await count(db, `select count(*) from public.${table}`);
        await expectRefused(asRole(db, member, (tx) => tx.query(INSERT_ROW[table])), '42501');
        const updated = await asRole(db, member, (tx) => tx.query(`update public.${table} set title = 'Defaced'`));
        expect(updated.affectedRows, table).toBe(0);
        const deleted = await asRole(db, member, (tx) => tx.query(`delete from public.${table}`));
        expect(deleted.affectedRows, table).toBe(0);
        expect(await count(db, `select count(*) from public.${table}`), table).toBe(rowsBefore);
        expect(await count(db, `select count(*) from public.${table} where title = 'Defaced'`), table).toBe(0);
      }
    });

    it('hides roles, user_roles and other users\' profiles from a signed-in non-admin, who sees only their own profile', async () => {
      const member = { userId: memberId };
      expect(await asRole(db, member, (tx) => count(tx, 'select count(*) from public.roles'))).toBe(0);
      expect(await asRole(db, member, (tx) => count(tx, 'select count(*) from public.user_roles'))).toBe(0);
      const profiles = await asRole(db, member, (tx) => tx.query<{ id: string; full_name: string }>('select id, full_name from public.profiles'));
      expect(profiles.rows).toEqual([{ id: memberId, full_name: 'Max Member' }]);
    });

    it('hides roles, user_roles and profiles from anonymous visitors', async () => {
      for (const table of ['roles', 'user_roles', 'profiles']) {
        await expectRefused(asRole(db, 'anon', (tx) => tx.query(`select * from public.${table}`)), '42501');
      }
    });

    it('does not let a signed-in non-admin grant themselves the admin role', async () => {
      // The role id is not secret (it may leak through logs or URLs): RLS must hold even when it is known.
      const { rows } = await db.query<{ id: string }>(`select id from public.roles where name = 'admin'`);
      await expectRefused(
        asRole(db, { userId: memberId }, (tx) =>
          tx.query('insert into public.user_roles (user_id, role_id) values ($1, $2)', [memberId, rows[0].id]),
        ),
        '42501',
      );
      expect(await count(db, 'select count(*) from public.user_roles where user_id = $1', [memberId])).toBe(0);
    });

    it('lets an admin insert, update and delete every content table', async () => {
      const asAdmin = { userId: adminId };
      for (const table of CONTENT_TABLES) {
        const inserted = await asRole(db, asAdmin, (tx) => tx.query<{ id: string }>(INSERT_ROW[table]));
        const id = inserted.rows[0].id;
        const updated = await asRole(db, asAdmin, (tx) => tx.query(`update public.${table} set title = 'Changed' where id = $1`, [id]));
        expect(updated.affectedRows, table).toBe(1);
        expect(await count(db, `select count(*) from public.${table} where id = $1 and title = 'Changed'`, [id]), table).toBe(1);
        const deleted = await asRole(db, asAdmin, (tx) => tx.query(`delete from public.${table} where id = $1`, [id]));
        expect(deleted.affectedRows, table).toBe(1);
      }
    });

    it('lets an admin read roles, user_roles and every profile, and grant and revoke the admin role', async () => {
      const asAdmin = { userId: adminId };
      const roles = await asRole(db, asAdmin, (tx) => tx.query<{ name: string }>('select name from public.roles'));
      expect(roles.rows).toEqual([{ name: 'admin' }]);
      for (const table of ['user_roles', 'profiles']) {
        const seen = await asRole(db, asAdmin, (tx) => count(tx, `select count(*) from public.${table}`));
        expect(seen, table).toBeGreaterThan(0);
        expect(seen, table).toBe(await count(db, `select count(*) from public.${table}`));
      }

      const guestId = await createUser(db, `guest-${backend.name}@example.com`);
      await asRole(db, asAdmin, (tx) => makeAdmin(tx, guestId));
      expect(await count(db, 'select count(*) from public.user_roles where user_id = $1', [guestId])).toBe(1);
      const revoked = await asRole(db, asAdmin, (tx) => tx.query('delete from public.user_roles where user_id = $1', [guestId]));
      expect(revoked.affectedRows).toBe(1);
    });
  });

  describe('Admin Settings: profiles and site_settings', () => {
    it('is a single-row table (id is always true) under row-level security', async () => {
      const { rows } = await db.query<{ relrowsecurity: boolean }>(`select relrowsecurity from pg_class where oid = 'public.site_settings'::regclass`);
      expect(rows[0]?.relrowsecurity).toBe(true);
      await db.query(`insert into public.site_settings (id) values (true) on conflict (id) do nothing`);
      await expectRefused(db.query(`insert into public.site_settings (id) values (false)`), '23514');
      await expectRefused(db.query(`insert into public.site_settings (id) values (true)`), '23505');
    });

    it('lets everyone read the site configuration and only admins change it', async () => {
      const policies = await db.query<{ policyname: string; cmd: string; roles: string[] }>(
        `select policyname, cmd, roles::text[] as roles from pg_policies where schemaname = 'public' and tablename = 'site_settings' order by policyname`,
      );
      expect(policies.rows).toEqual([
        { policyname: 'Admins can insert site_settings', cmd: 'INSERT', roles: ['authenticated'] },
        { policyname: 'Admins can update site_settings', cmd: 'UPDATE', roles: ['authenticated'] },
        { policyname: 'Anyone can read site_settings', cmd: 'SELECT', roles: ['anon', 'authenticated'] },
      ]);
      expect(await asRole(db, 'anon', (tx) => count(tx, 'select count(*) from public.site_settings'))).toBe(1);
      expect(await asRole(db, { userId: memberId }, (tx) => count(tx, 'select count(*) from public.site_settings'))).toBe(1);

      await expectRefused(asRole(db, 'anon', (tx) => tx.query(`update public.site_settings set site_title = 'Anon'`)), '42501');
      const memberUpdate = await asRole(db, { userId: memberId }, (tx) => tx.query(`update public.site_settings set site_title = 'Member'`));
      expect(memberUpdate.affectedRows).toBe(0);
      await expectRefused(asRole(db, { userId: memberId }, (tx) => tx.query('delete from public.site_settings')), '42501');

      const adminUpdate = await asRole(db, { userId: adminId }, (tx) => tx.query(`update public.site_settings set site_title = 'Admin title'`));
      expect(adminUpdate.affectedRows).toBe(1);
      const { rows } = await db.query<{ site_title: string }>('select site_title from public.site_settings');
      expect(rows).toEqual([{ site_title: 'Admin title' }]);
      await db.query(`update public.site_settings set site_title = ''`);
    });

    it('gives profiles a bio, and lets a user change only their own name, avatar and bio', async () => {
      const member = { userId: memberId };
      const own = await asRole(db, member, (tx) => tx.query(`update public.profiles set full_name = 'Max M.', bio = 'Hello' where id = $1`, [memberId]));
      expect(own.affectedRows).toBe(1);
      const others = await asRole(db, member, (tx) => tx.query(`update public.profiles set full_name = 'Hacked' where id = $1`, [adminId]));
      expect(others.affectedRows).toBe(0);
      await expectRefused(asRole(db, member, (tx) => tx.query(`update public.profiles set id = $2 where id = $1`, [memberId, adminId])), '42501');
      await expectRefused(asRole(db, 'anon', (tx) => tx.query(`update public.profiles set bio = 'x'`)), '42501');
      const { rows } = await db.query<{ id: string; full_name: string; bio: string }>('select id, full_name, bio from public.profiles where id = any($1::uuid[]) order by full_name', [
        [memberId, adminId],
      ]);
      expect(rows).toEqual([
        { id: adminId, full_name: 'Ada Admin', bio: '' },
        { id: memberId, full_name: 'Max M.', bio: 'Hello' },
      ]);
      await db.query(`update public.profiles set full_name = 'Max Member', bio = '' where id = $1`, [memberId]);
    });
  });

  describe('get_user_by_email', () => {
    const lookup = (email: string) => (tx: Queryable) =>
      tx.query<{ id: string; email: string }>('select * from public.get_user_by_email($1)', [email]);

    it('refuses anonymous visitors and signed-in non-admins', async () => {
      const email = `member-${backend.name}@example.com`;
      await expectRefused(asRole(db, 'anon', lookup(email)), '42501');
      await expectRefused(asRole(db, { userId: memberId }, lookup(email)), '42501');
    });

    it('answers an admin with the id of the user with that email, ignoring case and spaces', async () => {
      const found = await asRole(db, { userId: adminId }, lookup(`  Member-${backend.name.toUpperCase()}@Example.COM `));
      expect(found.rows).toEqual([{ id: memberId, email: `member-${backend.name.toLowerCase()}@example.com` }]);
      const missing = await asRole(db, { userId: adminId }, lookup('nobody@example.com'));
      expect(missing.rows).toEqual([]);
    });
  });

  describe('constraints and triggers', () => {
    it('refuses a second blog post with the same slug', async () => {
      const insert = (tx: Queryable) => tx.query(`insert into public.blog_posts (title, slug, content) values ('Twin', 'twin-slug', 'Body')`);
      await insert(db);
      await expectRefused(insert(db), '23505');
    });

    it('refuses a slug that is not lower-case without spaces', async () => {
      await expectRefused(db.query(`insert into public.blog_posts (title, slug, content) values ('Bad', 'Bad Slug', 'Body')`), '23514');
    });

    it('refuses a project category, paper status, personal post type or month outside the allowed values', async () => {
      await expectRefused(db.query(`insert into public.projects (title, category) values ('Bad', 'desktop')`), '23514');
      await expectRefused(db.query(`insert into public.research_papers (title, status) values ('Bad', 'retracted')`), '23514');
      await expectRefused(db.query(`insert into public.personal_posts (title, type) values ('Bad', 'rant')`), '23514');
      await expectRefused(db.query(`insert into public.experience (title, start_date) values ('Bad', '2025-13')`), '23514');
      await expectRefused(db.query(`insert into public.experience (title, start_date, end_date) values ('Bad', '2025-01', '2025/06')`), '23514');
    });

    it('fills the defaults of a new project, paper and personal post', async () => {
      const project = await db.query<{ title: string; image: string; featured: boolean; category: string | null }>(
        'insert into public.projects default values returning title, image, featured, category',
      );
      expect(project.rows[0]).toEqual({ title: 'Untitled Project', image: '/placeholder.svg', featured: false, category: null });
      const paper = await db.query<{ status: string }>(`insert into public.research_papers (title) values ('Defaults') returning status`);
      expect(paper.rows[0].status).toBe('published');
      const post = await db.query<{ title: string; type: string; image_urls: string[] | null }>(
        `insert into public.personal_posts (content) values ('<p>Untitled</p>') returning title, type, image_urls`,
      );
      expect(post.rows[0]).toEqual({ title: '', type: 'story', image_urls: null });
    });

    it('advances updated_at on update and keeps created_at', async () => {
      const inserted = await db.query<{ id: string; created_at: Date; updated_at: Date }>(
        `insert into public.projects (title) values ('Timestamps') returning id, created_at, updated_at`,
      );
      const before = inserted.rows[0];
      await new Promise((resolve) => setTimeout(resolve, 20));
      const updated = await db.query<{ created_at: Date; updated_at: Date }>(
        `update public.projects set description = 'Changed' where id = $1 returning created_at, updated_at`,
        [before.id],
      );
      const after = updated.rows[0];
      expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
      expect(after.created_at.getTime()).toBe(before.created_at.getTime());
    });

    it('creates a profile with the full name from the metadata of a new auth user', async () => {
      const id = await createUser(db, `profiled-${backend.name}@example.com`, 'Paula Profile');
      const { rows } = await db.query<{ full_name: string }>('select full_name from public.profiles where id = $1', [id]);
      expect(rows).toEqual([{ full_name: 'Paula Profile' }]);
    });

    it('stores auth emails lower-cased and refuses the same email in another case', async () => {
      const id = await createUser(db, `  Mixed.Case-${backend.name}@Example.COM `);
      const { rows } = await db.query<{ email: string }>('select email from auth.users where id = $1', [id]);
      expect(rows[0].email).toBe(`mixed.case-${backend.name.toLowerCase()}@example.com`);
      await expectRefused(createUser(db, `mixed.case-${backend.name.toLowerCase()}@example.com`), '23505');
    });
  });

  describe('sample content', () => {
    let seeded: TestDatabase;
    let firstSeed: boolean;

    beforeAll(async () => {
      seeded = await backend.fresh();
      await migrate(seeded.db, { authBootstrap: true });
      firstSeed = await seedSampleContent(seeded.db);
    });

    afterAll(async () => {
      await seeded?.cleanup();
    });

    it('seeds an empty database once, and a second call seeds nothing', async () => {
      expect(firstSeed).toBe(true);
      const countsBefore = await Promise.all(CONTENT_TABLES.map((table) => count(seeded.db, `select count(*) from public.${table}`)));
      expect(await seedSampleContent(seeded.db)).toBe(false);
      const countsAfter = await Promise.all(CONTENT_TABLES.map((table) => count(seeded.db, `select count(*) from public.${table}`)));
      expect(countsAfter).toEqual(countsBefore);
    });

    it('provides an about row, projects, experience, papers, blog posts and personal posts as docs/product.md §3 describes them', async () => {
      const q = (sql: string) => count(seeded.db, sql);
      expect(await q('select count(*) from public.about_data')).toBe(1);
      expect(await q(`select count(*) from public.about_data, jsonb_array_elements(education) e where e -> 'endYear' = 'null'::jsonb`)).toBe(1);
      expect(await q('select jsonb_array_length(research_interests) from public.about_data')).toBe(3);
      expect(await q(`select count(*) from public.about_data where bio like '%' || chr(10) || chr(10) || '%'`)).toBe(1);

      expect(await q('select count(*) from public.projects')).toBeGreaterThanOrEqual(3);
      expect(await q('select count(distinct category) from public.projects')).toBeGreaterThanOrEqual(2);
      const featured = await q('select count(*) from public.projects where featured');
      expect(featured).toBeGreaterThanOrEqual(2);
      expect(featured).toBeLessThanOrEqual(3);

      expect(await q('select count(*) from public.experience')).toBe(3);
      expect(await q('select count(*) from public.experience where end_date is null')).toBe(1);

      expect(await q('select count(*) from public.research_papers')).toBe(4);
      expect(await q('select count(distinct status) from public.research_papers')).toBe(4);
      expect(await q(`select count(*) from public.research_papers where abstract ~ '\\$[^$]+\\$'`)).toBe(4);

      expect(await q('select count(*) from public.blog_posts')).toBe(4);
      expect(await q(`select count(*) from public.blog_posts where content like '%$$%' and content like '%${'```'}%'`)).toBeGreaterThanOrEqual(1);
      expect(
        await q(`select count(*) from public.blog_posts a join public.blog_posts b on a.id < b.id and a.tags && b.tags`),
      ).toBeGreaterThanOrEqual(1);

      expect(await q('select count(*) from public.personal_posts')).toBe(3);
      expect(await q('select count(distinct type) from public.personal_posts')).toBe(3);
      expect(await q(`select count(*) from public.personal_posts where '/placeholder.svg' = any(image_urls)`)).toBe(1);

      expect(await q('select count(*) from auth.users')).toBe(0);
    });

    it('does not seed a database where any content table already has a row', async () => {
      const other = await backend.fresh();
      try {
        await migrate(other.db, { authBootstrap: true });
        await other.db.query(`insert into public.projects (title) values ('Mine')`);
        expect(await seedSampleContent(other.db)).toBe(false);
        expect(await count(other.db, 'select count(*) from public.projects')).toBe(1);
        expect(await count(other.db, 'select count(*) from public.blog_posts')).toBe(0);
      } finally {
        await other.cleanup();
      }
    });
  });

  describe('storage buckets and policies (Supabase Storage only)', () => {
    const storageSql = () => readFileSync(path.join(process.cwd(), 'supabase', 'migrations', STORAGE_MIGRATION ?? ''), 'utf8');

    const storageState = async (tx: Queryable) => ({
      buckets: (await tx.query('select id, name, public from storage.buckets order by id')).rows,
      policies: (
        await tx.query(
          `select policyname, cmd, roles::text[] as roles, qual, with_check from pg_policies
           where schemaname = 'storage' and tablename = 'objects' order by policyname`,
        )
      ).rows,
    });

    it('is recorded like every migration, and is a no-op where there is no storage schema, also when run again', async () => {
      expect(STORAGE_MIGRATION).toBeDefined();
      expect(firstRun.applied).toContain(STORAGE_MIGRATION);
      expect(await count(db, `select count(*) from pg_namespace where nspname = 'storage'`)).toBe(0);
      const policiesBefore = await count(db, 'select count(*) from pg_policies');
      await db.exec(storageSql());
      expect(await count(db, `select count(*) from pg_namespace where nspname = 'storage'`)).toBe(0);
      expect(await count(db, 'select count(*) from pg_policies')).toBe(policiesBefore);
    });

    describe("on a database with Supabase's storage schema", () => {
      let supa: TestDatabase;
      let sdb: Database;
      let admin: { userId: string };
      let member: { userId: string };

      const insertObject = (bucket: string, name: string) => (tx: Queryable) =>
        tx.query<{ id: string }>('insert into storage.objects (bucket_id, name) values ($1, $2) returning id', [bucket, name]);
      const objectCount = (sql = 'select count(*) from storage.objects') => count(sdb, sql);

      beforeAll(async () => {
        supa = await backend.fresh();
        sdb = supa.db;
        await sdb.exec(MINIMAL_STORAGE_SCHEMA);
        await migrate(sdb, { authBootstrap: true });
        // The API roles come with the auth bootstrap, so the grants follow the migrations.
        await sdb.exec(STORAGE_GRANTS);
        admin = { userId: await createUser(sdb, `storage-admin-${backend.name}@example.com`) };
        member = { userId: await createUser(sdb, `storage-member-${backend.name}@example.com`) };
        await makeAdmin(sdb, admin.userId);
      });

      afterAll(async () => {
        await supa?.cleanup();
      });

      it('creates the five buckets, all public', async () => {
        const { buckets } = await storageState(sdb);
        expect(buckets).toEqual(BUCKETS.map((id) => ({ id, name: id, public: true })));
      });

      it('creates a read policy for everyone and insert, update and delete policies for admins', async () => {
        const { policies } = await storageState(sdb);
        expect(policies.map(({ policyname, cmd, roles }) => ({ policyname, cmd, roles }))).toEqual([
          { policyname: 'Admins can delete portfolio files', cmd: 'DELETE', roles: ['authenticated'] },
          { policyname: 'Admins can update portfolio files', cmd: 'UPDATE', roles: ['authenticated'] },
          { policyname: 'Admins can upload portfolio files', cmd: 'INSERT', roles: ['authenticated'] },
          { policyname: 'Anyone can read portfolio files', cmd: 'SELECT', roles: ['anon', 'authenticated'] },
        ]);
      });

      it('running it again (or once more by hand) changes nothing', async () => {
        const before = await storageState(sdb);
        expect((await migrate(sdb, { authBootstrap: true })).applied).toEqual([]);
        await sdb.exec(storageSql());
        expect(await storageState(sdb)).toEqual(before);
      });

      it('leaves a bucket that already exists as it is', async () => {
        const other = await backend.fresh();
        try {
          await other.db.exec(MINIMAL_STORAGE_SCHEMA);
          await other.db.exec(`insert into storage.buckets (id, name, public) values ('blog-images', 'Blog', false)`);
          await migrate(other.db, { authBootstrap: true });
          const { buckets } = await storageState(other.db);
          expect(buckets).toHaveLength(BUCKETS.length);
          expect(buckets).toContainEqual({ id: 'blog-images', name: 'Blog', public: false });
        } finally {
          await other.cleanup();
        }
      });

      it('lets anonymous visitors read the files of the five buckets, and nothing else', async () => {
        await insertObject('blog-images', 'cover.png')(sdb);
        await insertObject('someone-elses-bucket', 'secret.txt')(sdb);
        const seen = await asRole(sdb, 'anon', (tx) => tx.query<{ name: string }>('select name from storage.objects order by name'));
        expect(seen.rows).toEqual([{ name: 'cover.png' }]);
      });

      it('refuses uploads, changes and deletions from anonymous visitors and signed-in non-admins', async () => {
        const before = await objectCount();
        for (const role of ['anon', member] as const) {
          for (const bucket of BUCKETS) await expectRefused(asRole(sdb, role, insertObject(bucket, 'intruder.png')), '42501');
          const updated = await asRole(sdb, role, (tx) => tx.query(`update storage.objects set name = 'defaced.png'`));
          expect(updated.affectedRows).toBe(0);
          const deleted = await asRole(sdb, role, (tx) => tx.query('delete from storage.objects'));
          expect(deleted.affectedRows).toBe(0);
        }
        expect(await objectCount()).toBe(before);
        expect(await objectCount(`select count(*) from storage.objects where name = 'defaced.png'`)).toBe(0);
      });

      it('lets an admin upload, replace and delete files in the five buckets, and only there', async () => {
        for (const bucket of BUCKETS) {
          const inserted = await asRole(sdb, admin, insertObject(bucket, 'admin.png'));
          const id = inserted.rows[0].id;
          const updated = await asRole(sdb, admin, (tx) => tx.query(`update storage.objects set name = 'renamed.png' where id = $1`, [id]));
          expect(updated.affectedRows, bucket).toBe(1);
          const deleted = await asRole(sdb, admin, (tx) => tx.query('delete from storage.objects where id = $1', [id]));
          expect(deleted.affectedRows, bucket).toBe(1);
        }
        await expectRefused(asRole(sdb, admin, insertObject('someone-elses-bucket', 'admin.png')), '42501');
      });
    });
  });

  it('applies each migration exactly once when two app instances migrate at the same time', async () => {
    const shared = await backend.fresh();
    try {
      const another = await shared.openAnother();
      const runs = await Promise.all([migrate(shared.db, { authBootstrap: true }), migrate(another, { authBootstrap: true })]);
      expect(runs.flatMap((run) => run.applied).sort()).toEqual(MIGRATION_FILES);
      expect((await migrationHistory(shared.db)).length).toBe(MIGRATION_FILES.length);
    } finally {
      await shared.cleanup();
    }
  });
});

it('goes on when the server drops an idle pooled connection: the pool says so and the next query opens another', async () => {
  const db = await openPostgres(server!.url, { max: 1 });
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
    await maintenance!.query('select pg_terminate_backend($1)', [rows[0].pid]);
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining('Postgres: an idle connection was dropped')));
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  } finally {
    logged.mockRestore();
    await db.close();
  }
});
