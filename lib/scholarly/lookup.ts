import 'server-only';
import pLimit, { type LimitFunction } from 'p-limit';

import { normalizedTitle } from '@/lib/content/research/bibtex-import';
import type { ResearchPaper } from '@/lib/content/research/types';
import { checkPaper, type PaperValues } from '@/lib/validation/research';
import { ARXIV_BATCH, fetchArxiv } from './arxiv';
import type { ScholarlyConfig } from './config';
import { fetchCrossref } from './crossref';
import { fetchDatacite } from './datacite';
import { IDENTIFIER_LIMITS, parseIdentifiers } from './identifiers';
import { fetchOrcid, foundWorkKey, ORCID_PROFILE_MAX_BYTES, orcidSummaryWork, type OrcidWork } from './orcid';
import { toPaperValues } from './to-paper';
import type { LookupEntry, LookupProblem, LookupResult, ParsedIdentifier, RefreshResult, SourceName, SourceProblem } from './types';
import { arxivKey, type WorkResult } from './work';

/**
 * "Add by identifier" and "Refresh from source" (issue 34): identifiers looked up at their sources of
 * record, concurrently but gently (LOOKUP_REQUEST_LIMITS.inFlight requests at a time in all; arXiv ids
 * batched; after a 429 a source is not asked again in the same lookup), each work turned into the paper
 * it would be, those already on the site or earlier in the lookup flagged. Never throws: every failure
 * is a LookupProblem carrying the source's message.
 */

export const LOOKUP_REQUEST_LIMITS = {
  inFlight: 4,
  /** Works of an ORCID profile looked up, the most recent first. */
  orcidWorks: 100,
} as const;

export function orcidWorksDropped(total: number): string {
  return `This ORCID profile lists ${total.toLocaleString('en-US')} works; the ${LOOKUP_REQUEST_LIMITS.orcidWorks} most recent are shown.`;
}

export const LOOKUP_FAILED = 'Looking this up failed unexpectedly; try again.';

type Outcome<T> = ({ ok: true } & T) | { ok: false; problem: SourceProblem };

interface Context {
  config: ScholarlyConfig;
  /** Runs at most LOOKUP_REQUEST_LIMITS.inFlight requests at once, in the order asked. */
  run: LimitFunction;
  /** Sources that answered 429 in this lookup, with their answer: not asked again. */
  limited: Map<SourceName, SourceProblem>;
}

function newContext(config: ScholarlyConfig): Context {
  return { config, run: pLimit(LOOKUP_REQUEST_LIMITS.inFlight), limited: new Map() };
}

/** One request to `source` in its turn, unless the source has said to slow down: then its answer again. */
function request<T>(context: Context, source: SourceName, task: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  return context.run(async () => {
    const limited = context.limited.get(source);
    if (limited) return { ok: false, problem: limited };
    const result = await task();
    if (!result.ok && result.problem.kind === 'rate-limited') context.limited.set(source, result.problem);
    return result;
  });
}

/** A DOI at Crossref, or at DataCite when Crossref does not know it. */
async function resolveDoi(context: Context, doi: string): Promise<WorkResult> {
  const crossref = await request(context, 'Crossref', () => fetchCrossref(doi, context.config));
  if (crossref.ok || crossref.problem.kind !== 'not-found') return crossref;
  const datacite = await request(context, 'DataCite', () => fetchDatacite(doi, context.config));
  if (datacite.ok || datacite.problem.kind !== 'not-found') return datacite;
  return { ok: false, problem: { kind: 'not-found', source: 'DataCite', message: `Neither Crossref nor DataCite has a record of the DOI ${doi}.` } };
}

/** arXiv ids in batches of ARXIV_BATCH, one request each; results in the order of `ids`. */
async function resolveArxiv(context: Context, ids: readonly string[]): Promise<WorkResult[]> {
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += ARXIV_BATCH) batches.push(ids.slice(start, start + ARXIV_BATCH));
  const answers = await Promise.all(batches.map((batch) => request(context, 'arXiv', () => fetchArxiv(batch, context.config))));
  return answers.flatMap((answer, index): WorkResult[] =>
    batches[index]!.map((id, position): WorkResult => {
      if (!answer.ok) return answer;
      const work = answer.works[position];
      if (work) return { ok: true, work };
      return { ok: false, problem: { kind: 'not-found', source: 'arXiv', message: `arXiv has no paper with the identifier ${id}.` } };
    }),
  );
}

/** One work looked up: how the entry names it, how a problem names it, and what the sources said. */
interface Item {
  identifier: string;
  shownAs: string;
  result: WorkResult;
}

interface OrcidOutcome {
  items: Item[];
  problems: LookupProblem[];
  notices: string[];
  orcid: LookupResult['orcid'];
}

function shortened(text: string): string {
  return text.length > IDENTIFIER_LIMITS.shownChars ? `${text.slice(0, IDENTIFIER_LIMITS.shownChars - 1)}…` : text;
}

