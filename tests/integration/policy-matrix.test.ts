// @module-tag security
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@/lib/db/migrate';
import { openPostgres } from '@/lib/db/postgres';
import { seedSampleContent } from '@/lib/db/seed';
import type { Database } from '@/lib/db/types';
import { createUser, makeAdmin } from '../helpers/db';
import {
  actAs,
  type ApiCaller,
  type Cell,
  formatMarks,
  INSUFFICIENT_PRIVILEGE,
  MARKS,
  type Outcome,
  parseMarks,
  rolledBack,
  runCell,
  SUPABASE_PROJECT_SQL,
} from '../helpers/policy-matrix';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';

/*
 * The whole access policy of the Supabase deployment, proven cell by cell on a real Postgres server set
 * up as a Supabase project is (API roles, PostgREST's authenticator, Supabase's default grants, a
 * stand-in for Storage's tables). Each cell runs one statement as one API request would, then rolls back.
 */

const ACTORS = ['anon', 'member', 'admin', 'service_role'] as const;
type Actor = (typeof ACTORS)[number];
const ACTOR_NAMES: Record<Actor, string> = {
  anon: 'anonymous visitor',
  member: 'signed-in non-admin',
  admin: 'admin',
  service_role: 'service_role',
};
const COLUMN_LETTERS = ['P', 'U', 'A', 'S'];
const LEGEND = 'P anonymous (public) · U signed-in user without the admin role · A admin · S service_role';
const OPERATIONS = ['select', 'insert', 'update', 'delete'] as const;
type Operation = (typeof OPERATIONS)[number];

/*
 * What the product needs: the public site reads content and files anonymously; only admins write them;
 * a user reads and edits their own profile (profiles are made by a trigger and go with their account, so
 * nobody inserts or deletes one through the API); only admins see roles and grant or revoke admin; the
 * one site_settings row is edited, never deleted; readers' counts are written by the server alone and read by
 * admins, and nobody but the server sees the day's salt; files outside the five buckets are not the app's
 * business. service_role bypasses row-level security, as Supabase's does.
 * anon and service_role own no profile: for them "own row" is the member's and "another's row" the admin's.
 */
const EXPECTED_POLICY = `
                                     select    insert    update    delete
                                     P U A S   P U A S   P U A S   P U A S
  about_data                         ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  blog_posts                         ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  coauthors                          ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  cv_entries                         ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  experience                         ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  personal_posts                     ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  projects                           ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  research_papers                    ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  talks                              ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  courses                            ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  site_settings                      ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✗ ✓
  admin_settings                     ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✗ ✓
  paper_citations                    ✓ ✓ ✓ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓
  found_works                        ✗ ✗ ✓ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✗ ✓
  citation_settings                  ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✗ ✓
  refresh_state                      ✗ ✗ ✓ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓
  analytics_events                   ✗ ✗ ✓ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓
  analytics_daily                    ✗ ✗ ✓ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓
  analytics_seen                     ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓
  analytics_salts                    ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓
  analytics_settings                 ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✗ ✓
  profiles: own row                  ✗ ✓ ✓ ✓   ✗ ✗ ✗ ✓   ✗ ✓ ✓ ✓   ✗ ✗ ✗ ✓
  profiles: another user's row       ✗ ✗ ✓ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓
  roles                              ✗ ✗ ✓ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓
  user_roles                         ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✓ ✓
  storage: blog-images               ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  storage: personal-images           ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  storage: profile-images            ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  storage: project-images            ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  storage: research-papers           ✓ ✓ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓   ✗ ✗ ✓ ✓
  storage: another bucket            ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓   ✗ ✗ ✗ ✓
`;

/*
 * Who may call each function of the public schema. A call counts as allowed when it returns its answer;
 * trigger functions cannot be called directly at all, so for them the cell is the EXECUTE privilege
 * (service_role keeps the one Supabase's default grants give it: harmless, and not the migrations' doing).
 * get_user_by_email serves the admin Users screen: even service_role, which is no user, is refused.
 */
