import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Database } from '@/lib/db/types';
import type { CitationSource, RefreshError, YearCount } from '@/lib/scholarly/citation-types';
import type { ScholarlyConfig } from '@/lib/scholarly/config';
import { fetchOrcid, type OrcidWork } from '@/lib/scholarly/orcid';
import { ErrorList } from '@/lib/scholarly/refresh/errors';
import { FOUND_WORKS_MAX, ORCID_PROFILE_MAX_BYTES } from '@/lib/scholarly/refresh/found-works';
import { processHolder, releaseLease, renewLease, takeLease } from '@/lib/scholarly/refresh/lease';
import { ROUTE_RUN_COVERS_MS, runRefresh } from '@/lib/scholarly/refresh/run';
import {
  dismissFoundWorks,
  dueForRun,
  listFoundWorks,
  readCitationSettings,
  readPaperCitations,
  readRefreshStatus,
  requestRefresh,
  saveCitationSettings,
} from '@/lib/scholarly/refresh/status';
import type { CitationOutcome, CountedPaper, FetchCount, FetchProfile, RunOptions } from '@/lib/scholarly/refresh/types';
import { openTestPglite } from '../helpers/db';
import { startFakeSources } from '../helpers/fake-scholarly-config';
import { FAKE_ORCID, FAKE_ORCID_MANY_WORKS, type FakeScholarlyServer } from '../helpers/fake-scholarly-server';

/**
 * The citation run (issue 46, lib/scholarly/refresh/) on the real schema (PGlite): the lease that lets one
 * holder run at a time and hands a stalled run over to the next, which resumes it; each paper's count written,
 * or kept with the reason it was not replaced; a source's 429 respected; the found works of the owner's ORCID
 * profile replaced in one transaction. The count fetcher is a fake that records its calls; the profile comes
 * from a fake, from the real fetchOrcid against the fake sources, or from a 2,000-work record.
 */

let db: Database;
let cleanup: () => Promise<void>;
let server: FakeScholarlyServer;
let config: ScholarlyConfig;

const T0 = Date.parse('2026-11-28T12:00:00.000Z');
const clock = { t: T0 };
let sleeps: number[];
let logs: string[];
let changes: number;
const HOLDER_A = 'host-a:101:aaaaaaaaaaaa';
const HOLDER_B = 'host-b:202:bbbbbbbbbbbb';
const READ_AT = '2026-11-28T11:59:00.000Z';
const OLD_READ_AT = '2026-01-01T00:00:00.000Z';

beforeAll(async () => {
  const opened = await openTestPglite();
  db = opened.db;
  cleanup = opened.cleanup;
  ({ server, config } = await startFakeSources());
});

afterAll(async () => {
  await cleanup?.();
  await server?.close();
});

beforeEach(async () => {
  await db.exec(`
    delete from public.paper_citations; delete from public.found_works; delete from public.research_papers;
    delete from public.citation_settings; delete from public.about_data;
    update public.refresh_state set lease_holder = null, lease_until = null, run_started_at = null, run_finished_at = null,
      run_trigger = null, papers_checked = 0, counts_updated = 0, works_found = 0, errors = '[]'::jsonb, requested_at = null;
  `);
  clock.t = T0;
  sleeps = [];
  logs = [];
  changes = 0;
});

// ------------------------------------------------------------------------------------------------
// Helpers

/** Paper n's id: the run goes through papers in id order, so n is their order. */
const pid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function addPaper(n: number, title: string, ids: { doi?: string; arxivId?: string } = { doi: `10.5555/paper.${n}` }, status = 'published') {
  await db.query('insert into public.research_papers (id, title, authors, journal, doi, arxiv_id, status) values ($1, $2, $3::text[], $4, $5, $6, $7)', [
    pid(n),
    title,
    ['Alex Morgan'],
    'Journal of Tests',
    ids.doi ?? null,
    ids.arxivId ?? null,
    status,
  ]);
}

/** A count stored by an earlier run, two days ago. */
async function addCount(n: number, citedBy: number, byYear: YearCount[] = []) {
  await db.query(
    `insert into public.paper_citations (paper_id, source, cited_by, by_year, citing_url, read_at, checked_at)
     values ($1, 'openalex', $2, $3::jsonb, 'https://openalex.example/cites/old', $4, now() - interval '2 days')`,
    [pid(n), citedBy, JSON.stringify(byYear), OLD_READ_AT],
  );
}

async function setOwnerOrcid(orcid: string | null) {
  const links = orcid ? [{ kind: 'github', label: '', url: 'https://github.com/alex' }, { kind: 'orcid', label: '', url: `https://orcid.org/${orcid}` }] : [];
  await db.query(`insert into public.about_data (name, links) values ('Alex Morgan', $1::jsonb)`, [JSON.stringify(links)]);
}

function ok(citedBy: number, byYear: YearCount[] = [], source: CitationSource = 'openalex'): CitationOutcome {
  return { ok: true, count: { source, citedBy, byYear, citingUrl: `https://openalex.example/cites/${citedBy}`, readAt: READ_AT } };
}

const failure = (kind: Exclude<CitationOutcome, { ok: true }>['kind'], reason: string, extra: { source?: CitationSource; retryAfterSeconds?: number } = {}): CitationOutcome => ({
  ok: false,
  source: extra.source ?? 'openalex',
  kind,
  reason,
  ...(extra.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: extra.retryAfterSeconds }),
});

interface Call {
  title: string;
  paused: CitationSource[];
  at: number;
}

/** A count fetcher answering `answer`, recording each call (the paper's title, the sources it was told were paused, the clock). */
function fakeCounts(answer: (paper: CountedPaper, call: Call) => CitationOutcome | Promise<CitationOutcome>) {
  const calls: Call[] = [];
  const fetchCount: FetchCount = async (paper, _config, options) => {
    const call = { title: paper.title, paused: [...(options?.paused ?? [])].sort(), at: clock.t };
    calls.push(call);
    return answer(paper, call);
  };
  return { calls, fetchCount };
}

