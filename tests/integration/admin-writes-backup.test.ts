import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Session } from '@/lib/auth/types';
import type { Database } from '@/lib/db/types';
import { CONTENT_TYPES } from '@/lib/content/registry.mjs';
import { newCoauthorDefaults } from '@/lib/validation/coauthors';
import { newCourseDefaults } from '@/lib/validation/courses';
import { newCvEntryDefaults } from '@/lib/validation/cv';
import { newExperienceDefaults } from '@/lib/validation/experience';
import { newProjectDefaults } from '@/lib/validation/projects';
import { newTalkDefaults } from '@/lib/validation/talks';
import { openTestPglite } from '../helpers/db';
import { SAMPLES } from '../helpers/storage-samples';

/**
 * Every admin action, run by an admin on input it accepts, against the real schema and stored files: whatever
 * it changes in the public schema or in storage, it schedules the backup (lib/backup/notify.ts); a change to a
 * content table expires the tags of what reads it (the entity's own, or the CV's for the CV's columns of
 * site_settings), each once. So a save whose write skips afterContentWrite (as the owner's profile settings and
 * the lookups' contact address once did) fails here, whichever action it is; an action added later without a
 * step here fails too. Passwords and sessions (the auth schema) are the auth's own records, not the site's.
 */
const database: { db?: Database } = {};
const SECRET = new TextEncoder().encode('admin-writes-test-secret-admin-writes-test-secret');
const cache = vi.hoisted(() => ({ cacheTag: vi.fn(), cacheLife: vi.fn(), updateTag: vi.fn(), revalidateTag: vi.fn(), revalidatePath: vi.fn() }));
const caller = vi.hoisted(() => ({ user: { id: '', email: '' } }));
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/cache', () => cache);
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));
vi.mock('@/lib/auth/secret', () => ({ getAuthSecret: () => SECRET }));
vi.mock('@/lib/auth/guard', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth/guard')>()),
  checkAdmin: async () => ({ ok: true, user: caller.user }),
}));
vi.mock('next/headers', async () => (await import('../helpers/next-headers')).nextHeadersDouble(jar));
// Refresh now keeps the request for its run (`after`), which needs a request scope: none here.
vi.mock('next/server', async (importOriginal) => ({ ...(await importOriginal<typeof import('next/server')>()), after: () => undefined }));
// The sources are not asked: what they would answer is only read, never stored by these actions.
vi.mock('@/lib/scholarly/lookup', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/scholarly/lookup')>()),
  lookupIdentifiers: async () => ({ found: [], failed: [], taken: 0 }),
  refreshFromSource: async () => ({ changes: [] }),
  lookupFoundWorks: async () => ({ entries: [], problems: [], notices: [], orcid: null }),
}));
// Nor is a citation run started: Refresh now's own write (the request in refresh_state) is what is checked.
vi.mock('@/lib/scholarly/refresh/start', () => ({ startRefresh: () => ({ state: 'started', done: Promise.resolve(null) }) }));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-admin-writes-'));
vi.stubEnv('DATA_DIR', dataDir);

const { setWriteListener } = await import('@/lib/backup/notify');
const { isAdminAction } = await import('@/lib/auth/admin-action');
const { createPasswordUser, createSession } = await import('@/lib/auth/local-store');
const { hashPassword } = await import('@/lib/auth/password');
const { COOKIES } = await import('@/lib/auth/constants');
const { getStorage } = await import('@/lib/storage');

const guarded = path.join(process.cwd(), 'app/admin/(guarded)');
const storageDir = path.join(dataDir, 'storage');
const CONTENT_TABLES = new Set<string>(CONTENT_TYPES.map((type) => type.table));
const OLD_PASSWORD = 'old password 123';
const NEW_PASSWORD = 'new password 456';

let cleanup: () => Promise<void>;
let session: Session;
let storedFile = '';

beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanup = opened.cleanup;
  const created = await createPasswordUser(opened.db, 'owner@example.org', await hashPassword(OLD_PASSWORD));
  if (!created.ok) throw new Error(created.error);
  caller.user = created.data;
  await opened.db.query(`insert into public.user_roles (user_id, role_id) select $1::uuid, id from public.roles where name = 'admin'`, [caller.user.id]);
  const colleague = await createPasswordUser(opened.db, 'colleague@example.org', await hashPassword(OLD_PASSWORD));
  if (!colleague.ok) throw new Error(colleague.error);
  session = await createSession(opened.db, SECRET, caller.user, 'this browser');
  await getStorage().ensureBuckets();
  storedFile = (await getStorage().upload('blog-images', { path: 'posts/figure.png', bytes: SAMPLES.png, contentType: 'image/png' })).path;
});

afterAll(async () => {
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

/** Each public table's rows (as one hash) and each stored file (with its bytes' length): what a backup would hold of the site. */
async function siteState(): Promise<Map<string, string>> {
  const state = new Map<string, string>();
  const { rows: tables } = await database.db!.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  for (const { name } of tables) {
    const { rows } = await database.db!.query<{ hash: string }>(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from public.${name} t`);
    state.set(name, rows[0]!.hash);
  }
  for (const file of readdirSync(storageDir, { recursive: true }).map(String)) {
    const stat = statSync(path.join(storageDir, file));
    if (stat.isFile()) state.set(`storage/${file}`, String(stat.size));
  }
  return state;
}

function changedBetween(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((key) => before.get(key) !== after.get(key)).sort();
}

const idOf = async (table: string): Promise<string> => (await database.db!.query<{ id: string }>(`select id::text as id from public.${table} order by created_at desc limit 1`)).rows[0]!.id;

const post = (title: string) => ({ title, slug: title.toLowerCase().replace(/\W+/g, '-'), excerpt: '', tags: '', coverImage: '', content: 'Content.' });
const personal = (title: string) => ({ title, type: 'story', content: '<p>Walk.</p>', imageUrls: [] });
const paper = (title: string, doi = '') => ({ title, journal: 'J', authors: 'A', date: '2024-01-01', abstract: '', link: '', pdfUrl: '', tags: '', doi, arxivId: '', status: 'published' });
const bib = '@article{x, author={Noether, Emmy}, title={Imported from BibTeX}, journal={J}, year=2024}';
const identity = {
  name: 'Emmy Noether',
  title: 'Mathematician',
  affiliation: '',
  footerBlurb: '',
  email: '',
  links: [{ kind: 'orcid', label: '', url: 'https://orcid.org/0000-0002-1825-0097' }],
  mark: '',
  markImageUrl: null,
};

/** Each admin action with input it accepts, in an order where each finds what it acts on. */
const STEPS: { file: string; action: string; args: () => Promise<unknown[]> | unknown[]; before?: () => void }[] = [
  { file: 'welcome/actions.ts', action: 'dismissFirstRunAction', args: () => [] },
  { file: 'welcome/actions.ts', action: 'completeFirstRunAction', args: () => [{ ...identity, start: 'sample' }] },
  { file: 'settings/actions.ts', action: 'removeSampleContentAction', args: () => [] },
  { file: 'about/edit/actions.ts', action: 'saveAboutAction', args: () => [{ ...identity, bio: 'Bio.', imageUrl: '', skills: [], education: [], researchInterests: [] }] },
  { file: 'experience/edit/actions.ts', action: 'saveExperienceAction', args: () => [{ items: [{ ...newExperienceDefaults(), title: 'Lecturer', startDate: '2020-01', endDate: '' }] }] },
  { file: 'projects/edit/actions.ts', action: 'saveProjectsAction', args: () => [{ items: [{ ...newProjectDefaults(), title: 'Explorer', link: '', github: '' }] }] },
  { file: 'projects/edit/actions.ts', action: 'deleteProjectAction', args: async () => [await idOf('projects')] },
  {
    file: 'cv/edit/actions.ts',
    action: 'saveCvEntriesAction',
    args: () => [{ items: [{ ...newCvEntryDefaults('award'), title: 'Prize', start: '2024', end: '', url: '', place: 'Edinburgh', description: 'One line.' }] }],
  },
  { file: 'talks/edit/actions.ts', action: 'saveTalksAction', args: () => [{ items: [{ ...newTalkDefaults('2027-03-12'), title: 'Zeros near the line', kind: 'seminar' }] }] },
  { file: 'talks/edit/actions.ts', action: 'deleteTalkAction', args: async () => [await idOf('talks')] },
  { file: 'talks/edit/actions.ts', action: 'searchPlacesAction', args: () => ['oxford'] },
  {
    file: 'teaching/edit/actions.ts',
    action: 'saveCoursesAction',
    args: () => [{ items: [{ ...newCourseDefaults(), title: 'Number Theory', role: 'tutor', terms: ['Autumn 2024'], materials: [{ label: 'Syllabus', url: 'https://example.org/s.pdf' }] }] }],
  },
  { file: 'teaching/edit/actions.ts', action: 'deleteCourseAction', args: async () => [await idOf('courses')] },
  { file: 'teaching/edit/actions.ts', action: 'saveTeachingGroupingAction', args: () => [{ grouping: 'year' }] },
  { file: 'settings/actions.ts', action: 'saveTimeZoneAction', args: () => [{ timeZone: 'Europe/London' }] },
  { file: 'settings/actions.ts', action: 'saveCvSettingsAction', args: () => [{ sections: ['skills'], paperSize: 'letter', summary: 'Summary.', projects: 'all', includeDrafts: true }] },
  { file: 'blog/edit/actions.ts', action: 'createBlogPostAction', args: () => [post('Counting primes')] },
  { file: 'blog/edit/actions.ts', action: 'updateBlogPostAction', args: async () => [await idOf('blog_posts'), post('Counting primes again')] },
  { file: 'blog/edit/actions.ts', action: 'deleteBlogPostAction', args: async () => [await idOf('blog_posts')] },
  { file: 'personal/edit/actions.ts', action: 'createPersonalPostAction', args: () => [personal('A walk')] },
  { file: 'personal/edit/actions.ts', action: 'updatePersonalPostAction', args: async () => [await idOf('personal_posts'), personal('A longer walk')] },
  { file: 'personal/edit/actions.ts', action: 'deletePersonalPostAction', args: async () => [await idOf('personal_posts')] },
  { file: 'research/edit/actions.ts', action: 'createPaperAction', args: () => [paper('Ideal theory', '10.1000/ideal')] },
  { file: 'research/edit/actions.ts', action: 'updatePaperAction', args: async () => [await idOf('research_papers'), paper('Ideal theory in rings', '10.1000/ideal')] },
  { file: 'research/edit/actions.ts', action: 'refreshPaperAction', args: async () => [await idOf('research_papers')] },
  { file: 'research/edit/actions.ts', action: 'previewBibtexAction', args: () => [bib] },
  { file: 'research/edit/actions.ts', action: 'importBibtexAction', args: () => [bib, ['0']] },
  { file: 'research/edit/actions.ts', action: 'lookupIdentifiersAction', args: () => ['10.5555/12345678'] },
  { file: 'research/edit/actions.ts', action: 'importLookedUpAction', args: () => [[paper('Looked up')], 'as-source'] },
  { file: 'research/edit/actions.ts', action: 'deletePaperAction', args: async () => [await idOf('research_papers')] },
  {
    file: 'research/coauthors/actions.ts',
    action: 'saveCoauthorsAction',
    args: () => [{ items: [{ ...newCoauthorDefaults(), name: 'Emmy Noether', homepage: '', orcid: '0000-0002-1825-0097' }] }],
  },
  { file: 'settings/actions.ts', action: 'saveProfileAction', args: () => [{ displayName: 'Emmy Noether', bio: 'Algebra.' }] },
  { file: 'settings/actions.ts', action: 'saveSiteSettingsAction', args: () => [{ siteTitle: 'Ideals', metaDescription: 'Rings.', socialImageUrl: '' }] },
  { file: 'settings/actions.ts', action: 'saveLookupContactAction', args: () => [{ lookupContactEmail: 'owner@example.org' }] },
  { file: 'settings/actions.ts', action: 'saveCitationSettingsAction', args: () => [{ showOnSite: true, showOnCv: true, refreshHours: 168 }] },
  { file: 'settings/actions.ts', action: 'refreshCitationsNowAction', args: () => [] },
  { file: 'settings/actions.ts', action: 'citationStatusAction', args: () => [] },
  { file: 'settings/actions.ts', action: 'saveAnalyticsSettingsAction', args: () => [{ enabled: false, retentionDays: '30' }] },
  { file: 'research/edit/actions.ts', action: 'lookupFoundWorksAction', args: () => [['doi:10.5555/found']] },
  {
    file: 'research/edit/actions.ts',
    action: 'dismissFoundWorksAction',
    args: async () => {
      await database.db!.query(`insert into public.found_works (key, orcid, put_code, title) values ('doi:10.5555/found', '0000-0002-1825-0097', '1', 'Found')`);
      return [['doi:10.5555/found']];
    },
  },
  {
    file: 'settings/actions.ts',
    action: 'changePasswordAction',
    args: () => [{ currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }],
    before: () => {
      jar.set(COOKIES.access, session.access_token);
      jar.set(COOKIES.refresh, session.refresh_token);
    },
  },
  { file: 'users/actions.ts', action: 'grantAdminAction', args: () => [{ email: 'colleague@example.org' }] },
  { file: 'users/actions.ts', action: 'revokeAdminAction', args: () => [{ email: 'colleague@example.org' }] },
  { file: 'media/actions.ts', action: 'findReferencesAction', args: () => [{ bucket: 'blog-images', path: storedFile }] },
  { file: 'media/actions.ts', action: 'deleteFileAction', args: () => [{ bucket: 'blog-images', path: storedFile }] },
];

describe('every admin action that changes the site schedules the backup and expires what it changed', () => {
  it('has a step for every action built by adminAction', async () => {
    const actions: string[] = [];
    for (const file of readdirSync(guarded, { recursive: true }).map(String).filter((name) => path.basename(name) === 'actions.ts')) {
      const exports = (await import(path.join(guarded, file))) as Record<string, unknown>;
      actions.push(...Object.keys(exports).filter((name) => isAdminAction(exports[name])).map((name) => `${file}: ${name}`));
    }
    expect(actions.sort()).toEqual(STEPS.map((step) => `${step.file}: ${step.action}`).sort());
  });

  for (const step of STEPS) {
    it(step.action, async () => {
      const action = ((await import(path.join(guarded, step.file))) as Record<string, (...args: unknown[]) => Promise<{ ok: boolean }>>)[step.action]!;
      const args = await step.args();
      step.before?.();
      const before = await siteState();
      let backups = 0;
      setWriteListener({ noteWrite: () => (backups += 1) });
      cache.updateTag.mockClear();
      cache.revalidateTag.mockClear();
      try {
        expect(await action(...args)).toMatchObject({ ok: true });
      } finally {
        setWriteListener(undefined);
      }
      const changed = changedBetween(before, await siteState());
      const expired = [...cache.updateTag.mock.calls, ...cache.revalidateTag.mock.calls].map((call) => String(call[0]));
      if (changed.length > 0) expect(backups, `${step.action} changed ${changed.join(', ')} without scheduling the backup`).toBeGreaterThan(0);
      if (changed.some((table) => CONTENT_TABLES.has(table))) expect(expired, `${step.action} changed ${changed.join(', ')} and expired no tag`).not.toEqual([]);
      expect(expired, `${step.action} expired a tag twice`).toEqual([...new Set(expired)]);
    });
  }
});
