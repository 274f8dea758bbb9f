import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { ACCESS_DENIED, COOKIES } from '@/lib/auth/constants';
import { createPasswordUser, createSession } from '@/lib/auth/local-store';
import type { Database } from '@/lib/db/types';
import type { LookupEntry } from '@/lib/scholarly/types';
import { LOOKUP_TOO_LARGE } from '@/lib/validation/paper-lookup';
import { checkPaper, type PaperValues } from '@/lib/validation/research';
import { makeAdmin, openTestPglite } from '../helpers/db';
import { fakeScholarlyEnv, startFakeScholarlyServer, type FakeRequest, type FakeScholarlyServer } from '../helpers/fake-scholarly-server';

/**
 * "Add by identifier" and "Refresh from source" (issue 34) through the Research Papers editor's own server
 * actions, on the real schema (PGlite) and against the fake scholarly sources: the admin check runs for
 * real on a built-in session read from the request's cookies, the User-Agent carries the site's name and
 * the contact address from Settings, an import is all or nothing and never stores a paper twice, and
 * every input bound is enforced on the server. Next's request and cache functions are doubles here.
 */
const database: { db?: Database } = {};
const SECRET = new TextEncoder().encode('paper-lookup-test-secret-paper-lookup-test-1234');

const cache = vi.hoisted(() => ({ cacheTag: vi.fn(), updateTag: vi.fn(), revalidateTag: vi.fn() }));
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/cache', () => cache);
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));
vi.mock('@/lib/auth/secret', () => ({ getAuthSecret: () => SECRET }));
vi.mock('next/headers', async () => (await import('../helpers/next-headers')).nextHeadersDouble(jar));

const { importLookedUpAction, lookupIdentifiersAction, refreshPaperAction, updatePaperAction } = await import('@/app/admin/(guarded)/research/edit/actions');
const { saveLookupContactEmail, saveSiteSettings } = await import('@/lib/content/settings/queries');
const { createPaper, getResearchPaper } = await import('@/lib/content/research/queries');
const { differences, mergedForm } = await import('@/components/admin/research/paper-fields');

/** The three kinds of identifier in one paste: a doi.org address (Crossref), a versioned arXiv id, a DOI only DataCite knows. */
const THREE = 'https://doi.org/10.5555/12345678, arXiv:2403.01234v2 10.5072/example-preprint';
const SITE_TITLE = 'Number Theory Notes';
const CONTACT = 'owner@university.edu';
const CROSSREF_TITLE = 'Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory';
const REFUSED_TITLE = 'Refused by the test trigger';

let server: FakeScholarlyServer;
let cleanup: () => Promise<void>;
let admin: { access: string; refresh: string };
let member: { access: string; refresh: string };
const savedEnv: Record<string, string | undefined> = {};

async function signedInUser(email: string, asAdmin: boolean) {
  const created = await createPasswordUser(database.db!, email, 'not-a-real-hash');
  if (!created.ok) throw new Error(created.error);
  if (asAdmin) await makeAdmin(database.db!, created.data.id);
  const session = await createSession(database.db!, SECRET, created.data, 'vitest');
  return { access: session.access_token, refresh: session.refresh_token };
}

beforeAll(async () => {
  server = await startFakeScholarlyServer();
  // scholarlyConfig reads process.env when each action runs, so setting it here is early enough.
  for (const [name, value] of Object.entries(fakeScholarlyEnv(server.url))) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanup = opened.cleanup;
  admin = await signedInUser('owner@example.com', true);
  member = await signedInUser('member@example.com', false);
  await saveSiteSettings({ siteTitle: SITE_TITLE, metaDescription: '', socialImageUrl: '' });
  await saveLookupContactEmail(CONTACT);
});

afterAll(async () => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await cleanup?.();
  await server?.close();
});

beforeEach(async () => {
  signIn(admin);
  cache.updateTag.mockClear();
  await database.db!.query('delete from research_papers');
});