const noProfile: FetchProfile = async () => {
  throw new Error('The profile was not to be read.');
};

function options(fetchCount: FetchCount, overrides: Partial<RunOptions> = {}): RunOptions {
  return {
    db,
    config,
    fetchCount,
    fetchProfile: noProfile,
    holder: HOLDER_A,
    trigger: 'admin',
    now: () => clock.t,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock.t += ms;
    },
    log: (message) => logs.push(message),
    onChanged: () => {
      changes += 1;
    },
    ...overrides,
  };
}

interface CountRow {
  paper_id: string;
  source: string;
  cited_by: number;
  by_year: YearCount[];
  citing_url: string | null;
  read_at: string;
  problem: string | null;
  in_run: boolean;
}

/** Every stored count, by paper number; in_run: checked since the run started. */
async function storedCounts() {
  const { rows } = await db.query<Omit<CountRow, 'read_at'> & { read_at: Date }>(
    `select paper_id, source, cited_by, by_year, citing_url, read_at, problem,
            checked_at >= (select run_started_at from public.refresh_state where id) as in_run
       from public.paper_citations order by paper_id`,
  );
  return Object.fromEntries(rows.map(({ paper_id, ...row }) => [Number(paper_id.slice(-12)), { ...row, read_at: row.read_at.toISOString() }]));
}

async function state() {
  const { rows } = await db.query<{
    lease_holder: string | null;
    started: boolean;
    finished: boolean;
    run_trigger: string | null;
    papers_checked: number;
    counts_updated: number;
    works_found: number;
    errors: RefreshError[];
    requested: boolean;
  }>(
    `select lease_holder, run_started_at is not null as started, run_finished_at is not null as finished, run_trigger,
            papers_checked, counts_updated, works_found, errors, requested_at is not null as requested
       from public.refresh_state where id`,
  );
  return rows[0]!;
}

async function foundRows() {
  const { rows } = await db.query<{ key: string; title: string; work_type: string; doi: string | null; arxiv_id: string | null; year: number | null; dismissed: boolean }>(
    'select key, title, work_type, doi, arxiv_id, year, dismissed_at is not null as dismissed from public.found_works order by key',
  );
  return rows;
}

const at = (ms: number) => new Date(ms).toISOString();

function work(putCode: string, title: string, date: string | null, ids: { doi?: string; arxivId?: string } = {}, type = 'journal-article'): OrcidWork {
  return { putCode, title, type, date, journal: 'Journal of Tests', doi: ids.doi ?? null, arxivId: ids.arxivId ?? null, url: null };
}

function profileOf(works: OrcidWork[]): FetchProfile {
  return async () => ({ ok: true, profile: { name: 'Alex Morgan', works } });
}

// ------------------------------------------------------------------------------------------------

describe('the lease', () => {
  it('is held by one holder at a time, taken over once its time has run out, and released only by its holder', async () => {
    expect(await takeLease(db, HOLDER_A, 60_000)).toBe(true);
    expect(await takeLease(db, HOLDER_B, 60_000)).toBe(false);
    expect(await renewLease(db, HOLDER_B, 60_000)).toBe(false);
    expect(await takeLease(db, HOLDER_A, 60_000)).toBe(true);
    expect(await renewLease(db, HOLDER_A, 60_000)).toBe(true);

    // A crashed: its lease runs out by the database's clock.
    await db.query(`update public.refresh_state set lease_until = now() - interval '1 second'`);
    expect(await takeLease(db, HOLDER_B, 60_000)).toBe(true);
    expect(await renewLease(db, HOLDER_A, 60_000)).toBe(false);
    await releaseLease(db, HOLDER_A);
    expect((await state()).lease_holder).toBe(HOLDER_B);
    await releaseLease(db, HOLDER_B);
    expect((await state()).lease_holder).toBeNull();
  });

  it('puts refresh_state’s row back when it is missing', async () => {
    await db.query('delete from public.refresh_state');
    expect(await takeLease(db, HOLDER_A, 60_000)).toBe(true);
    expect(await takeLease(db, HOLDER_B, 60_000)).toBe(false);
    expect((await state()).lease_holder).toBe(HOLDER_A);
  });

  it('names this process once: host, pid and a random part', () => {
    const holder = processHolder();
    expect(holder).toMatch(new RegExp(`^.+:${process.pid}:[0-9a-f]{12}$`));
    expect(processHolder()).toBe(holder);
  });
});