const EXPECTED_FUNCTIONS = `
                                          call
                                          P U A S
  get_user_by_email(email_address text)   ✗ ✗ ✓ ✗
  handle_new_user()                       ✗ ✗ ✗ ✓
  is_admin(uid uuid)                      ✗ ✓ ✓ ✓
  set_updated_at()                        ✗ ✗ ✗ ✓
`;

const PORTFOLIO_BUCKETS = ['blog-images', 'personal-images', 'profile-images', 'project-images', 'research-papers'];
/** A bucket the storage migration does not make (as if made by hand in the dashboard). */
const OTHER_BUCKET = 'not-the-portfolio';

const DATABASE = 'policy_matrix';
const MEMBER_EMAIL = 'member@example.com';

let server: PostgresServer | undefined;
/** Superuser: sets the database up and reads the catalog, never runs a cell. */
let owner: Database | undefined;
/** PostgREST's own connection: logs in as authenticator and switches role per request. */
let api: Database | undefined;
const ids = { admin: '', member: '', adminRole: '' };

const policyResults = new Map<string, Outcome[]>();
const functionResults = new Map<string, Outcome[]>();

function db(): Database {
  if (!api) throw new Error('The database is not set up');
  return api;
}

function catalog(): Database {
  if (!owner) throw new Error('The database is not set up');
  return owner;
}

function callerOf(actor: Actor): ApiCaller {
  if (actor === 'anon' || actor === 'service_role') return { role: actor };
  return { role: 'authenticated', userId: ids[actor] };
}

/** A SQL literal of a value this test made (user ids, bucket names). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

interface Subject {
  label: string;
  /** schema.table */
  relation: string;
  /** The rows select, update and delete aim at: every row of the relation unless given. */
  where?: (actor: Actor) => string;
  /** Columns and values of one new row. */
  insert: (actor: Actor) => string;
  /** Makes room for that row first, as service_role: a one-row table, one profile per user. */
  beforeInsert?: (actor: Actor) => string;
  /** An assignment changing every row it reaches, with a column the role may be granted. */
  set: string;
}

function cellOf(subject: Subject, operation: Operation, actor: Actor): Cell {
  const where = subject.where?.(actor) ?? 'true';
  const targets = `select count(*) from ${subject.relation} where ${where}`;
  switch (operation) {
    case 'select':
      return { statement: `select * from ${subject.relation} where ${where}`, targets };
    case 'insert':
      return { statement: `insert into ${subject.relation} ${subject.insert(actor)}`, targets: 1, prepare: subject.beforeInsert?.(actor) };
    case 'update':
      return { statement: `update ${subject.relation} set ${subject.set} where ${where}`, targets };
    case 'delete':
      return { statement: `delete from ${subject.relation} where ${where}`, targets };
  }
}

const contentTable = (table: string, columns: string): Subject => ({
  label: table,
  relation: `public.${table}`,
  insert: () => columns,
  set: `title = title || ' (edited)'`,
});

const ownProfile = (actor: Actor) => (actor === 'admin' ? ids.admin : ids.member);
const anotherProfile = (actor: Actor) => (actor === 'admin' ? ids.member : ids.admin);
const profileRow = (label: string, profileOf: (actor: Actor) => string): Subject => ({
  label,
  relation: 'public.profiles',
  where: (actor) => `id = ${literal(profileOf(actor))}`,
  insert: (actor) => `(id, full_name) values (${literal(profileOf(actor))}, 'New Name')`,
  beforeInsert: (actor) => `delete from public.profiles where id = ${literal(profileOf(actor))}`,
  set: `full_name = 'Changed Name'`,
});

const bucket = (label: string, id: string): Subject => ({
  label,
  relation: 'storage.objects',
  where: () => `bucket_id = ${literal(id)}`,
  insert: () => `(bucket_id, name, owner) values (${literal(id)}, 'uploaded.png', auth.uid())`,
  set: `name = 'renamed-' || name`,
});