function signIn(user: { access: string; refresh: string } | null): void {
  jar.clear();
  if (!user) return;
  jar.set(COOKIES.access, user.access);
  jar.set(COOKIES.refresh, user.refresh);
}

/** `run`'s answer and the requests the fake sources received meanwhile. */
async function withRequests<T>(run: () => Promise<T>): Promise<{ result: T; requests: FakeRequest[] }> {
  const before = server.requests.length;
  const result = await run();
  return { result, requests: server.requests.slice(before) };
}

function data<T>(result: { ok: true; data: T } | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

async function paperCount(): Promise<number> {
  const { rows } = await database.db!.query<{ n: number }>('select count(*)::int as n from research_papers');
  return rows[0]!.n;
}

async function storedStatuses(): Promise<Record<string, string>> {
  const { rows } = await database.db!.query<{ title: string; status: string }>('select title, status from research_papers');
  return Object.fromEntries(rows.map((row) => [row.title, row.status]));
}

/** The three papers of THREE as the preview offers them. */
async function lookUpThree(): Promise<LookupEntry[]> {
  const { entries } = data(await lookupIdentifiersAction(THREE));
  expect(entries).toHaveLength(3);
  return entries;
}

function valid(input: Record<string, unknown>): PaperValues {
  const checked = checkPaper({ journal: 'Journal of Psychoceramics', authors: 'Alex Morgan', date: '2024-05-01', abstract: '', link: '', pdfUrl: '', tags: '', doi: '', arxivId: '', status: 'published', ...input });
  if (!checked.ok) throw new Error(checked.error);
  return checked.data;
}

describe('who may look papers up', () => {
  it.each([
    ['an anonymous caller', null, ACCESS_DENIED.anonymous],
    ['a signed-in user without the admin role', 'member', ACCESS_DENIED.forbidden],
  ] as const)('refuses %s with the Access Denied text, asking no source and writing nothing', async (_who, user, text) => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const paper = valid({ title: 'Sent by someone else', doi: '10.5555/12345678' });
    const stored = await createPaper(valid({ title: 'Stored', doi: '10.5555/12345678' }));
    signIn(user === null ? null : member);
    const { result, requests } = await withRequests(() =>
      Promise.all([lookupIdentifiersAction(THREE), importLookedUpAction([paper], 'as-source'), refreshPaperAction(stored.id), lookupIdentifiersAction('x'.repeat(200_000))]),
    );
    for (const answer of result) expect(answer).toEqual({ ok: false, error: text });
    expect(requests).toEqual([]);
    expect(await paperCount()).toBe(1);
    // The security log's line for each refusal.
    expect(warned).toHaveBeenCalledTimes(4);
    warned.mockRestore();
  });
});

describe('looking up identifiers', () => {
  it('finds a DOI at Crossref, an arXiv id at arXiv and a DataCite DOI, with the statuses their sources give', async () => {
    const { result, requests } = await withRequests(() => lookupIdentifiersAction(THREE));
    const { entries, problems, notices } = data(result);
    expect(entries.map((entry) => [entry.identifier, entry.source, entry.paper.status, entry.duplicate])).toEqual([
      ['doi:10.5555/12345678', 'Crossref', 'published', null],
      ['arXiv:2403.01234v2', 'arXiv', 'preprint', null],
      ['doi:10.5072/example-preprint', 'DataCite', 'preprint', null],
    ]);
    expect(entries[0]!.paper).toMatchObject({ title: CROSSREF_TITLE, doi: '10.5555/12345678' });
    expect(entries[1]!.paper.arxivId).toBe('2403.01234v2');
    expect(problems).toEqual([]);
    expect(notices).toEqual([]);
    // Crossref for both DOIs (the second unknown to it), DataCite for the second, one arXiv query.
    expect(requests.map((request) => request.path.split('/')[1]).sort()).toEqual(['arxiv', 'crossref', 'crossref', 'datacite']);
  });

  it("names the site and the contact address from Settings in every request's User-Agent", async () => {
    const { requests } = await withRequests(() => lookupIdentifiersAction(THREE));
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.headers['user-agent']).toContain(SITE_TITLE);
      expect(request.headers['user-agent']).toContain(`mailto:${CONTACT}`);
    }
  });

  it('sends no mailto when no contact address is saved', async () => {
    await saveLookupContactEmail('');
    try {
      const { requests } = await withRequests(() => lookupIdentifiersAction(THREE));
      expect(requests.length).toBeGreaterThan(0);
      for (const request of requests) {
        expect(request.headers['user-agent']).toContain(SITE_TITLE);
        expect(request.headers['user-agent']).not.toContain('mailto:');
      }
    } finally {
      await saveLookupContactEmail(CONTACT);
    }
  });

  it('flags a paper already on the site as a duplicate', async () => {
    await createPaper(valid({ title: 'Stored under another title', doi: '10.5555/12345678' }));
    const entries = await lookUpThree();
    expect(entries[0]!.duplicate?.reason).toBe('on the site already as "Stored under another title" (same DOI).');
    expect(entries.slice(1).map((entry) => entry.duplicate)).toEqual([null, null]);
  });
});