/**
 * An ORCID profile's works (the most recent LOOKUP_REQUEST_LIMITS.orcidWorks): each DOI looked up
 * (Crossref, then DataCite), each arXiv-only work at arXiv, for their full author lists; when that
 * fails, or a work has neither, the summary itself with the profile's owner as the only author.
 */
async function resolveOrcid(
  context: Context,
  identifier: ParsedIdentifier,
  only?: (work: OrcidWork) => boolean,
  profileConfig: ScholarlyConfig = context.config,
): Promise<OrcidOutcome> {
  const answer = await request(context, 'ORCID', () => fetchOrcid(identifier.value, profileConfig));
  if (!answer.ok) return { items: [], problems: [{ identifier: identifier.input, message: answer.problem.message }], notices: [], orcid: null };
  const { profile } = answer;
  const chosen = only ? profile.works.filter(only) : profile.works;
  const works = chosen.slice(0, LOOKUP_REQUEST_LIMITS.orcidWorks);
  const arxivOnly = works.filter((work) => !work.doi && work.arxivId);
  const arxivResults = resolveArxiv(
    context,
    arxivOnly.map((work) => work.arxivId!),
  );
  const items = await Promise.all(
    works.map(async (work): Promise<Item> => {
      const shownAs = work.title ? shortened(work.title) : `ORCID work ${work.putCode}`;
      let found: WorkResult | null = null;
      if (work.doi) found = await resolveDoi(context, work.doi);
      else if (work.arxivId) found = (await arxivResults)[arxivOnly.indexOf(work)] ?? null;
      const result: WorkResult = found?.ok ? found : { ok: true, work: orcidSummaryWork(work, profile.name) };
      return { identifier: shownAs, shownAs, result };
    }),
  );
  return {
    items,
    problems: [],
    notices: chosen.length > works.length ? [orcidWorksDropped(chosen.length)] : [],
    orcid: { id: identifier.value, name: profile.name, works: profile.works.length },
  };
}

// ------------------------------------------------------------------------------------------------
// Duplicates: the same DOI (ignoring case), the same arXiv paper (ignoring version and subject class),
// or the same normalised title.

type Comparable = Pick<PaperValues, 'title' | 'doi' | 'arxivId'>;
interface Keys {
  doi: string | null;
  arxiv: string | null;
  title: string;
}

const keyCache = new WeakMap<Comparable, Keys>();

function keysOf(paper: Comparable): Keys {
  let keys = keyCache.get(paper);
  if (!keys) {
    keys = { doi: paper.doi?.toLowerCase() ?? null, arxiv: paper.arxivId ? arxivKey(paper.arxivId) : null, title: normalizedTitle(paper.title) };
    keyCache.set(paper, keys);
  }
  return keys;
}

function sameAs(a: Keys, b: Keys): string | null {
  if (a.doi && a.doi === b.doi) return 'same DOI';
  if (a.arxiv && a.arxiv === b.arxiv) return 'same arXiv id';
  if (a.title && a.title === b.title) return 'same title';
  return null;
}

/**
 * Whether `paper` is on the site already (`stored`) or among `earlier` papers of the same lookup or
 * import, and why: 'on the site already as "Title" (same DOI).'
 */
export function duplicateOf(paper: Comparable, stored: readonly ResearchPaper[], earlier: readonly Comparable[] = []): LookupEntry['duplicate'] {
  const keys = keysOf(paper);
  for (const other of stored) {
    const why = sameAs(keys, keysOf(other));
    if (why) return { reason: `on the site already as "${shortened(other.title)}" (${why}).`, paperId: other.id };
  }
  for (const other of earlier) {
    const why = sameAs(keys, keysOf(other));
    if (why) return { reason: `earlier in this lookup as "${shortened(other.title)}" (${why}).`, paperId: null };
  }
  return null;
}

// ------------------------------------------------------------------------------------------------

function failed(identifier: string, error: unknown): Item {
  console.error('Scholarly lookup failed unexpectedly', identifier, error);
  return { identifier, shownAs: identifier, result: { ok: false, problem: { kind: 'unreachable', source: 'Crossref', message: LOOKUP_FAILED } } };
}

/**
 * The identifiers in `text` looked up and turned into papers, in the order typed (an ORCID profile's
 * works where its iD was), with what could not be read or found in `problems`.
 */