const SUBJECTS: Subject[] = [
  contentTable('about_data', `(name, title) values ('Matrix Name', 'Matrix Title')`),
  contentTable('blog_posts', `(title, slug, content) values ('Matrix', 'policy-matrix', 'Body')`),
  {
    label: 'coauthors',
    relation: 'public.coauthors',
    insert: () => `(name) values ('Matrix Name')`,
    set: `name = name || ' (edited)'`,
  },
  contentTable('cv_entries', `(title, start_date) values ('Matrix', '2025')`),
  contentTable('experience', `(title, start_date) values ('Matrix', '2025-01')`),
  contentTable('personal_posts', `(title, content) values ('Matrix', '<p>Body</p>')`),
  contentTable('projects', `(title, category) values ('Matrix', 'web')`),
  contentTable('research_papers', `(title) values ('Matrix')`),
  contentTable('talks', `(title, start_date) values ('Matrix', '2027-03-12')`),
  contentTable('courses', `(title, start_date) values ('Matrix', '2027')`),
  {
    label: 'site_settings',
    relation: 'public.site_settings',
    insert: () => `(id, site_title) values (true, 'Matrix')`,
    beforeInsert: () => 'delete from public.site_settings',
    set: `site_title = 'Changed'`,
  },
  {
    // The contact address given to the scholarly sources: the admins' own, read by nobody else.
    label: 'admin_settings',
    relation: 'public.admin_settings',
    insert: () => `(id, lookup_contact_email) values (true, 'matrix@example.org')`,
    beforeInsert: () => 'delete from public.admin_settings',
    set: `lookup_contact_email = 'changed@example.org'`,
  },
  // The citation run's derived data (issue 46): the server writes it; through the API, everyone reads the counts
  // and the display settings, admins alone the found works (and dismiss them) and the run's state.
  {
    label: 'paper_citations',
    relation: 'public.paper_citations',
    insert: () => `(paper_id, source, cited_by, read_at) select id, 'openalex', 1, now() from public.research_papers p
      where not exists (select 1 from public.paper_citations c where c.paper_id = p.id) limit 1`,
    set: 'cited_by = cited_by + 1',
  },
  {
    label: 'found_works',
    relation: 'public.found_works',
    insert: () => `(key, orcid, put_code) values ('doi:10.5555/matrix', '0000-0002-1825-0097', '2')`,
    set: `dismissed_at = now()`,
  },
  {
    label: 'citation_settings',
    relation: 'public.citation_settings',
    insert: () => `(id, show_on_site) values (true, true)`,
    beforeInsert: () => 'delete from public.citation_settings',
    set: 'show_on_site = not show_on_site',
  },
  {
    label: 'refresh_state',
    relation: 'public.refresh_state',
    insert: () => `(id) values (true)`,
    beforeInsert: () => 'delete from public.refresh_state',
    set: 'papers_checked = papers_checked + 1',
  },
  {
    label: 'analytics_events',
    relation: 'public.analytics_events',
    insert: () => `(day, kind, path, visitor) values (current_date, 'view', '/matrix', '${'a'.repeat(32)}')`,
    set: "path = '/matrix-renamed'",
  },
  {
    label: 'analytics_daily',
    relation: 'public.analytics_daily',
    insert: () => `(day, dimension, key, count, visitors) values (current_date, 'page', '/matrix', 1, 1)`,
    set: 'count = count + 1',
  },
  {
    label: 'analytics_seen',
    relation: 'public.analytics_seen',
    insert: () => `(day, visitor) values (current_date - 1000, '${'a'.repeat(32)}')`,
    set: "visitor = '" + 'b'.repeat(32) + "'",
  },
  {
    label: 'analytics_salts',
    relation: 'public.analytics_salts',
    insert: () => `(day, salt) values (current_date - 1000, '${'b'.repeat(64)}')`,
    set: "salt = '" + 'c'.repeat(64) + "'",
  },
  {
    label: 'analytics_settings',
    relation: 'public.analytics_settings',
    insert: () => `(id, enabled) values (true, false)`,
    beforeInsert: () => 'delete from public.analytics_settings',
    set: 'enabled = not enabled',
  },
  profileRow('profiles: own row', ownProfile),
  profileRow("profiles: another user's row", anotherProfile),
  {
    label: 'roles',
    relation: 'public.roles',
    insert: () => `(name) values ('editor')`,
    set: `name = name || '-renamed'`,
  },
  {
    // The grant a non-admin would most like to make: admin for themselves.
    label: 'user_roles',
    relation: 'public.user_roles',
    insert: () => `(user_id, role_id) values (${literal(ids.member)}, ${literal(ids.adminRole)})`,
    set: 'created_at = now()',
  },
  ...PORTFOLIO_BUCKETS.map((id) => bucket(`storage: ${id}`, id)),
  bucket('storage: another bucket', OTHER_BUCKET),
];