describe('a run’s counts', () => {
  it('asks every paper with a DOI or arXiv id, drafts included, in id order, and stores each count with its years as given', async () => {
    await addPaper(1, 'New count (a draft)', { arxivId: '2403.01234v2' }, 'draft');
    await addPaper(2, 'Same count', { doi: '10.5555/same' });
    await addPaper(3, 'Changed count', { doi: '10.5555/changed' });
    await addPaper(4, 'Changed years', { doi: '10.5555/years' });
    await addPaper(5, 'No identifier', {});
    await addCount(2, 4, [{ year: 2024, count: 4 }]);
    await addCount(3, 3, [{ year: 2024, count: 3 }]);
    await addCount(4, 6, [{ year: 2024, count: 6 }]);
    const fake = fakeCounts((paper) => {
      if (paper.title.startsWith('New')) return ok(12, [{ year: 2023, count: 5 }, { year: 2024, count: 7 }]);
      if (paper.title === 'Same count') return ok(4, [{ year: 2024, count: 4 }]);
      if (paper.title === 'Changed count') return ok(8, [{ year: 2024, count: 3 }, { year: 2025, count: 5 }], 'crossref');
      return ok(6, [{ year: 2024, count: 2 }, { year: 2025, count: 4 }]);
    });

    const result = await runRefresh(options(fake.fetchCount, { trigger: 'schedule' }));

    expect(result).toEqual({ ran: true, resumed: false, finished: true, stopped: null, papersChecked: 4, countsUpdated: 3, worksFound: 0, errors: [] });
    expect(fake.calls.map((call) => call.title)).toEqual(['New count (a draft)', 'Same count', 'Changed count', 'Changed years']);
    expect(await storedCounts()).toEqual({
      1: { source: 'openalex', cited_by: 12, by_year: [{ year: 2023, count: 5 }, { year: 2024, count: 7 }], citing_url: 'https://openalex.example/cites/12', read_at: READ_AT, problem: null, in_run: true },
      2: { source: 'openalex', cited_by: 4, by_year: [{ year: 2024, count: 4 }], citing_url: 'https://openalex.example/cites/4', read_at: READ_AT, problem: null, in_run: true },
      3: { source: 'crossref', cited_by: 8, by_year: [{ year: 2024, count: 3 }, { year: 2025, count: 5 }], citing_url: 'https://openalex.example/cites/8', read_at: READ_AT, problem: null, in_run: true },
      4: { source: 'openalex', cited_by: 6, by_year: [{ year: 2024, count: 2 }, { year: 2025, count: 4 }], citing_url: 'https://openalex.example/cites/6', read_at: READ_AT, problem: null, in_run: true },
    });
    expect(await state()).toEqual({
      lease_holder: null,
      started: true,
      finished: true,
      run_trigger: 'schedule',
      papers_checked: 4,
      counts_updated: 3,
      works_found: 0,
      errors: [],
      requested: false,
    });
    expect(changes).toBe(1);
    const read = await readPaperCitations(db);
    expect(read.get(pid(1))).toMatchObject({ paperId: pid(1), source: 'openalex', citedBy: 12, byYear: [{ year: 2023, count: 5 }, { year: 2024, count: 7 }], readAt: READ_AT, problem: null });
    expect([...read.keys()].sort()).toEqual([pid(1), pid(2), pid(3), pid(4)]);
  });

  it('lets one of two holders run on one database; the other is told it is held', async () => {
    for (let n = 1; n <= 3; n += 1) await addPaper(n, `Paper ${n}`);
    const fake = fakeCounts(() => ok(1));
    const results = await Promise.all([runRefresh(options(fake.fetchCount, { holder: HOLDER_A })), runRefresh(options(fake.fetchCount, { holder: HOLDER_B }))]);
    expect(results.filter((result) => result.ran)).toHaveLength(1);
    expect(results.filter((result) => !result.ran)).toEqual([{ ran: false, reason: 'held' }]);
    expect(fake.calls.map((call) => call.title)).toEqual(['Paper 1', 'Paper 2', 'Paper 3']);

    // Nor do two runs of one holder (the schedule and Refresh now in one process), though its lease is its own.
    const same = await Promise.all([runRefresh(options(fake.fetchCount, { holder: HOLDER_A })), runRefresh(options(fake.fetchCount, { holder: HOLDER_A }))]);
    expect(same.map((result) => result.ran)).toEqual([true, false]);
    expect(fake.calls).toHaveLength(6);

    // Once it is over, the other runs: a new run, which asks every paper again.
    const again = await runRefresh(options(fake.fetchCount, { holder: HOLDER_B }));
    expect(again).toMatchObject({ ran: true, resumed: false, finished: true, papersChecked: 3, countsUpdated: 0 });
    expect(fake.calls).toHaveLength(9);
  });

  it("asked by the outside scheduler on an instance that takes the lease after another's run has ended, runs nothing when that run started within a minute", async () => {
    for (let n = 1; n <= 2; n += 1) await addPaper(n, `Paper ${n}`);
    const fake = fakeCounts(() => ok(1));
    // The scheduler calls two instances at once; one runs, the other gets to the lease only afterwards.
    expect(await runRefresh(options(fake.fetchCount, { holder: HOLDER_A, trigger: 'route' }))).toMatchObject({ ran: true, finished: true });
    expect(await runRefresh(options(fake.fetchCount, { holder: HOLDER_B, trigger: 'route' }))).toEqual({ ran: false, reason: 'just-ran' });
    expect(fake.calls).toHaveLength(2);
    expect(await state()).toMatchObject({ lease_holder: null, finished: true, run_trigger: 'route' });

    // Refresh now and the schedule are not the scheduler's calls: they run.
    expect(await runRefresh(options(fake.fetchCount, { holder: HOLDER_B, trigger: 'admin' }))).toMatchObject({ ran: true, finished: true });
    expect(fake.calls).toHaveLength(4);

    // Once the last run started more than ROUTE_RUN_COVERS_MS ago, the scheduler's next call runs.
    await db.query(`update public.refresh_state set run_started_at = now() - $1 * interval '1 millisecond' - interval '1 second'`, [ROUTE_RUN_COVERS_MS]);
    expect(await runRefresh(options(fake.fetchCount, { holder: HOLDER_A, trigger: 'route' }))).toMatchObject({ ran: true, finished: true });
    expect(fake.calls).toHaveLength(6);
  });

  it('is taken over when its holder stalls past its lease: the next holder resumes it, and the stalled one writes nothing more', async () => {
    for (let n = 1; n <= 6; n += 1) await addPaper(n, `Paper ${n}`);
    await addCount(4, 40);
    let stalled!: () => void;
    const stall = new Promise<void>((resolve) => (stalled = resolve));
    let reachedStall!: () => void;
    const reached = new Promise<void>((resolve) => (reachedStall = resolve));
    let stalledCalls = 0;
    const first = fakeCounts(async (paper) => {
      const n = Number(paper.title.slice(6));
      if (n >= 3) {
        stalledCalls += 1;
        if (stalledCalls === 2) reachedStall();
        await stall;
      }
      return ok(n);
    });
    const running = runRefresh(options(first.fetchCount, { holder: HOLDER_A, trigger: 'schedule', pageSize: 2 }));
    await reached;
    // Page one (papers 1 and 2) is written; papers 3 and 4 are being asked. A's lease runs out.
    expect(await state()).toMatchObject({ lease_holder: HOLDER_A, finished: false, papers_checked: 2 });
    await db.query(`update public.refresh_state set lease_until = now() - interval '1 second'`);

    const second = fakeCounts((paper) => ok(100 + Number(paper.title.slice(6))));
    const resumed = await runRefresh(options(second.fetchCount, { holder: HOLDER_B, trigger: 'admin', pageSize: 2 }));
    expect(resumed).toEqual({ ran: true, resumed: true, finished: true, stopped: null, papersChecked: 6, countsUpdated: 6, worksFound: 0, errors: [] });
    expect(second.calls.map((call) => call.title)).toEqual(['Paper 3', 'Paper 4', 'Paper 5', 'Paper 6']);

    // A wakes up: its answers for papers 3 and 4 are not written over B's.
    stalled();
    expect(await running).toEqual({ ran: true, resumed: false, finished: false, stopped: 'lease-lost', papersChecked: 2, countsUpdated: 2, worksFound: 0, errors: [] });
    expect(first.calls.map((call) => call.title)).toEqual(['Paper 1', 'Paper 2', 'Paper 3', 'Paper 4']);
    expect(Object.fromEntries(Object.entries(await storedCounts()).map(([n, row]) => [n, row.cited_by]))).toEqual({ 1: 1, 2: 2, 3: 103, 4: 104, 5: 105, 6: 106 });
    // The resumed run keeps what it was started for.
    expect(await state()).toMatchObject({ lease_holder: null, finished: true, run_trigger: 'schedule', papers_checked: 6, counts_updated: 6 });
  });

  it('stops at once, writing nothing more, when renewing its lease fails', async () => {
    for (let n = 1; n <= 3; n += 1) await addPaper(n, `Paper ${n}`);
    // Another holder takes the lease right after the first count is written (as after a stall).
    await db.exec(`
      create function test_take_lease() returns trigger language plpgsql as $$
      begin
        update public.refresh_state set lease_holder = 'thief', lease_until = now() + interval '1 hour' where id;
        return new;
      end $$;
      create trigger test_take_lease after insert on public.paper_citations for each row execute function test_take_lease();
    `);
    try {
      const fake = fakeCounts(() => ok(7));
      const result = await runRefresh(options(fake.fetchCount, { pageSize: 1 }));
      expect(result).toEqual({ ran: true, resumed: false, finished: false, stopped: 'lease-lost', papersChecked: 1, countsUpdated: 1, worksFound: 0, errors: [] });
      expect(fake.calls.map((call) => call.title)).toEqual(['Paper 1']);
      expect(Object.keys(await storedCounts())).toEqual(['1']);
      // The page's progress was to be written with the renewal, which failed: the thief's lease stands.
      expect(await state()).toMatchObject({ lease_holder: 'thief', finished: false, papers_checked: 0 });
    } finally {
      await db.exec('drop trigger test_take_lease on public.paper_citations; drop function test_take_lease();');
    }
  });

  it('keeps the stored count after a failure, saying why, and records the failure as an error; a paper without an identifier is no error', async () => {
    await addPaper(1, 'Counted before');
    await addPaper(2, 'Never counted');
    await addPaper(3, 'Unusable identifier');
    await addCount(1, 5, [{ year: 2023, count: 2 }, { year: 2024, count: 3 }]);
    const fake = fakeCounts((paper) => {
      if (paper.title === 'Counted before') return failure('server-error', 'OpenAlex answered with an error (503).');
      if (paper.title === 'Never counted') return failure('not-found', 'Neither OpenAlex nor Crossref knows this paper.', { source: 'crossref' });
      return failure('no-identifier', 'This paper has no DOI or arXiv id.');
    });
    const result = await runRefresh(options(fake.fetchCount));
    const errors = [
      { at: at(T0), what: 'Counted before', message: 'OpenAlex answered with an error (503).' },
      { at: at(T0), what: 'Never counted', message: 'Neither OpenAlex nor Crossref knows this paper.' },
    ];
    expect(result).toEqual({ ran: true, resumed: false, finished: true, stopped: null, papersChecked: 2, countsUpdated: 0, worksFound: 0, errors });
    expect(await storedCounts()).toEqual({
      1: {
        source: 'openalex',
        cited_by: 5,
        by_year: [{ year: 2023, count: 2 }, { year: 2024, count: 3 }],
        citing_url: 'https://openalex.example/cites/old',
        read_at: OLD_READ_AT,
        problem: 'OpenAlex answered with an error (503).',
        in_run: true,
      },
    });
    expect(await state()).toMatchObject({ finished: true, papers_checked: 2, counts_updated: 0, errors });
    expect(logs).toEqual(['Counted before: OpenAlex answered with an error (503).', 'Never counted: Neither OpenAlex nor Crossref knows this paper.']);
    expect(fake.calls).toHaveLength(3);
    expect(changes).toBe(1);
  });

  it('writes no count from a refused answer, nor one that fails the table’s checks', async () => {
    await addPaper(1, 'Counted before');
    await addPaper(2, 'Never counted');
    await addPaper(3, 'Impossible count');
    await addCount(1, 5);
    const fake = fakeCounts((paper) => {
      if (paper.title === 'Impossible count') return ok(2_000_000);
      return failure('refused', 'OpenAlex’s record has another title; its count was not taken.');
    });
    const result = await runRefresh(options(fake.fetchCount));
    expect(result).toMatchObject({ finished: true, papersChecked: 3, countsUpdated: 0 });
    expect(result.ran && result.errors.map(({ what, message }) => [what, message])).toEqual([
      ['Counted before', 'OpenAlex’s record has another title; its count was not taken.'],
      ['Never counted', 'OpenAlex’s record has another title; its count was not taken.'],
      ['Impossible count', 'The count given (2000000) cannot be right.'],
    ]);
    expect(await storedCounts()).toEqual({
      1: {
        source: 'openalex',
        cited_by: 5,
        by_year: [],
        citing_url: 'https://openalex.example/cites/old',
        read_at: OLD_READ_AT,
        problem: 'OpenAlex’s record has another title; its count was not taken.',
        in_run: true,
      },
    });
  });

  it('keeps 50 errors at most, the last saying how many more there were, and logs every one', async () => {
    for (let n = 1; n <= 60; n += 1) await addPaper(n, `Paper ${n}`);
    const fake = fakeCounts((paper) => failure('server-error', `No answer for ${paper.title}.`));
    const result = await runRefresh(options(fake.fetchCount));
    const { errors } = await state();
    expect(errors).toHaveLength(50);
    expect(errors[48]).toEqual({ at: at(T0), what: 'Paper 49', message: 'No answer for Paper 49.' });
    expect(errors[49]).toEqual({ at: at(T0), what: 'Further problems', message: 'and 11 more, each written to the server\'s log.' });
    expect(result.ran && result.errors).toEqual(errors);
    expect(logs).toHaveLength(60);
    expect(logs[59]).toBe('Paper 60: No answer for Paper 60.');

    // A resumed run reads the count of further errors back and goes on from it.
    const list = new ErrorList(errors);
    list.add({ at: at(T0), what: 'Paper 61', message: 'No answer.' });
    expect(list.list()).toHaveLength(50);
    expect(list.list()[49]!.message).toBe('and 12 more, each written to the server\'s log.');
    expect(list.total).toBe(61);
  });

  it('pauses a source after a 429 (60 s without Retry-After), asks it nothing meanwhile, and asks the papers it kept back after the pause', async () => {
    for (let n = 1; n <= 4; n += 1) await addPaper(n, `Paper ${n}`);
    let limited = false;
    const sourceCalls: [string, number][] = [];
    const fake = fakeCounts((paper, call) => {
      if (call.paused.includes('openalex')) return failure('paused', 'OpenAlex is paused.');
      sourceCalls.push([paper.title, call.at]);
      if (paper.title === 'Paper 1' && !limited) {
        limited = true;
        return failure('rate-limited', 'OpenAlex is limiting requests.');
      }
      return ok(Number(paper.title.slice(6)));
    });
    const result = await runRefresh(options(fake.fetchCount, { pageSize: 1 }));
    expect(result).toEqual({ ran: true, resumed: false, finished: true, stopped: null, papersChecked: 4, countsUpdated: 4, worksFound: 0, errors: [] });
    expect(fake.calls.map(({ title, paused }) => [title, paused.join()])).toEqual([
      ['Paper 1', ''],
      ['Paper 2', 'openalex'],
      ['Paper 3', 'openalex'],
      ['Paper 4', 'openalex'],
      ['Paper 1', ''],
      ['Paper 2', ''],
      ['Paper 3', ''],
      ['Paper 4', ''],
    ]);
    expect(sourceCalls).toEqual([
      ['Paper 1', T0],
      ['Paper 1', T0 + 60_000],
      ['Paper 2', T0 + 60_000],
      ['Paper 3', T0 + 60_000],
      ['Paper 4', T0 + 60_000],
    ]);
    // The wait is cut into thirds of the lease (2 minutes), each followed by a renewal.
    expect(sleeps).toEqual([40_000, 20_000]);
    expect(Object.keys(await storedCounts())).toEqual(['1', '2', '3', '4']);
  });

  it('does not wait out a long pause: the papers kept back keep their counts and an error says so', async () => {
    for (let n = 1; n <= 3; n += 1) await addPaper(n, `Paper ${n}`);
    await addCount(2, 9);
    const sourceCalls: string[] = [];
    const fake = fakeCounts((paper, call) => {
      if (call.paused.includes('openalex')) return failure('paused', 'OpenAlex is paused.');
      sourceCalls.push(paper.title);
      return failure('rate-limited', 'OpenAlex is limiting requests; try again in 3600 seconds.', { retryAfterSeconds: 3600 });
    });
    const result = await runRefresh(options(fake.fetchCount, { pageSize: 1 }));
    const errors = [
      {
        at: at(T0),
        what: 'Citation counts',
        message: `3 papers were not asked: OpenAlex asked for a pause until ${at(T0 + 3_600_000)}. They keep their counts; the next run asks them.`,
      },
    ];
    expect(result).toEqual({ ran: true, resumed: false, finished: true, stopped: null, papersChecked: 0, countsUpdated: 0, worksFound: 0, errors });
    expect(sourceCalls).toEqual(['Paper 1']);
    expect(sleeps).toEqual([]);
    expect(await storedCounts()).toEqual({ 2: expect.objectContaining({ cited_by: 9, problem: null, in_run: false }) });
    expect(await state()).toMatchObject({ finished: true, lease_holder: null, errors });
  });

  it('gives up on a source that keeps limiting after three more passes', async () => {
    await addPaper(1, 'Paper 1');
    const fake = fakeCounts((_paper, call) =>
      call.paused.includes('crossref') ? failure('paused', 'Crossref is paused.', { source: 'crossref' }) : failure('rate-limited', 'Crossref is limiting requests.', { source: 'crossref', retryAfterSeconds: 30 }),
    );
    const result = await runRefresh(options(fake.fetchCount));
    expect(fake.calls.map((call) => call.at)).toEqual([T0, T0 + 30_000, T0 + 60_000, T0 + 90_000]);
    expect(sleeps).toEqual([30_000, 30_000, 30_000]);
    expect(result.ran && result.errors).toEqual([
      { at: at(T0 + 90_000), what: 'Citation counts', message: `1 paper was not asked: Crossref asked for a pause until ${at(T0 + 120_000)}. They keep their counts; the next run asks them.` },
    ]);
    expect(result).toMatchObject({ finished: true });
  });

  it('when aborted, writes its progress and releases the lease; the next run resumes it', async () => {
    for (let n = 1; n <= 3; n += 1) await addPaper(n, `Paper ${n}`);
    const abort = new AbortController();
    const first = fakeCounts(() => {
      abort.abort();
      return ok(1);
    });
    const stopped = await runRefresh(options(first.fetchCount, { pageSize: 1, signal: abort.signal }));
    expect(stopped).toMatchObject({ ran: true, finished: false, stopped: 'aborted', papersChecked: 1 });
    expect(await state()).toMatchObject({ lease_holder: null, finished: false, papers_checked: 1 });
    expect(await dueForRun(db, { showOnSite: false, showOnCv: false, refreshHours: 0 })).toBe(true);

    const second = fakeCounts(() => ok(2));
    expect(await runRefresh(options(second.fetchCount, { holder: HOLDER_B }))).toMatchObject({ resumed: true, finished: true, papersChecked: 3 });
    expect(second.calls.map((call) => call.title)).toEqual(['Paper 2', 'Paper 3']);
  });
});