describe('adding the looked-up papers', () => {
  it('stores the three papers with the statuses their sources give', async () => {
    const entries = await lookUpThree();
    const result = data(await importLookedUpAction(entries.map((entry) => entry.paper), 'as-source'));
    expect(result.skipped).toBe(0);
    expect(result.created.map((paper) => paper.status)).toEqual(['published', 'preprint', 'preprint']);
    expect(await storedStatuses()).toEqual(Object.fromEntries(entries.map((entry) => [entry.paper.title, entry.paper.status])));
    expect(cache.updateTag).toHaveBeenCalledWith('research');
  });

  it('stores them as drafts when asked', async () => {
    const entries = await lookUpThree();
    const result = data(await importLookedUpAction(entries.map((entry) => entry.paper), 'draft'));
    expect(result.created.map((paper) => paper.status)).toEqual(['draft', 'draft', 'draft']);
    expect(Object.values(await storedStatuses())).toEqual(['draft', 'draft', 'draft']);
  });

  it('skips every paper when the same papers are added again, and writes nothing', async () => {
    const papers = (await lookUpThree()).map((entry) => entry.paper);
    data(await importLookedUpAction(papers, 'as-source'));
    const before = await storedStatuses();
    cache.updateTag.mockClear();
    expect(data(await importLookedUpAction(papers, 'as-source'))).toEqual({ created: [], skipped: 3 });
    expect(await paperCount()).toBe(3);
    expect(await storedStatuses()).toEqual(before);
    expect(cache.updateTag).not.toHaveBeenCalled();
  });

  it('skips a paper whose DOI differs only in case, or whose arXiv id differs only in version, from a stored one', async () => {
    const [, arxiv, datacite] = (await lookUpThree()).map((entry) => entry.paper);
    data(await importLookedUpAction([arxiv, datacite], 'as-source'));
    const sameDoi = { ...datacite!, title: 'Another title for the same DOI', doi: '10.5072/EXAMPLE-PREPRINT' };
    const sameArxiv = { ...arxiv!, title: 'Another title for the same arXiv paper', arxivId: '2403.01234v1' };
    expect(data(await importLookedUpAction([sameDoi, sameArxiv], 'as-source'))).toEqual({ created: [], skipped: 2 });
    expect(await paperCount()).toBe(2);
  });

  it('stores a paper given twice in one list once', async () => {
    const [, , datacite] = (await lookUpThree()).map((entry) => entry.paper);
    const result = data(await importLookedUpAction([datacite, { ...datacite!, title: 'Another title', doi: '10.5072/Example-Preprint' }], 'as-source'));
    expect(result.created).toHaveLength(1);
    expect(result.skipped).toBe(1);
  });

  it('stores nothing when the database refuses one of the papers', async () => {
    const db = database.db!;
    await db.exec(`
      create function refuse_marked_paper_for_test() returns trigger language plpgsql as $$
      begin
        if new.title = '${REFUSED_TITLE}' then raise exception 'refused by the test'; end if;
        return new;
      end $$;
      create trigger refuse_marked_paper before insert on research_papers for each row execute function refuse_marked_paper_for_test();
    `);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const [first, second, third] = (await lookUpThree()).map((entry) => entry.paper);
      const result = await importLookedUpAction([first, { ...second!, title: REFUSED_TITLE }, third], 'as-source');
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error).toMatch(/^Adding the papers failed:/);
      expect(await paperCount()).toBe(0);
      expect(cache.updateTag).not.toHaveBeenCalled();
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      await db.exec('drop trigger refuse_marked_paper on research_papers; drop function refuse_marked_paper_for_test();');
    }
  });
});