/** A statement that shows a function's answer to the caller; trigger functions have none. */
const FUNCTION_CALLS: Record<string, string | undefined> = {
  'get_user_by_email(email_address text)': `select * from public.get_user_by_email(${literal(MEMBER_EMAIL)})`,
  'is_admin(uid uuid)': 'select public.is_admin()',
};

const expectedPolicy = parseMarks(EXPECTED_POLICY, OPERATIONS.length * ACTORS.length);
const expectedFunctions = parseMarks(EXPECTED_FUNCTIONS, ACTORS.length);

/** "update × signed-in non-admin: expected ✗, got ✓ (3 of 3 rows)" for every cell that differs. */
function mismatches(columns: string[], expected: Outcome['verdict'][] | undefined, actual: Outcome[]): string[] {
  if (!expected) return ['no row for it in the expected table'];
  return actual.flatMap((outcome, index) =>
    outcome.verdict === expected[index]
      ? []
      : [`${columns[index]}: expected ${MARKS[expected[index]]}, got ${MARKS[outcome.verdict]} (${outcome.detail})`],
  );
}

const POLICY_COLUMNS = OPERATIONS.flatMap((operation) => ACTORS.map((actor) => `${operation} × ${ACTOR_NAMES[actor]}`));
const FUNCTION_COLUMNS = ACTORS.map((actor) => `call × ${ACTOR_NAMES[actor]}`);

