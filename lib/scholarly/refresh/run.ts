import 'server-only';

import { setTimeout as delay } from 'node:timers/promises';
import pLimit from 'p-limit';

import { readLinks } from '@/lib/content/about/queries';
import { ownerOrcid } from '@/lib/content/about/types';
import type { Database } from '@/lib/db/types';
import { CITATION_SOURCE_NAMES, CITED_BY_MAX, type CitationCount, type CitationSource, type RefreshError } from '../citation-types';
import { LOOKUP_REQUEST_LIMITS } from '../lookup';
import { fetchOrcid } from '../orcid';
import { ErrorList } from './errors';
import { ORCID_PROFILE_MAX_BYTES, storeFoundWorks } from './found-works';
import { holdsLease, LEASE_MS, leaseFence, releaseLease, renewLease, takeLease } from './lease';
import { readErrors } from './status';
import type { CitationOutcome, RunOptions, RunResult } from './types';

export type { CitationOutcome, FetchCount, FetchProfile, RunOptions, RunResult } from './types';

/**
 * The run (issue 46): every paper's citation count asked again, then the owner's ORCID profile read for works
 * the site does not have. One server at a time runs it, under the lease (lease.ts); its progress is in
 * public.refresh_state, so the dashboard follows it and a run that stopped part-way is resumed.
 *
 * Papers. Every paper with a DOI or arXiv id, drafts included (a draft's count is ready when it is published),
 * not checked since the run started (paper_citations.checked_at), read a page at a time in id order (a site of
 * 10,000 papers is never in memory at once), at most LOOKUP_REQUEST_LIMITS.inFlight asked at once. A count
 * that came back is written with its years (one statement); a failure keeps the count shown and says why in
 * `problem` and in the run's errors (in the papers' order, each page's once it is done). A 'no-identifier'
 * answer is no error. Where a paper with no count yet failed, there is no row to mark as checked: such a
 * paper is not written at all (a row needs a count) but remembered, for this run, in memory and behind the
 * page cursor, so neither a later page nor a retry pass asks it again; a resumed run (another process) asks
 * it once more, which is the price of writing nothing false.
 *
 * Pauses. A source that answers 429 is paused until its Retry-After (60 s when it gives none): the count
 * fetcher is told which sources are paused and does not ask them, and the papers it could not ask come back
 * 'paused'. They are left unchecked, so when the pass is over another pass finds them: after waiting the
 * pause out when it ends within SHORT_PAUSE_MS (renewing the lease meanwhile), at most RETRY_PASSES times.
 * A longer pause is not waited for: the run goes on to its end, and an error says how many papers were not
 * asked and until when the source asked to be left alone; they keep their counts and the next run asks them.
 * So the run always ends, and never asks a source during its pause.
 *
 * The lease. Renewed with every page's progress (one statement) and at least every third of its time; every
 * write of the run is fenced by it in its own statement (lease.ts leaseFence), and the found works' transaction
 * locks its row first. A holder that stalled and lost the lease to another stops at once, writing nothing
 * more; the other resumes its run. A crash loses at most the progress counters of one page (the papers
 * written are marked checked).
 *
 * Ends. A run that gets to its end is marked finished and releases the lease in one statement. One that lost
 * its lease, or was aborted (`signal`: a server shutting down, which writes its progress and releases the
 * lease), is left unfinished and is resumed by the next holder (status.ts dueForRun). An unexpected exception
 * is recorded as an error and ends the run as finished before it is thrown again: a fault that repeats would
 * otherwise be resumed, and met, at every scheduled check. When even that cannot be written (the database is
 * gone) the run stays unfinished and its lease runs out, so the next holder resumes it.
 */

/** Papers read from the database at a time. */
export const PAGE_SIZE = 50;

/** The longest pause a run waits out before asking the paused papers again. */
export const SHORT_PAUSE_MS = 2 * 60_000;

/** A 429 without Retry-After pauses its source this long; a Retry-After is taken up to a day. */
export const DEFAULT_PAUSE_SECONDS = 60;
const MAX_PAUSE_SECONDS = 24 * 3600;

/** Passes over the paused papers after the first pass, at most. */
export const RETRY_PASSES = 3;