// ------------------------------------------------------------------------------------------------

describe('a run’s found works', () => {
  // The papers here have no count to find: no row is written and no error recorded.
  const noCounts = fakeCounts(() => failure('no-identifier', 'No count here.'));

  it('stores the profile’s works that are not on the site and not dismissed, replacing the found works of the last run', async () => {
    await setOwnerOrcid(FAKE_ORCID);
    await addPaper(1, 'A paper on the site', { doi: '10.1000/ONSITE' });
    await addPaper(2, 'Zeros of L-Functions', {});
    await db.exec(`
      insert into public.found_works (key, orcid, put_code, title, year, found_at) values
        ('doi:10.1000/new.1', '${FAKE_ORCID}', '1', 'Old title', 2024, '2026-01-01T00:00:00Z'),
        ('doi:10.1000/gone', '${FAKE_ORCID}', '9', 'No longer on the profile', 2020, '2026-01-01T00:00:00Z');
      insert into public.found_works (key, orcid, put_code, title, dismissed_at) values
        ('doi:10.1000/dismissed', '${FAKE_ORCID}', '6', 'Dismissed', '2026-02-01T00:00:00Z');
    `);
    const profile = [
      work('1', 'A new article', '2024-05-01', { doi: '10.1000/NEW.1' }),
      work('2', 'A preprint', '2023-01-01', { arxivId: '2401.00001v2' }, 'preprint'),
      work('3', 'A note on sieves', null),
      work('4', 'The same paper, another title', '2022-01-01', { doi: '10.1000/onsite' }),
      work('5', 'Zeros of L-functions', '2021-01-01'),
      work('6', 'Dismissed', '2020-01-01', { doi: '10.1000/Dismissed' }),
      work('7', 'A new article (again)', '2019-01-01', { doi: '10.1000/new.1' }),
    ];
    const result = await runRefresh(options(noCounts.fetchCount, { fetchProfile: profileOf(profile) }));
    expect(result).toEqual({ ran: true, resumed: false, finished: true, stopped: null, papersChecked: 0, countsUpdated: 0, worksFound: 3, errors: [] });
    expect(await foundRows()).toEqual([
      { key: 'arxiv:2401.00001', title: 'A preprint', work_type: 'preprint', doi: null, arxiv_id: '2401.00001v2', year: 2023, dismissed: false },
      { key: 'doi:10.1000/dismissed', title: 'Dismissed', work_type: '', doi: null, arxiv_id: null, year: null, dismissed: true },
      { key: 'doi:10.1000/new.1', title: 'A new article', work_type: 'journal-article', doi: '10.1000/NEW.1', arxiv_id: null, year: 2024, dismissed: false },
      { key: `orcid:${FAKE_ORCID}/3`, title: 'A note on sieves', work_type: 'journal-article', doi: null, arxiv_id: null, year: null, dismissed: false },
    ]);
    const listed = await listFoundWorks(db);
    expect(listed.map((found) => found.key)).toEqual(['doi:10.1000/new.1', 'arxiv:2401.00001', `orcid:${FAKE_ORCID}/3`]);
    // A work found before keeps the time it was first found.
    expect(listed[0]!.foundAt).toBe('2026-01-01T00:00:00.000Z');
    expect(changes).toBe(1);
    expect((await state()).works_found).toBe(3);

    // The preprint is added to the site and the article dismissed: the next run offers neither.
    await addPaper(3, 'A preprint, as added', { arxivId: '2401.00001' });
    expect(await dismissFoundWorks(db, ['doi:10.1000/new.1', 'doi:10.1000/unknown'])).toBe(1);
    expect((await state()).works_found).toBe(2);
    const again = await runRefresh(options(noCounts.fetchCount, { fetchProfile: profileOf(profile) }));
    expect(again).toMatchObject({ finished: true, worksFound: 1 });
    expect((await foundRows()).map(({ key, dismissed }) => [key, dismissed])).toEqual([
      ['doi:10.1000/dismissed', true],
      ['doi:10.1000/new.1', true],
      [`orcid:${FAKE_ORCID}/3`, false],
    ]);

    // Nothing changed: nothing is written and the cache is left alone.
    changes = 0;
    await runRefresh(options(noCounts.fetchCount, { fetchProfile: profileOf(profile) }));
    expect(changes).toBe(0);
  });

  it('reads the owner’s profile with the real ORCID client: 240 works without identifiers, each its own key', async () => {
    await setOwnerOrcid(FAKE_ORCID_MANY_WORKS);
    const result = await runRefresh(options(noCounts.fetchCount, { fetchProfile: fetchOrcid }));
    expect(result).toMatchObject({ finished: true, worksFound: 240, errors: [] });
    const keys = (await foundRows()).map((row) => row.key);
    expect(keys).toHaveLength(240);
    expect(new Set(keys)).toEqual(new Set(Array.from({ length: 240 }, (_, index) => `orcid:${FAKE_ORCID_MANY_WORKS}/${2_000_000 + index}`)));
  });

  it('bounds a profile of 2,000 works: read past a lookup’s 2 MB, the 500 most recent not on the site kept', async () => {
    const orcid = '0000-0001-5109-3700';
    await setOwnerOrcid(orcid);
    await addPaper(1, 'On the site', { doi: '10.5555/BULK.0' });
    const body = bulkRecord(orcid, 2000);
    expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(body.length).toBeLessThan(ORCID_PROFILE_MAX_BYTES);
    const asked: string[] = [];
    const fetchImpl = (async (url: URL | string) => {
      asked.push(String(url));
      return new Response(body, { status: 200, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } });
    }) as typeof fetch;
    const bulkConfig = { ...config, fetchImpl };

    // What the lookup's own bound gives for it.
    const bounded = await fetchOrcid(orcid, bulkConfig);
    expect(bounded.ok === false && bounded.problem.kind).toBe('too-large');

    const result = await runRefresh({ ...options(noCounts.fetchCount, { fetchProfile: fetchOrcid }), config: bulkConfig });
    expect(result).toMatchObject({ finished: true, worksFound: FOUND_WORKS_MAX, errors: [] });
    const keys = (await foundRows()).map((row) => row.key);
    // Work 0 is the most recent, but on the site: works 1 to 500 are kept.
    expect(new Set(keys)).toEqual(new Set(Array.from({ length: 500 }, (_, index) => `doi:10.5555/bulk.${index + 1}`)));
    expect(asked).toEqual([`${config.orcid}/v3.0/${orcid}/record`, `${config.orcid}/v3.0/${orcid}/record`]);
  });

  it('keeps the found works when the profile cannot be read', async () => {
    await setOwnerOrcid(FAKE_ORCID);
    await db.exec(`insert into public.found_works (key, orcid, put_code, title) values ('doi:10.1000/a', '${FAKE_ORCID}', '1', 'A'), ('doi:10.1000/b', '${FAKE_ORCID}', '2', 'B')`);
    const unreadable: FetchProfile = async () => ({ ok: false, problem: { kind: 'server-error', source: 'ORCID', message: 'ORCID answered with an error (503); try again later.' } });
    const result = await runRefresh(options(noCounts.fetchCount, { fetchProfile: unreadable }));
    expect(result).toEqual({
      ran: true,
      resumed: false,
      finished: true,
      stopped: null,
      papersChecked: 0,
      countsUpdated: 0,
      worksFound: 2,
      errors: [{ at: at(T0), what: `ORCID profile ${FAKE_ORCID}`, message: 'ORCID answered with an error (503); try again later.' }],
    });
    expect((await foundRows()).map((row) => row.key)).toEqual(['doi:10.1000/a', 'doi:10.1000/b']);
    expect(changes).toBe(0);
  });

  it('skips the profile when the owner gives no ORCID iD', async () => {
    await setOwnerOrcid(null);
    const result = await runRefresh(options(noCounts.fetchCount));
    expect(result).toMatchObject({ finished: true, worksFound: 0, errors: [] });
  });

  it('writes none of the found works when their transaction fails, and ends the run with the error', async () => {
    await setOwnerOrcid(FAKE_ORCID);
    await addPaper(1, 'Paper 1');
    await db.exec(`
      insert into public.found_works (key, orcid, put_code, title) values
        ('doi:10.1000/kept', '${FAKE_ORCID}', '1', 'Old title'), ('doi:10.1000/gone', '${FAKE_ORCID}', '2', 'Gone from the profile');
      create function test_refuse_found() returns trigger language plpgsql as $$
      begin
        if old.key = 'doi:10.1000/gone' then raise exception 'test: refused'; end if;
        return old;
      end $$;
      create trigger test_refuse_found before delete on public.found_works for each row execute function test_refuse_found();
    `);
    try {
      const before = await foundRows();
      const fake = fakeCounts(() => ok(3));
      // The new work is inserted and the kept one's title changed before the delete fails: all of it is undone.
      const profile = profileOf([work('1', 'New title', '2024-01-01', { doi: '10.1000/kept' }), work('3', 'Another new work', '2023-01-01', { doi: '10.1000/new' })]);
      await expect(runRefresh(options(fake.fetchCount, { fetchProfile: profile }))).rejects.toThrow('test: refused');
      expect(await foundRows()).toEqual(before);
      const after = await state();
      expect(after).toMatchObject({ lease_holder: null, finished: true, papers_checked: 1, works_found: 2 });
      expect(after.errors).toEqual([{ at: at(T0), what: 'The run', message: 'Stopped by an unexpected error: test: refused' }]);
      // The paper's count, written before, stands; the cache is told.
      expect((await storedCounts())[1]).toMatchObject({ cited_by: 3 });
      expect(changes).toBe(1);
    } finally {
      await db.exec('drop trigger test_refuse_found on public.found_works; drop function test_refuse_found();');
    }
  });
});