beforeAll(async () => {
  server = await startPostgres();
  const maintenance = await openPostgres(server.url, { max: 1 });
  try {
    await maintenance.exec(`create database ${DATABASE}`);
  } finally {
    await maintenance.close();
  }
  const url = server.url.replace(/\/postgres$/, `/${DATABASE}`);
  owner = await openPostgres(url, { max: 1 });
  await owner.exec(SUPABASE_PROJECT_SQL);
  await migrate(owner, { authBootstrap: true });
  await seedSampleContent(owner);

  ids.admin = await createUser(owner, 'admin@example.com', 'Ada Admin');
  ids.member = await createUser(owner, MEMBER_EMAIL, 'Max Member');
  await makeAdmin(owner, ids.admin);
  ids.adminRole = (await owner.query<{ id: string }>(`select id from public.roles where name = 'admin'`)).rows[0].id;

  // A sample row wherever the seed leaves none, so every cell has rows to aim at.
  await owner.exec(`insert into public.site_settings (id, site_title) values (true, 'A Mathematician')`);
  await owner.exec(`insert into public.admin_settings (id, lookup_contact_email) values (true, 'owner@example.org')`);
  await owner.exec(`insert into public.coauthors (name) values ('Emmy Noether')`);
  await owner.exec(`insert into public.paper_citations (paper_id, source, cited_by, read_at) select id, 'openalex', 3, now() from public.research_papers limit 1`);
  await owner.exec(`insert into public.found_works (key, orcid, put_code, title) values ('doi:10.5555/found', '0000-0002-1825-0097', '1', 'Found')`);
  await owner.exec(`insert into public.citation_settings (id) values (true)`);
  await owner.exec(`insert into public.analytics_events (day, kind, path, visitor) values (current_date, 'view', '/', '${'d'.repeat(32)}')`);
  await owner.exec(`insert into public.analytics_daily (day, dimension, key, count, visitors) values (current_date, 'site', '', 1, 1)`);
  await owner.exec(`insert into public.analytics_seen (day, visitor) values (current_date, '${'d'.repeat(32)}')`);
  await owner.exec(`insert into public.analytics_salts (day, salt) values (current_date, '${'e'.repeat(64)}')`);
  await owner.exec(`insert into public.analytics_settings (id) values (true)`);
  await owner.query(`insert into storage.buckets (id, name, public) values ($1, $1, false)`, [OTHER_BUCKET]);
  await owner.exec(`insert into storage.objects (bucket_id, name) select id, 'sample.png' from storage.buckets`);

  api = await openPostgres(url.replace('//postgres@', '//authenticator@'), { max: 1 });
});

afterAll(async () => {
  const rowsOf = (results: Map<string, Outcome[]>, labels: Iterable<string>, width: number) =>
    [...labels].map((label) => ({
      label,
      marks: results.get(label)?.map((outcome) => MARKS[outcome.verdict]) ?? Array<string>(width).fill('·'),
    }));
  console.log(
    [
      `Row-level security on Supabase, cell by cell (✓ allowed, ✗ denied, ? neither; ${LEGEND})`,
      formatMarks({ headings: [...OPERATIONS], columns: COLUMN_LETTERS, rows: rowsOf(policyResults, expectedPolicy.keys(), POLICY_COLUMNS.length) }),
      '',
      'Functions of the public schema',
      formatMarks({ headings: ['call'], columns: COLUMN_LETTERS, rows: rowsOf(functionResults, expectedFunctions.keys(), ACTORS.length) }),
    ].join('\n'),
  );
  await api?.close();
  await owner?.close();
  await server?.stop();
});