/** What the run says of an exception it did not expect. */
export const RUN_FAILED = 'The run';

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';
const PROBLEM_MAX = 500;
const CITING_URL_MAX = 2048;

interface PaperRow {
  id: string;
  title: string;
  doi: string | null;
  arxiv_id: string | null;
  counted: boolean;
  cited_by: number | null;
  by_year: unknown;
}

type Stop = 'lease-lost' | 'aborted' | 'failed';

/** Why a count that came back cannot be stored (the checks of lib/scholarly/citations.ts, repeated as the table's own). */
function unstorable(count: CitationCount): string | null {
  if (!Number.isInteger(count.citedBy) || count.citedBy < 0 || count.citedBy > CITED_BY_MAX) return `The count given (${String(count.citedBy)}) cannot be right.`;
  if (!Array.isArray(count.byYear) || count.byYear.some((entry) => !Number.isInteger(entry?.year) || !Number.isInteger(entry?.count) || entry.count < 0)) {
    return 'The counts by year given cannot be read.';
  }
  if (count.citingUrl !== null && (typeof count.citingUrl !== 'string' || count.citingUrl.length > CITING_URL_MAX || !/^https?:\/\//i.test(count.citingUrl))) return 'The address of the citing works given cannot be used.';
  if (!Number.isFinite(Date.parse(count.readAt))) return 'The time the count was read cannot be read.';
  return null;
}

const yearsKey = (years: unknown): string =>
  JSON.stringify(Array.isArray(years) ? years.map((entry: { year?: unknown; count?: unknown } | null) => [entry?.year, entry?.count]) : []);

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** One run's state while it goes on: its counters and errors, the papers it settled, the sources it paused, its lease's last renewal. */
class Run {
  private readonly db: Database;
  private readonly holder: string;
  private readonly leaseMs: number;
  private readonly now: () => number;
  readonly log: (message: string) => void;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly limit = pLimit(LOOKUP_REQUEST_LIMITS.inFlight);

  resumed = false;
  papersChecked = 0;
  countsUpdated = 0;
  worksFound = 0;
  errors = new ErrorList();
  /** Something shown on the site was written: a count, a problem, a found work. */
  changed = false;
  stopped: Stop | null = null;

  /** The counts of the page being checked, answered and not written yet (writeCounts). */
  private pendingCounts: { paper: PaperRow; count: CitationCount }[] = [];
  /** Papers asked in this run that have no row to mark them checked (a failure before any count). */
  private readonly settled = new Set<string>();
  /** The errors of the page being checked, by paper id: added to the run's in the papers' order once it is done. */
  private readonly pageErrors = new Map<string, { what: string; message: string; at: number }>();
  /** Sources paused after a 429, until when (this.now()'s ms). */
  private readonly paused = new Map<CitationSource, number>();
  private lastRenewal: number;
  private renewing: Promise<void> | null = null;

  constructor(private readonly options: RunOptions) {
    this.db = options.db;
    this.holder = options.holder;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.now = options.now ?? Date.now;
    this.log = options.log ?? ((text) => console.warn(`Citation refresh: ${text}`));
    this.sleep = options.sleep ?? ((ms) => delay(ms, undefined, { signal: options.signal }).catch(() => undefined));
    this.lastRenewal = this.now();
  }

  private stop(reason: Stop): void {
    this.stopped ??= reason;
  }

  private checkAbort(): void {
    if (this.options.signal?.aborted) this.stop('aborted');
  }

  private addError(what: string, text: string, time: number = this.now()): void {
    const error: RefreshError = { at: new Date(time).toISOString(), what, message: text };
    this.errors.add(error);
    this.log(`${what}: ${text}`);
  }

  /** Starts a new run, or resumes the one that stopped part-way; clears Refresh now's request either way. */
  async start(): Promise<void> {
    const { rows } = await this.db.query<{ run_started_at: Date | string | null; run_finished_at: Date | string | null; papers_checked: number; counts_updated: number; works_found: number; errors: unknown }>(
      'select run_started_at, run_finished_at, papers_checked, counts_updated, works_found, errors from public.refresh_state where id',
    );
    const state = rows[0];
    this.resumed = !!state && state.run_started_at !== null && state.run_finished_at === null;
    let written;
    if (this.resumed) {
      this.papersChecked = state!.papers_checked;
      this.countsUpdated = state!.counts_updated;
      this.worksFound = state!.works_found;
      this.errors = new ErrorList(readErrors(state!.errors));
      written = await this.db.query(`update public.refresh_state set requested_at = null where id and lease_holder = $1 returning id`, [this.holder]);
    } else {
      written = await this.db.query<{ works_found: number }>(
        `update public.refresh_state
            set run_started_at = now(), run_finished_at = null, run_trigger = $2, papers_checked = 0, counts_updated = 0, errors = '[]'::jsonb,
                works_found = (select count(*) from public.found_works where dismissed_at is null), requested_at = null
          where id and lease_holder = $1
      returning works_found`,
        [this.holder, this.options.trigger],
      );
      this.worksFound = written.rows[0]?.works_found ?? 0;
    }
    if (written.rows.length === 0) this.stop('lease-lost');
  }

  /** Renews the lease when a third of its time has passed since the last renewal (one renewal at a time). */
  private async keepLease(): Promise<void> {
    if (this.stopped || this.now() - this.lastRenewal < this.leaseMs / 3) return;
    this.renewing ??= this.renew().finally(() => {
      this.renewing = null;
    });
    await this.renewing;
  }

  private async renew(): Promise<void> {
    if (await renewLease(this.db, this.holder, this.leaseMs)) this.lastRenewal = this.now();
    else this.stop('lease-lost');
  }

  /** The progress so far, written with the lease's renewal in one statement; the run stops when the lease was lost. */
  private async saveProgress(): Promise<void> {
    const { rows } = await this.db.query(
      `update public.refresh_state
          set papers_checked = $2, counts_updated = $3, works_found = $4, errors = $5::jsonb, lease_until = now() + $6 * interval '1 millisecond'
        where id and lease_holder = $1
    returning id`,
      [this.holder, this.papersChecked, this.countsUpdated, this.worksFound, JSON.stringify(this.errors.list()), this.leaseMs],
    );
    if (rows.length === 0) this.stop('lease-lost');
    else this.lastRenewal = this.now();
  }

  /** A write that touched no row: the lease was lost, or the paper went (deleted meanwhile), which is no matter. */
  private async afterMissedWrite(): Promise<void> {
    if (!(await holdsLease(this.db, this.holder))) this.stop('lease-lost');
  }

  private pausedSources(): Set<CitationSource> {
    const now = this.now();
    return new Set([...this.paused].filter(([, until]) => until > now).map(([source]) => source));
  }

  private pause(source: CitationSource, seconds: number | undefined): void {
    const wait = Number.isFinite(seconds) && seconds! > 0 ? Math.min(seconds!, MAX_PAUSE_SECONDS) : DEFAULT_PAUSE_SECONDS;
    const until = this.now() + wait * 1000;
    this.paused.set(source, Math.max(this.paused.get(source) ?? 0, until));
    this.log(`${CITATION_SOURCE_NAMES[source]} asked for a pause of ${wait} s; it is not asked until then.`);
  }

  /** One paper asked and its answer written. 'deferred': not asked (its source is paused), for a later pass. */
  private async checkPaper(paper: PaperRow): Promise<'done' | 'deferred' | 'skipped'> {
    this.checkAbort();
    await this.keepLease();
    if (this.stopped) return 'skipped';
    let outcome: CitationOutcome;
    try {
      outcome = await this.options.fetchCount({ doi: paper.doi, arxivId: paper.arxiv_id, title: paper.title }, this.options.config, {
        now: this.now,
        paused: this.pausedSources(),
      });
    } catch (error) {
      this.log(`Reading the count of "${paper.title}" failed unexpectedly: ${message(error)}`);
      outcome = { ok: false, source: 'openalex', kind: 'unreachable', reason: 'Reading its count failed unexpectedly; the next run tries again.' };
    }
    if (this.stopped) return 'skipped';
    if (outcome.ok) {
      const refusal = unstorable(outcome.count);
      if (refusal) outcome = { ok: false, source: outcome.count.source, kind: 'refused', reason: refusal };
    }
    if (outcome.ok) {
      // Written with the rest of its page, in one statement (writeCounts): a statement per paper cost the server
      // a PGlite round of its own each, 500 of them in a run of 500 papers.
      this.pendingCounts.push({ paper, count: outcome.count });
      return 'done';
    }
    switch (outcome.kind) {
      case 'no-identifier':
        this.settled.add(paper.id);
        return 'skipped';
      case 'paused':
        return 'deferred';
      case 'rate-limited':
        this.pause(outcome.source, outcome.retryAfterSeconds);
        return 'deferred';
    }
    if (paper.counted) {
      const { rows } = await this.db.query(
        `update public.paper_citations set checked_at = now(), problem = $2 where paper_id = $1 and ${leaseFence('$3')} returning paper_id`,
        [paper.id, outcome.reason.slice(0, PROBLEM_MAX), this.holder],
      );
      if (rows.length === 0) {
        await this.afterMissedWrite();
        return 'skipped';
      }
      this.changed = true;
    } else {
      this.settled.add(paper.id);
    }
    this.papersChecked += 1;
    this.pageErrors.set(paper.id, { what: paper.title, message: outcome.reason, at: this.now() });
    return 'done';
  }

  /**
   * The page's counts, in one statement carrying the lease's fence: none is written once the lease is lost. A
   * paper deleted meanwhile is left out (its row is gone); each written paper counts as checked.
   */
  private async writeCounts(): Promise<void> {
    const pending = this.pendingCounts;
    this.pendingCounts = [];
    if (pending.length === 0 || this.stopped === 'lease-lost') return;
    const counts = pending.map(({ paper, count }) => ({
      paper_id: paper.id,
      source: count.source,
      cited_by: count.citedBy,
      by_year: count.byYear.map(({ year, count: n }) => ({ year, count: n })),
      citing_url: count.citingUrl,
      read_at: count.readAt,
    }));
    const { rows } = await this.db.query<{ paper_id: string }>(
      `insert into public.paper_citations (paper_id, source, cited_by, by_year, citing_url, read_at, checked_at, problem)
       select p.id, c.source, c.cited_by, c.by_year, c.citing_url, c.read_at, now(), null
         from jsonb_to_recordset($1::jsonb) as c(paper_id uuid, source text, cited_by integer, by_year jsonb, citing_url text, read_at timestamptz)
         join public.research_papers p on p.id = c.paper_id
        where ${leaseFence('$2')}
       on conflict (paper_id) do update
         set source = excluded.source, cited_by = excluded.cited_by, by_year = excluded.by_year, citing_url = excluded.citing_url,
             read_at = excluded.read_at, checked_at = excluded.checked_at, problem = null
       returning paper_id`,
      [JSON.stringify(counts), this.holder],
    );
    if (rows.length < pending.length) await this.afterMissedWrite();
    const written = new Set(rows.map((row) => row.paper_id));
    for (const { paper, count } of pending) {
      if (!written.has(paper.id)) continue;
      this.changed = true;
      this.papersChecked += 1;
      if (!paper.counted || paper.cited_by !== count.citedBy || yearsKey(paper.by_year) !== yearsKey(count.byYear)) this.countsUpdated += 1;
    }
  }

  /** One pass over the papers not checked yet in this run; answers how many were deferred by a pause. */
  private async pass(pageSize: number): Promise<number> {
    let cursor = ZERO_UUID;
    let deferred = 0;
    for (;;) {
      this.checkAbort();
      if (this.stopped) return deferred;
      const { rows } = await this.db.query<PaperRow>(
        `select p.id, p.title, nullif(p.doi, '') as doi, nullif(p.arxiv_id, '') as arxiv_id, c.paper_id is not null as counted, c.cited_by, c.by_year
           from public.research_papers p
           left join public.paper_citations c on c.paper_id = p.id
          where (nullif(p.doi, '') is not null or nullif(p.arxiv_id, '') is not null)
            and p.id > $1::uuid
            and (c.checked_at is null or c.checked_at < (select run_started_at from public.refresh_state where id))
          order by p.id
          limit $2`,
        [cursor, pageSize],
      );
      if (rows.length === 0) return deferred;
      cursor = rows.at(-1)!.id;
      const tasks = rows
        .filter((paper) => !this.settled.has(paper.id))
        .map((paper) =>
          this.limit(async () => {
            if (this.stopped) return 'skipped' as const;
            try {
              return await this.checkPaper(paper);
            } catch (error) {
              this.stop('failed');
              throw error;
            }
          }),
        );
      // Every task is let finish before an exception goes on, so that nothing of this run writes after it ends.
      const results = await Promise.allSettled(tasks);
      await this.writeCounts();
      for (const paper of rows) {
        const error = this.pageErrors.get(paper.id);
        if (error) this.addError(error.what, error.message, error.at);
      }
      this.pageErrors.clear();
      const failure = results.find((result) => result.status === 'rejected');
      if (failure) throw failure.reason;
      deferred += results.filter((result) => result.status === 'fulfilled' && result.value === 'deferred').length;
      if (this.stopped) return deferred;
      await this.saveProgress();
      if (rows.length < pageSize) return deferred;
    }
  }

  /** Waits `ms`, renewing the lease every third of its time; stops early when aborted or the lease is lost. */
  private async wait(ms: number): Promise<void> {
    let remaining = ms;
    while (remaining > 0 && !this.stopped) {
      const slice = Math.min(remaining, Math.max(1, Math.floor(this.leaseMs / 3)));
      await this.sleep(slice);
      remaining -= slice;
      this.checkAbort();
      if (!this.stopped) await this.renew();
    }
  }

  /** Every paper, with passes after the first for those a short pause kept back. */
  async papers(): Promise<void> {
    const pageSize = this.options.pageSize ?? PAGE_SIZE;
    for (let retry = 0; ; retry += 1) {
      const deferred = await this.pass(pageSize);
      if (deferred === 0 || this.stopped) return;
      const pauses = [...this.paused].filter(([, until]) => until > this.now());
      const until = Math.max(this.now(), ...pauses.map(([, time]) => time));
      if (until - this.now() > SHORT_PAUSE_MS || retry >= RETRY_PASSES) {
        const sources = pauses.map(([source]) => CITATION_SOURCE_NAMES[source]).join(' and ') || 'A source';
        this.addError(
          'Citation counts',
          `${deferred.toLocaleString('en-US')} ${deferred === 1 ? 'paper was' : 'papers were'} not asked: ${sources} asked for a pause until ${new Date(until).toISOString()}. They keep their counts; the next run asks them.`,
        );
        return;
      }
      await this.wait(until - this.now());
    }
  }

  /** The owner's ORCID profile (about_data.links, kind 'orcid') read and its works not on the site stored. */
  async orcid(): Promise<void> {
    this.checkAbort();
    await this.keepLease();
    if (this.stopped) return;
    const { rows } = await this.db.query<{ links: unknown }>('select links from public.about_data order by created_at limit 1');
    const orcid = ownerOrcid({ links: readLinks(rows[0]?.links) });
    if (!orcid) return;
    const fetchProfile = this.options.fetchProfile ?? fetchOrcid;
    const config = { ...this.options.config, maxBytes: Math.max(this.options.config.maxBytes, ORCID_PROFILE_MAX_BYTES) };
    const answer = await fetchProfile(orcid, config);
    this.checkAbort();
    await this.keepLease();
    if (this.stopped) return;
    if (!answer.ok) {
      this.addError(`ORCID profile ${orcid}`, answer.problem.message);
      return;
    }
    const stored = await storeFoundWorks(this.db, this.holder, orcid, answer.profile.works);
    if (stored === null) return this.stop('lease-lost');
    this.worksFound = stored.worksFound;
    if (stored.changed) this.changed = true;
  }

  /** Marks the run finished, with its counters and errors, and releases the lease: one statement. */
  async finish(): Promise<void> {
    await this.db.query(
      `update public.refresh_state
          set run_finished_at = now(), papers_checked = $2, counts_updated = $3, works_found = $4, errors = $5::jsonb,
              lease_holder = null, lease_until = null
        where id and lease_holder = $1`,
      [this.holder, this.papersChecked, this.countsUpdated, this.worksFound, JSON.stringify(this.errors.list())],
    );
  }

  /** Leaves the run to be resumed: its progress written and the lease released (nothing, when the lease was lost). */
  async leave(): Promise<void> {
    if (this.stopped === 'lease-lost') return;
    await this.saveProgress();
    await releaseLease(this.db, this.holder);
  }

  /** An exception the run did not expect, recorded, and the run ended (see the module's comment). */
  async fail(error: unknown): Promise<void> {
    this.stop('failed');
    this.addError(RUN_FAILED, `Stopped by an unexpected error: ${message(error)}`);
    try {
      await this.finish();
    } catch (writeError) {
      this.log(`The run's end could not be written: ${message(writeError)}`);
      await releaseLease(this.db, this.holder).catch(() => undefined);
    }
  }

  result(): RunResult {
    return {
      ran: true,
      resumed: this.resumed,
      finished: this.stopped === null,
      stopped: this.stopped === 'lease-lost' || this.stopped === 'aborted' ? this.stopped : null,
      papersChecked: this.papersChecked,
      countsUpdated: this.countsUpdated,
      worksFound: this.worksFound,
      errors: this.errors.list(),
    };
  }
}

const RUNNING_KEY = Symbol.for('academic-portfolio.refresh-running');

/**
 * The holders running in this process. takeLease lets a holder take its own lease again (that is how it renews
 * by taking), so two runs of one process (the schedule and Refresh now at once) would both get it: this keeps
 * the second out. On globalThis, as the holder id is (lease.ts processHolder).
 */
function runningHere(): Set<string> {
  const store = globalThis as Record<symbol, unknown>;
  store[RUNNING_KEY] ??= new Set<string>();
  return store[RUNNING_KEY] as Set<string>;
}

/**
 * How long a run that started and finished answers the outside scheduler's calls. Its calls to several
 * instances at once must make one run; the lease alone keeps two from overlapping, not an instance that
 * takes the lease only after the other's run has ended.
 */
export const ROUTE_RUN_COVERS_MS = 60_000;

/** Whether a run started within ROUTE_RUN_COVERS_MS (by the database's clock, as the lease) and has finished. */
async function finishedJustNow(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ covered: boolean }>(
    `select run_finished_at is not null and run_started_at > now() - $1 * interval '1 millisecond' as covered
       from public.refresh_state where id`,
    [ROUTE_RUN_COVERS_MS],
  );
  return rows[0]?.covered === true;
}

/**
 * One run, when this holder can take the lease (`{ ran: false, reason: 'held' }` when another holds it, or a run
 * of this holder is going on in this process; `'just-ran'` when the outside scheduler asked and a run of the last
 * ROUTE_RUN_COVERS_MS has finished): a new one, or the one that stopped part-way resumed. See the
 * module's comment for what it does and how it ends. Throws only what it did not expect, after recording it.
 */
export async function runRefresh(options: RunOptions): Promise<RunResult> {
  const running = runningHere();
  if (running.has(options.holder)) return { ran: false, reason: 'held' };
  running.add(options.holder);
  try {
    if (!(await takeLease(options.db, options.holder, options.leaseMs ?? LEASE_MS))) return { ran: false, reason: 'held' };
    if (options.trigger === 'route') {
      const covered = await finishedJustNow(options.db).catch(async (error: unknown) => {
        await releaseLease(options.db, options.holder);
        throw error;
      });
      if (covered) {
        await releaseLease(options.db, options.holder);
        return { ran: false, reason: 'just-ran' };
      }
    }
    return await leased(options);
  } finally {
    running.delete(options.holder);
  }
}

async function leased(options: RunOptions): Promise<RunResult> {
  const run = new Run(options);
  try {
    await run.start();
    if (!run.stopped) await run.papers();
    if (!run.stopped) await run.orcid();
    if (run.stopped) await run.leave();
    else await run.finish();
    return run.result();
  } catch (error) {
    await run.fail(error);
    throw error;
  } finally {
    if (run.changed) {
      try {
        options.onChanged?.();
      } catch (error) {
        run.log(`Telling the caches of the new counts failed: ${message(error)}`);
      }
    }
  }
}