// ------------------------------------------------------------------------------------------------

describe('the run’s status and settings', () => {
  it('reads the defaults until settings are saved, and refuses an interval the schedule does not have', async () => {
    expect(await readCitationSettings(db)).toEqual({ showOnSite: false, showOnCv: false, refreshHours: 24 });
    expect(await saveCitationSettings(db, { showOnSite: true, showOnCv: false, refreshHours: 6 })).toEqual({ showOnSite: true, showOnCv: false, refreshHours: 6 });
    expect(await saveCitationSettings(db, { showOnSite: true, showOnCv: true, refreshHours: 168 })).toEqual({ showOnSite: true, showOnCv: true, refreshHours: 168 });
    await expect(saveCitationSettings(db, { showOnSite: true, showOnCv: true, refreshHours: 5 as 6 })).rejects.toThrow(RangeError);
    expect(await readCitationSettings(db)).toEqual({ showOnSite: true, showOnCv: true, refreshHours: 168 });
  });

  it('says when the next run is due, whether one is running, and whether Refresh now was asked for', async () => {
    const daily = { showOnSite: false, showOnCv: false, refreshHours: 24 } as const;
    const off = { ...daily, refreshHours: 0 } as const;
    // Never run: due now on a schedule, never without one.
    expect(await readRefreshStatus(db, daily, T0)).toEqual({
      running: false,
      trigger: null,
      startedAt: null,
      finishedAt: null,
      papersChecked: 0,
      countsUpdated: 0,
      worksFound: 0,
      errors: [],
      nextRunAt: at(T0),
      requested: false,
    });
    expect(await dueForRun(db, daily)).toBe(true);
    expect(await dueForRun(db, off)).toBe(false);

    // Refresh now: due even without a schedule; the run clears it.
    await requestRefresh(db);
    expect((await readRefreshStatus(db, off, T0)).requested).toBe(true);
    expect(await dueForRun(db, off)).toBe(true);
    await addPaper(1, 'Paper 1');
    await runRefresh(options(fakeCounts(() => ok(2)).fetchCount, { trigger: 'admin' }));
    const status = await readRefreshStatus(db, daily, T0);
    expect(status).toMatchObject({ running: false, trigger: 'admin', papersChecked: 1, countsUpdated: 1, requested: false });
    expect(status.nextRunAt).toBe(at(Date.parse(status.finishedAt!) + 24 * 3_600_000));
    expect((await readRefreshStatus(db, off, T0)).nextRunAt).toBeNull();
    expect(await dueForRun(db, daily)).toBe(false);
    expect(await dueForRun(db, off)).toBe(false);

    // A day later it is due; not while another holds the lease.
    await db.query(`update public.refresh_state set run_started_at = now() - interval '25 hours', run_finished_at = now() - interval '24 hours 1 second'`);
    expect(await dueForRun(db, daily)).toBe(true);
    expect(await takeLease(db, HOLDER_B, 60_000)).toBe(true);
    expect((await readRefreshStatus(db, daily, T0)).running).toBe(true);
    expect(await dueForRun(db, daily)).toBe(false);
    // Its holder crashed: the lease ran out, and an unfinished run is due at once.
    await db.query(`update public.refresh_state set lease_until = now() - interval '1 second', run_finished_at = null`);
    expect((await readRefreshStatus(db, off, T0)).running).toBe(false);
    expect(await dueForRun(db, off)).toBe(true);
  });
});