describe('kinds of work (issue 45)', () => {
  it('stores each kind with the venue fields its source gives, an ISBN with a wrong check digit left out', async () => {
    const { entries, problems } = data(await lookupIdentifiersAction('10.5555/ants.2022.12 10.5555/handbook.ch3 10.5555/thesis.2011 10.5072/example-chapter'));
    expect(problems).toEqual([]);
    const { created } = data(await importLookedUpAction(entries.map((entry) => entry.paper), 'as-source'));
    const stored = await Promise.all(created.map((paper) => getResearchPaper(paper.id)));
    expect(stored.map((paper) => paper && [paper.kind, paper.journal])).toEqual([
      ['conference', 'Proceedings of the Fifteenth Algorithmic Number Theory Symposium'],
      ['chapter', 'Psychoceramics: A Handbook for the Perplexed'],
      ['phd-thesis', ''],
      ['chapter', 'Example Book Title'],
    ]);
    expect(stored[0]).toMatchObject({ eventName: 'ANTS XV: Fifteenth Algorithmic Number Theory Symposium', eventPlace: 'Bristol, UK', eventStart: '2022-08-08', eventEnd: '2022-08-12', editors: ['Elizabeth Miller', 'Ada Lovelace'], pages: '12-30' });
    expect(stored[1]).toMatchObject({ editors: ['Elizabeth Miller', 'Jane Doe Jr.'], edition: '2', isbn: '0-306-40615-2', publisher: 'Carberry Press' });
    expect(stored[2]).toMatchObject({ institution: 'Brown University' });
    expect(stored[3]).toMatchObject({ isbn: '', edition: '2nd edition', pages: '45–63', editors: ['Elizabeth Miller'] });
  });

  it('refreshes a journal article that its source calls a conference paper, and saves the fields taken', async () => {
    const stored = await createPaper(valid({ title: 'Counting cracked pots over finite fields', authors: 'Josiah Carberry, Jane Doe', date: '2023-01-15', doi: '10.5555/ants.2022.12', volume: '3', link: 'https://doi.org/10.5555/ants.2022.12' }));
    const refreshed = data(await refreshPaperAction(stored.id));
    if (!refreshed.ok) throw new Error(refreshed.problem.message);
    const listed = differences(stored, refreshed.paper);
    expect(listed.map((difference) => difference.field)).toEqual(['kind', 'journal', 'volume', 'pages', 'publisher', 'editors', 'eventName', 'eventPlace', 'eventStart', 'eventEnd']);
    const saved = data(await updatePaperAction(stored.id, mergedForm(stored, refreshed.paper, new Set(listed.map((difference) => difference.field)))));
    expect(saved).toMatchObject({ kind: 'conference', journal: 'Proceedings of the Fifteenth Algorithmic Number Theory Symposium', volume: '1', eventStart: '2022-08-08', title: stored.title });
    expect(differences(saved, refreshed.paper)).toEqual([]);
  });
});