describe('row-level security on Supabase, cell by cell', () => {
  it('requests run as the API role, with auth.uid() read from the JWT claims as PostgREST sets them', async () => {
    const seen = await rolledBack(db(), async (tx) => {
      await actAs(tx, callerOf('member'));
      return (await tx.query('select current_user as role, auth.uid() as uid, auth.role() as claimed')).rows[0];
    });
    expect(seen).toEqual({ role: 'authenticated', uid: ids.member, claimed: 'authenticated' });

    const anonymous = await rolledBack(db(), async (tx) => {
      await actAs(tx, callerOf('anon'));
      return (await tx.query('select current_user as role, auth.uid() as uid')).rows[0];
    });
    expect(anonymous).toEqual({ role: 'anon', uid: null });

    // Each way PostgREST has passed the user, alone: one setting per claim, and the claims as JSON.
    for (const setting of [
      ['request.jwt.claim.sub', ids.member],
      ['request.jwt.claims', JSON.stringify({ sub: ids.member, role: 'authenticated' })],
    ]) {
      const uid = await rolledBack(db(), async (tx) => {
        await tx.query(`select set_config('role', 'authenticated', true), set_config($1, $2, true)`, setting);
        return (await tx.query<{ uid: string }>('select auth.uid() as uid')).rows[0].uid;
      });
      expect(uid, setting[0]).toBe(ids.member);
    }
  });

  it('covers every table of the public schema, each under row-level security', async () => {
    const { rows } = await catalog().query<{ relation: string; relrowsecurity: boolean }>(
      `select n.nspname || '.' || c.relname as relation, c.relrowsecurity
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by 2`,
    );
    const covered = new Set(SUBJECTS.map((subject) => subject.relation));
    expect(rows.map((row) => row.relation).filter((relation) => !covered.has(relation)), 'tables with no row in the matrix').toEqual([]);
    expect(rows.filter((row) => !row.relrowsecurity), 'tables without row-level security').toEqual([]);
  });

  it('covers every bucket the storage migration makes, and one it does not', async () => {
    const { rows } = await catalog().query<{ id: string }>('select id from storage.buckets where public order by id');
    expect(rows.map((row) => row.id)).toEqual(PORTFOLIO_BUCKETS);
    expect(SUBJECTS.map((subject) => subject.label).filter((label) => label.startsWith('storage: '))).toEqual([
      ...PORTFOLIO_BUCKETS.map((id) => `storage: ${id}`),
      'storage: another bucket',
    ]);
  });

  it('has an expected row for every subject and no other', () => {
    expect([...expectedPolicy.keys()]).toEqual(SUBJECTS.map((subject) => subject.label));
  });

  it.each(SUBJECTS)('$label: each role may do exactly what the policy says', async (subject) => {
    const outcomes: Outcome[] = [];
    for (const operation of OPERATIONS) {
      for (const actor of ACTORS) outcomes.push(await runCell(db(), callerOf(actor), cellOf(subject, operation, actor)));
    }
    policyResults.set(subject.label, outcomes);
    expect(mismatches(POLICY_COLUMNS, expectedPolicy.get(subject.label), outcomes), `cells of ${subject.label} that differ`).toEqual([]);
  });

  it('grants no API role but service_role what policies do not cover: truncate, triggers, references', async () => {
    const { rows } = await catalog().query<{ grant: string }>(
      `select r.rolname || ' ' || p.privilege || ' on ' || c.relname as grant
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       cross join (values ('anon'), ('authenticated')) as r (rolname)
       cross join (values ('truncate'), ('trigger'), ('references')) as p (privilege)
       where n.nspname = 'public' and c.relkind in ('r', 'p') and has_table_privilege(r.rolname, c.oid, p.privilege)`,
    );
    expect(rows.map((row) => row.grant)).toEqual([]);
  });

  it('does not let an admin move a file out of the five buckets', async () => {
    const moved = rolledBack(db(), async (tx) => {
      await actAs(tx, callerOf('admin'));
      return tx.query(`update storage.objects set bucket_id = $1 where bucket_id = 'blog-images'`, [OTHER_BUCKET]);
    });
    await expect(moved).rejects.toMatchObject({ code: INSUFFICIENT_PRIVILEGE });
  });
});