// ------------------------------------------------------------------------------------------------

/**
 * An ORCID record of `count` works in the form ORCID gives (each work with two sources' summaries, as in
 * tests/fixtures/scholarly/orcid-record.json), oldest first so that the client's ordering is what puts work 0,
 * dated 31 December 2025, first; each earlier by a day. DOIs 10.5555/bulk.{i}.
 */
function bulkRecord(orcid: string, count: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const group = Array.from({ length: count }, (_, i) => {
    const day = new Date(Date.UTC(2025, 11, 31) - i * 86_400_000);
    const doi = {
      'external-id-type': 'doi',
      'external-id-value': `10.5555/bulk.${i}`,
      'external-id-normalized': { value: `10.5555/bulk.${i}`, transient: true },
      'external-id-url': { value: `https://doi.org/10.5555/bulk.${i}` },
      'external-id-relationship': 'self',
    };
    const issn = { 'external-id-type': 'issn', 'external-id-value': '0264-3561', 'external-id-normalized': { value: '0264-3561', transient: true }, 'external-id-url': null, 'external-id-relationship': 'part-of' };
    const summary = (putCode: number, source: string) => ({
      'put-code': putCode,
      'created-date': { value: 1_547_345_801_000 },
      'last-modified-date': { value: 1_547_345_806_000 },
      source: { 'source-orcid': null, 'source-client-id': { uri: 'https://orcid.org/client/0000-0001-9884-1913', path: '0000-0001-9884-1913', host: 'orcid.org' }, 'source-name': { value: source } },
      title: { title: { value: `Bulk work ${i}: on the distribution of primes in short intervals` }, subtitle: null, 'translated-title': null },
      'external-ids': { 'external-id': [doi, issn] },
      url: { value: `https://doi.org/10.5555/bulk.${i}` },
      type: 'journal-article',
      'publication-date': { year: { value: String(day.getUTCFullYear()) }, month: { value: pad(day.getUTCMonth() + 1) }, day: { value: pad(day.getUTCDate()) } },
      'journal-title': { value: 'Journal of Psychoceramics' },
      visibility: 'public',
      path: `/${orcid}/work/${putCode}`,
      'display-index': '1',
    });
    return {
      'last-modified-date': { value: 1_547_345_807_000 },
      'external-ids': { 'external-id': [doi] },
      'work-summary': [summary(3_000_000 + 2 * i, 'Crossref'), summary(3_000_001 + 2 * i, 'Alex Morgan')],
    };
  }).reverse();
  return JSON.stringify({
    'orcid-identifier': { uri: `https://orcid.org/${orcid}`, path: orcid, host: 'orcid.org' },
    person: { name: { 'given-names': { value: 'Alex' }, 'family-name': { value: 'Morgan' }, 'credit-name': null, visibility: 'public', path: orcid } },
    'activities-summary': { works: { 'last-modified-date': null, group, path: `/${orcid}/works` } },
    path: `/${orcid}`,
  });
}