describe('input the actions refuse', () => {
  it('refuses more than 150 papers at once', async () => {
    const papers = Array.from({ length: 151 }, (_, index) => valid({ title: `Paper ${index + 1}` }));
    expect(await importLookedUpAction(papers, 'as-source')).toMatchObject({ ok: false, error: 'At most 150 papers at once.' });
    expect(await paperCount()).toBe(0);
  });

  it("refuses a paper whose title is past the editor's limit, with the field's message", async () => {
    const paper = { ...valid({ title: 'Short' }), title: 'T'.repeat(10_000) };
    const result = await importLookedUpAction([paper], 'as-source');
    expect(result).toMatchObject({ ok: false, error: 'The title must be at most 300 characters.', fieldErrors: { 'papers.0.title': 'The title must be at most 300 characters.' } });
    expect(await paperCount()).toBe(0);
  });

  it('refuses a mode other than the two offered', async () => {
    expect(await importLookedUpAction([valid({ title: 'Published?' })], 'published')).toMatchObject({ ok: false, error: 'Choose how the papers are added.' });
    expect(await paperCount()).toBe(0);
  });

  it('refuses a text of more than 100,000 characters, asking no source', async () => {
    const { result, requests } = await withRequests(() => lookupIdentifiersAction(`10.5555/12345678 ${'x'.repeat(100_001 - 17)}`));
    expect(result).toMatchObject({ ok: false, error: LOOKUP_TOO_LARGE });
    expect(requests).toEqual([]);
  });

  it('looks up only the first 50 of 1,000 identifiers and says how many are taken', async () => {
    const dois = Array.from({ length: 1_000 }, (_, index) => `10.5555/unknown-${String(index).padStart(4, '0')}`);
    const { result, requests } = await withRequests(() => lookupIdentifiersAction(dois.join('\n')));
    const { entries, problems, notices } = data(result);
    const asked = new Set(requests.map((request) => decodeURIComponent(request.path).replace(/^\/(crossref\/works|datacite\/dois)\//, '')));
    expect([...asked].sort()).toEqual(dois.slice(0, 50));
    expect(notices).toEqual(['Only the first 50 of 1,000 identifiers are looked up at once; paste the rest afterwards.']);
    expect(entries).toEqual([]);
    expect(problems).toHaveLength(50);
  });
});

describe('refreshing a paper from its source', () => {
  it("gives the source's title back for a paper whose title was changed, keeping its tags", async () => {
    const stored = await createPaper(valid({ title: 'A title changed by hand', doi: '10.5555/12345678', tags: 'psychoceramics, string theory' }));
    const refreshed = data(await refreshPaperAction(stored.id));
    expect(refreshed.ok).toBe(true);
    if (!refreshed.ok) return;
    expect(refreshed.source).toBe('Crossref');
    expect(refreshed.paper).toMatchObject({ title: CROSSREF_TITLE, doi: '10.5555/12345678', tags: ['psychoceramics', 'string theory'] });
    // Nothing is written.
    expect(await storedStatuses()).toEqual({ 'A title changed by hand': 'published' });
  });

  it('says so when the paper has neither a DOI nor an arXiv id, asking no source', async () => {
    const stored = await createPaper(valid({ title: 'No identifiers' }));
    const { result, requests } = await withRequests(() => refreshPaperAction(stored.id));
    expect(result).toEqual({ ok: false, error: 'Could not refresh the paper: This paper has no DOI or arXiv id to refresh it from.' });
    expect(requests).toEqual([]);
  });

  it('refuses a malformed id, and the id of a paper deleted meanwhile, as a paper that no longer exists', async () => {
    const { result, requests } = await withRequests(() => Promise.all([refreshPaperAction("1' or '1'='1"), refreshPaperAction(randomUUID())]));
    for (const answer of result) expect(answer).toEqual({ ok: false, error: 'Could not refresh the paper: This paper no longer exists; it may have been deleted in another window.' });
    expect(requests).toEqual([]);
  });

  it('answers that neither source knows a DOI, as a result rather than a failure', async () => {
    const stored = await createPaper(valid({ title: 'Unknown DOI', doi: '10.5555/unknown' }));
    expect(await refreshPaperAction(stored.id)).toEqual({
      ok: true,
      data: { ok: false, problem: { kind: 'not-found', source: 'DataCite', message: 'Neither Crossref nor DataCite has a record of the DOI 10.5555/unknown.' } },
    });
  });
});