export async function lookupIdentifiers(text: string, stored: readonly ResearchPaper[], config: ScholarlyConfig): Promise<LookupResult> {
  const parsed = parseIdentifiers(text);
  const problems: LookupProblem[] = parsed.refused.map((refused) => ({ identifier: refused.input, message: refused.reason }));
  const notices = parsed.notice ? [parsed.notice] : [];
  const context = newContext(config);
  const arxivIds = parsed.identifiers.filter((identifier) => identifier.kind === 'arxiv');
  const arxivResults = resolveArxiv(
    context,
    arxivIds.map((identifier) => identifier.value),
  );
  const outcomes = await Promise.all(
    parsed.identifiers.map(async (identifier): Promise<OrcidOutcome> => {
      const single = (label: string, result: WorkResult): OrcidOutcome => ({ items: [{ identifier: label, shownAs: identifier.input, result }], problems: [], notices: [], orcid: null });
      try {
        switch (identifier.kind) {
          case 'doi':
            return single(`doi:${identifier.value}`, await resolveDoi(context, identifier.value));
          case 'arxiv':
            return single(`arXiv:${identifier.value}`, (await arxivResults)[arxivIds.indexOf(identifier)]!);
          case 'orcid':
            return await resolveOrcid(context, identifier);
        }
      } catch (error) {
        return { items: [failed(identifier.input, error)], problems: [], notices: [], orcid: null };
      }
    }),
  );
  return collect(outcomes, stored, problems, notices);
}

/** The lookup's outcomes as one result: each work turned into the paper it would be, duplicates flagged, problems listed. */
function collect(outcomes: readonly OrcidOutcome[], stored: readonly ResearchPaper[], problems: LookupProblem[], notices: string[]): LookupResult {
  let orcid: LookupResult['orcid'] = null;
  const entries: LookupEntry[] = [];
  const earlier: PaperValues[] = [];
  for (const outcome of outcomes) {
    problems.push(...outcome.problems);
    notices.push(...outcome.notices);
    orcid ??= outcome.orcid;
    for (const item of outcome.items) {
      if (!item.result.ok) {
        problems.push({ identifier: item.shownAs, message: item.result.problem.message });
        continue;
      }
      const converted = toPaperValues(item.result.work, { status: 'as-source' });
      if (!converted.ok) {
        problems.push({ identifier: item.shownAs, message: converted.reason });
        continue;
      }
      const { paper } = converted;
      entries.push({ ref: String(entries.length), identifier: item.identifier, source: item.result.work.source, paper, duplicate: duplicateOf(paper, stored, earlier) });
      earlier.push(paper);
    }
  }
  return { entries, problems, notices, orcid };
}

/**
 * The works the citation run found on the owner's ORCID profile (issue 46), chosen by their keys
 * (foundWorkKey), looked up as Add by identifier looks up a profile's works: the same sources, the same
 * preview, the same duplicate rules. A key no longer on the profile is left out.
 */
export async function lookupFoundWorks(orcid: string, keys: readonly string[], stored: readonly ResearchPaper[], config: ScholarlyConfig): Promise<LookupResult> {
  const wanted = new Set(keys);
  const context = newContext(config);
  const identifier: ParsedIdentifier = { kind: 'orcid', value: orcid, input: `https://orcid.org/${orcid}` };
  let outcome: OrcidOutcome;
  try {
    // The whole profile, as the run read it: a large one is past a lookup's size limit.
    const profileConfig = { ...config, maxBytes: Math.max(config.maxBytes, ORCID_PROFILE_MAX_BYTES) };
    outcome = await resolveOrcid(context, identifier, (work) => wanted.has(foundWorkKey(orcid, work)), profileConfig);
  } catch (error) {
    outcome = { items: [failed(identifier.input, error)], problems: [], notices: [], orcid: null };
  }
  return collect([outcome], stored, [], []);
}

/**
 * What the paper's sources say of it now, as it would be saved: by DOI (Crossref, then DataCite), else
 * (or when neither knows the DOI) by arXiv id. The stored paper's tags and PDF stay, its link stays when
 * the source gives none, its arXiv id stays as stored (with its version), and a draft stays a draft.
 */
export async function refreshFromSource(paper: ResearchPaper, config: ScholarlyConfig): Promise<RefreshResult> {
  const context = newContext(config);
  let result: WorkResult | null = paper.doi ? await resolveDoi(context, paper.doi) : null;
  if (paper.arxivId && (!result || (!result.ok && result.problem.kind === 'not-found'))) {
    [result = null] = await resolveArxiv(context, [paper.arxivId]);
  }
  if (!result) {
    return { ok: false, problem: { kind: 'not-found', source: 'Crossref', message: 'This paper has no DOI or arXiv identifier to look it up by.' } };
  }
  if (!result.ok) return result;
  const { source } = result.work;
  const converted = toPaperValues(result.work, { status: paper.status === 'draft' ? 'draft' : 'as-source' });
  if (!converted.ok) return { ok: false, problem: { kind: 'malformed', source, message: `${source}'s record of this paper cannot be used: ${converted.reason}` } };
  const checked = checkPaper({
    ...converted.paper,
    tags: paper.tags,
    pdfUrl: paper.pdfUrl ?? '',
    link: converted.paper.link ?? paper.link ?? '',
    doi: converted.paper.doi ?? paper.doi ?? '',
    arxivId: paper.arxivId ?? converted.paper.arxivId ?? '',
  });
  if (!checked.ok) return { ok: false, problem: { kind: 'malformed', source, message: `${source}'s record of this paper cannot be used: ${checked.error}` } };
  return { ok: true, source, paper: checked.data };
}