describe('functions of the public schema', () => {
  it('covers every function, each callable by exactly the roles meant to call it', async () => {
    const { rows } = await catalog().query<{ signature: string; oid: number }>(
      `select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as signature, p.oid::int as oid
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' order by 1`,
    );
    expect(rows.map((row) => row.signature)).toEqual([...expectedFunctions.keys()]);

    const problems: string[] = [];
    for (const { signature, oid } of rows) {
      const call = FUNCTION_CALLS[signature];
      const outcomes: Outcome[] = [];
      for (const actor of ACTORS) {
        const role = callerOf(actor).role;
        const { rows: privilege } = await catalog().query<{ granted: boolean }>(
          `select has_function_privilege($1, $2::oid, 'execute') as granted`,
          [role, oid],
        );
        const granted = privilege[0].granted;
        // A body that refuses anon must not be the only guard: anon holds EXECUTE only where meant to call.
        if (actor === 'anon' && granted !== (expectedFunctions.get(signature)?.[0] === 'allowed')) {
          problems.push(`${signature}: EXECUTE is ${granted ? '' : 'not '}granted to anon`);
        }
        if (call) {
          const outcome = await runCell(db(), callerOf(actor), { statement: call, targets: 1 });
          if (outcome.verdict === 'allowed' && !granted) problems.push(`${signature} answered ${actor} without EXECUTE`);
          outcomes.push(outcome);
        } else {
          outcomes.push({ verdict: granted ? 'allowed' : 'denied', detail: `EXECUTE ${granted ? '' : 'not '}granted to ${role}` });
        }
      }
      functionResults.set(signature, outcomes);
      problems.push(...mismatches(FUNCTION_COLUMNS, expectedFunctions.get(signature), outcomes).map((problem) => `${signature} ${problem}`));
    }
    expect(problems).toEqual([]);
  });

  it('runs every security definer function with an empty search_path, so a caller cannot redirect its lookups', async () => {
    const { rows } = await catalog().query<{ proname: string }>(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prosecdef and not coalesce('search_path=""' = any (p.proconfig), false)`,
    );
    expect(rows).toEqual([]);
  });

  it('get_user_by_email: an admin finds an account by its address, in any case and with stray spaces', async () => {
    const found = await rolledBack(db(), async (tx) => {
      await actAs(tx, callerOf('admin'));
      return {
        member: (await tx.query('select * from public.get_user_by_email($1)', ['  MEMBER@Example.com '])).rows,
        unknown: (await tx.query('select * from public.get_user_by_email($1)', ['nobody@example.com'])).rows,
      };
    });
    expect(found).toEqual({ member: [{ id: ids.member, email: MEMBER_EMAIL }], unknown: [] });
  });

  it('get_user_by_email: refused to anonymous visitors and non-admins alike, whether the address exists or not', async () => {
    const refusal = (actor: Actor, email: string) =>
      rolledBack(db(), async (tx) => {
        await actAs(tx, callerOf(actor));
        try {
          await tx.query('select * from public.get_user_by_email($1)', [email]);
          return 'answered';
        } catch (error) {
          return error as { code?: string; message?: string };
        }
      });
    for (const actor of ['anon', 'member'] as const) {
      const known = await refusal(actor, 'admin@example.com');
      const unknown = await refusal(actor, 'nobody@example.com');
      expect(known, actor).toMatchObject({ code: INSUFFICIENT_PRIVILEGE });
      // The same refusal either way: the function is no oracle for which addresses have accounts.
      expect(unknown, actor).toMatchObject({ code: INSUFFICIENT_PRIVILEGE, message: (known as { message: string }).message });
    }
  });

  it('is_admin: answers one boolean and nothing more, for the caller or a given user id', async () => {
    const { rows: signature } = await catalog().query(
      `select pg_get_function_result(p.oid) as result, pg_get_function_arguments(p.oid) as arguments, p.proretset as returns_set
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = 'is_admin'`,
    );
    expect(signature).toEqual([{ result: 'boolean', arguments: 'uid uuid DEFAULT auth.uid()', returns_set: false }]);

    const answers = async (actor: Actor) =>
      rolledBack(db(), async (tx) => {
        await actAs(tx, callerOf(actor));
        const { rows } = await tx.query(
          `select public.is_admin() as self, public.is_admin($1) as admin, public.is_admin($2) as member,
                  public.is_admin(gen_random_uuid()) as nobody, public.is_admin(null) as no_id`,
          [ids.admin, ids.member],
        );
        return rows;
      });
    // Given a user id, a signed-in user learns whether that user is an admin: the one bit the policies
    // need. An id with no account answers like a non-admin, so it does not even confirm that an account
    // exists. Anonymous callers may not ask at all (no policy for them needs it).
    const others = { admin: true, member: false, nobody: false, no_id: false };
    await expect(answers('anon')).rejects.toMatchObject({ code: '42501' });
    expect(await answers('member')).toEqual([{ self: false, ...others }]);
    expect(await answers('admin')).toEqual([{ self: true, ...others }]);
  });
});
