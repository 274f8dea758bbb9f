import 'server-only';

import { normalizeArxivId, normalizeDoi } from '@/lib/validation/research';
import { z } from '@/lib/validation/zod';
import { CITATION_SOURCE_NAMES, CITED_BY_MAX, type CitationCount, type CitationSource, type YearCount } from './citation-types';
import { askSource, type ScholarlyConfig } from './config';
import { askCrossref } from './crossref';
import { malformedProblem } from './http';
import { cleanTitle } from './jats';
import type { SourceName, SourceProblem } from './types';
import { arxivKey, doiPath } from './work';

/**
 * One paper's citation count (issue 46), read from OpenAlex, or from Crossref when OpenAlex has no record of
 * the paper's DOI. Only a 404 at OpenAlex sends the question on: any other failure (a 429, a 5xx, a timeout, an
 * answer that cannot be read) is returned as it is, so that a paper's count does not flap between two sources
 * that count differently. What a source says is checked before it is believed (a whole count within
 * CITED_BY_MAX, plausible years that add up to no more than the total, a record whose title is this paper's):
 * an answer that fails a check is refused with the reason as a sentence, and the run (lib/scholarly/refresh/)
 * keeps the last count that passed. Each request is bounded like every other source's (askSource: a time
 * limit, a size limit, a User-Agent naming the site and its contact). Never throws.
 */

/** Why no count came back: a source's own problem (http.ts), or one of the checks' and the run's reasons. */
export type CitationFailureKind = SourceProblem['kind'] | 'refused' | 'paused' | 'no-identifier';

/**
 * What fetchCitationCount gives: the checked count, or why there is none, with the source it is about, `reason`
 * a sentence for the admin (short enough for paper_citations.problem), and `retryAfterSeconds` from a 429.
 */
export type CitationOutcome =
  | { ok: true; count: CitationCount }
  | { ok: false; source: CitationSource; kind: CitationFailureKind; reason: string; retryAfterSeconds?: number };

/** The fields of an OpenAlex work that are read; `select` asks for these alone, which keeps the answer small. */
export const OPENALEX_FIELDS = 'id,doi,display_name,cited_by_count,counts_by_year';

/** The earliest year a count by year may name; a later one than the year the count is read in is refused too. */
export const FIRST_CITATION_YEAR = 1900;

/**
 * How alike a source's title and the paper's must be (titleSimilarity) for the record to be taken as this
 * paper's. 0.6 and not 0.5: two different papers on one topic often share half their words ("Deep learning for
 * protein folding" and "Deep learning for image segmentation" score exactly 0.5), while the same paper retitled
 * by a subtitle, capitals, TeX or markup, an accent or a corrected typo scores 1, and one with two of five words
 * reworded between preprint and journal still scores 0.6 (tests/unit/scholarly-citations.test.ts has each case).
 */
export const TITLE_SIMILARITY_MIN = 0.6;

/** The sources as messages name them: the pages' names, each one of http.ts's source names. */
const SOURCE_NAMES = CITATION_SOURCE_NAMES satisfies Record<CitationSource, SourceName>;

const NO_IDENTIFIER = 'This paper has neither a DOI nor an arXiv identifier, so no source can be asked for its citations.';

/**
 * The DOI a paper's citations are looked up by: its own DOI, normalised and in lower case (DOIs are case
 * insensitive); else, for a paper with an arXiv id, the DOI arXiv registers at DataCite for every paper,
 * 10.48550/arxiv.{id without its version} ('2403.01234v2' → '10.48550/arxiv.2403.01234', 'math.NT/0601001v1' →
 * '10.48550/arxiv.math/0601001'); else null.
 */
export function citationDoi(paper: { doi: string | null; arxivId: string | null }): string | null {
  const doi = paper.doi ? normalizeDoi(paper.doi) : null;
  if (doi) return doi.toLowerCase();
  const arxivId = paper.arxivId ? normalizeArxivId(paper.arxivId) : null;
  return arxivId ? `10.48550/arxiv.${arxivKey(arxivId)}`.toLowerCase() : null;
}

// ------------------------------------------------------------------------------------------------
// Titles: is the record the source gives for the DOI this paper's?

/** Words too common to tell two titles apart; a title made only of them keeps them. */
const STOP_WORDS = new Set(
  'a an and are as at by for from in into is its of on or the to toward towards via with without'.split(' '),
);

/** Where a subtitle starts: a colon, a question or exclamation mark, or a dash between spaces. */
const SUBTITLE = /[:?!]|\s[-–—]{1,2}\s/;

/**
 * A title's words for comparison, as normalizedTitle (lib/content/research/bibtex-import.ts) reads a title for
 * the duplicate check, but kept as words of any script: accents dropped, lower case, TeX commands
 * (\emph, \zeta, \mathbb) dropped and TeX's grouping and sub/superscript marks removed, so that 'CO$_2$'
 * and 'CO<sub>2</sub>' (plain after cleanTitle) both read 'co2', and a Greek letter standing alone left out.
 * Bounded: a title of thousands of words is
 * compared on its first 200.
 */
function titleWords(title: string): string[] {
  const plain = title
    .slice(0, 2000)
    .replace(/\\[a-zA-Z]+/g, ' ')
    .replace(/[$\\{}^_]/g, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
  // A Greek letter alone is a symbol (a source's 'ζ(s)' for the paper's '$\zeta(s)$'), not a word.
  const words = [...new Set(plain.split(/[^\p{L}\p{N}]+/u).filter((word) => word && !/^\p{Script=Greek}$/u.test(word)))].slice(0, 200);
  const content = words.filter((word) => !STOP_WORDS.has(word));
  return content.length > 0 ? content : words;
}

/** Whether two words differ by one letter added, dropped or changed (a typo and its correction). */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  const rest = short.length === long.length ? i + 1 : i;
  return short.slice(rest) === long.slice(i + 1);
}

/**
 * Dice's coefficient of two sets of words, 2·shared / (|a| + |b|), where a word of five letters or more one
 * edit from an unmatched word of the other counts as shared (a corrected typo).
 */
function dice(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const others = new Set(b);
  const unmatched: string[] = [];
  let shared = 0;
  for (const word of a) {
    if (others.delete(word)) shared += 1;
    else unmatched.push(word);
  }
  for (const word of unmatched) {
    if (word.length < 5) continue;
    const near = [...others].find((other) => other.length >= 5 && oneEditApart(word, other));
    if (near === undefined) continue;
    others.delete(near);
    shared += 1;
  }
  return (2 * shared) / (a.length + b.length);
}

/** The words of a title before its subtitle, or null when it has none. */
function mainTitleWords(title: string): string[] | null {
  const start = SUBTITLE.exec(title)?.index ?? 0;
  if (start === 0) return null;
  const words = titleWords(title.slice(0, start));
  return words.length > 0 ? words : null;
}

/**
 * How alike two titles (plain text, $…$ TeX allowed) are, from 0 to 1: Dice's coefficient of their words
 * (titleWords: no stop words, accents, capitals, TeX or markup). When only one of them has a subtitle, its
 * main title is compared with the other too, and the better score kept: a subtitle added or dropped does not
 * count against a title, but two titles that share a main title and differ after it are compared whole. 1 when
 * either title has no words to compare.
 */
export function titleSimilarity(a: string, b: string): number {
  const [wordsA, wordsB] = [titleWords(a), titleWords(b)];
  if (wordsA.length === 0 || wordsB.length === 0) return 1;
  const [mainA, mainB] = [mainTitleWords(a), mainTitleWords(b)];
  const whole = dice(wordsA, wordsB);
  if (mainA && !mainB) return Math.max(whole, dice(mainA, wordsB));
  if (mainB && !mainA) return Math.max(whole, dice(wordsA, mainB));
  return whole;
}

// ------------------------------------------------------------------------------------------------
// The checks

/** What a source said, before the checks. Counts are `unknown`: a value of the wrong type is refused with a reason, not as malformed. */
interface SourceCount {
  source: CitationSource;
  title: string | null;
  citedBy: unknown;
  byYear: { year: unknown; count: unknown }[];
  citingUrl: string | null;
}

interface Context {
  doi: string;
  title: string;
  now: () => number;
}

type Outcome = CitationOutcome;

function refused(source: CitationSource, reason: string): Outcome {
  return { ok: false, source, kind: 'refused', reason };
}

/** A value from a source as a message quotes it: a number as written in English (a year as a year), anything else as JSON, cut short. */
function shown(value: unknown): string {
  const plain = typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 10_000;
  const text = typeof value === 'number' && !plain ? value.toLocaleString('en-US', { maximumFractionDigits: 6 }) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function clipped(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

const isCount = (value: unknown, max: number): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= max;

/** A source's answer checked; the count as stored when every check passes. */
function checked(said: SourceCount, context: Context): Outcome {
  const { source } = said;
  const name = SOURCE_NAMES[source];
  const { doi } = context;
  if (said.title && titleSimilarity(context.title, said.title) < TITLE_SIMILARITY_MIN) {
    return refused(source, `${name}'s record of ${doi} is titled "${clipped(said.title, 150)}", which is not this paper.`);
  }
  if (!isCount(said.citedBy, CITED_BY_MAX)) {
    return refused(source, `${name} gave ${shown(said.citedBy)} as the number of citations of ${doi}, which is not a whole number from 0 to ${CITED_BY_MAX.toLocaleString('en-US')}.`);
  }
  const thisYear = new Date(context.now()).getUTCFullYear();
  const byYear: YearCount[] = [];
  const seen = new Set<number>();
  let sum = 0;
  for (const entry of said.byYear) {
    const { year, count } = entry;
    if (typeof year !== 'number' || !Number.isInteger(year) || year < FIRST_CITATION_YEAR || year > thisYear) {
      return refused(source, `${name} counts citations of ${doi} in the year ${shown(year)}, which is not a year from ${FIRST_CITATION_YEAR} to ${thisYear}.`);
    }
    if (seen.has(year)) return refused(source, `${name} counts citations of ${doi} in ${year} twice.`);
    if (!isCount(count, CITED_BY_MAX)) {
      return refused(source, `${name} gave ${shown(count)} as the citations of ${doi} in ${year}, which is not a whole number of at least 0.`);
    }
    seen.add(year);
    sum += count;
    byYear.push({ year, count });
  }
  if (sum > said.citedBy) {
    return refused(source, `${name}'s citations of ${doi} by year add up to ${sum.toLocaleString('en-US')}, more than its total of ${said.citedBy.toLocaleString('en-US')}.`);
  }
  byYear.sort((a, b) => a.year - b.year);
  return {
    ok: true,
    count: { source, citedBy: said.citedBy, byYear, citingUrl: said.citingUrl, readAt: new Date(context.now()).toISOString() },
  };
}

// ------------------------------------------------------------------------------------------------
// The sources

/** Any value, but there: a missing count is an answer of the wrong shape, a count of the wrong type is refused by the checks. */
const present = z.unknown().refine((value) => value !== undefined);

/**
 * OpenAlex's work (GET {base}/works/doi:{doi}, https://docs.openalex.org/api-entities/works/work-object) with the
 * selected fields: `id` ('https://openalex.org/W2741809807'), `doi`, `display_name`, `cited_by_count`, and
 * `counts_by_year` ([{year, cited_by_count}], newest first, the last ten years at most). The record's own DOI is
 * not compared with the one asked: OpenAlex merges a preprint with its published version, so arXiv's DOI can
 * answer with the journal's.
 */
const openalexWorkSchema = z.object({
  id: z.string(),
  doi: z.string().nullish(),
  display_name: z.string().nullish(),
  cited_by_count: present,
  counts_by_year: z.array(z.object({ year: present, cited_by_count: present })).nullish(),
});

/** Crossref's work (as crossref.ts reads it), of which only the title and `is-referenced-by-count` are read. */
const crossrefCountSchema = z.object({
  status: z.literal('ok'),
  'message-type': z.literal('work'),
  message: z.object({
    title: z.array(z.string()).nullish(),
    'is-referenced-by-count': present,
  }),
});

/** An OpenAlex work's address, which names the work in the filter of the works citing it. */
const OPENALEX_WORK = /^https:\/\/openalex\.org\/(W\d{1,20})$/;

function parseJson(body: string): { ok: true; json: unknown } | { ok: false } {
  try {
    return { ok: true, json: JSON.parse(body) as unknown };
  } catch {
    return { ok: false };
  }
}

function malformed(source: CitationSource): Outcome {
  return { ok: false, source, kind: 'malformed', reason: malformedProblem(SOURCE_NAMES[source]).message };
}

/** OpenAlex's answer for one DOI, checked. Its list of citing works is https://openalex.org/works?filter=cites:{W id}. */
function readOpenAlex(body: string, context: Context): Outcome {
  const json = parseJson(body);
  const parsed = json.ok ? openalexWorkSchema.safeParse(json.json) : null;
  if (!parsed?.success) return malformed('openalex');
  const work = parsed.data;
  const id = OPENALEX_WORK.exec(work.id)?.[1];
  if (!id) return refused('openalex', `OpenAlex gave ${shown(work.id)} as its identifier of ${context.doi}, which is not the address of an OpenAlex work.`);
  return checked(
    {
      source: 'openalex',
      title: cleanTitle(work.display_name ?? '') || null,
      citedBy: work.cited_by_count,
      byYear: (work.counts_by_year ?? []).map((entry) => ({ year: entry.year, count: entry.cited_by_count })),
      citingUrl: `https://openalex.org/works?filter=cites:${id}`,
    },
    context,
  );
}

/** Crossref's answer for one DOI, checked. Crossref counts citations but lists the citing works to its members only: no address. */
function readCrossref(body: string, context: Context): Outcome {
  const json = parseJson(body);
  const parsed = json.ok ? crossrefCountSchema.safeParse(json.json) : null;
  if (!parsed?.success) return malformed('crossref');
  const { message } = parsed.data;
  return checked(
    { source: 'crossref', title: cleanTitle(message.title?.[0] ?? '') || null, citedBy: message['is-referenced-by-count'], byYear: [], citingUrl: null },
    context,
  );
}

/** A source's failure as an outcome: its message, and how long it asked to be left alone after a 429. */
function failed(source: CitationSource, problem: SourceProblem): Outcome {
  return {
    ok: false,
    source,
    kind: problem.kind,
    reason: problem.message,
    ...(problem.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: problem.retryAfterSeconds }),
  };
}

function paused(source: CitationSource): Outcome {
  return { ok: false, source, kind: 'paused', reason: `${SOURCE_NAMES[source]} was not asked: the run has paused its requests to it.` };
}

/** GET {openalex}/works/doi:{doi}?select=…[&api_key=…]: the DOI percent-encoded as a path (doiPath), the key only when one is configured. */
function openalexUrl(doi: string, config: ScholarlyConfig): string {
  const key = config.openalexKey ? `&api_key=${encodeURIComponent(config.openalexKey)}` : '';
  return `${config.openalex}/works/doi:${doiPath(doi)}?select=${OPENALEX_FIELDS}${key}`;
}

/**
 * One paper's citation count: OpenAlex by the paper's DOI (citationDoi), then Crossref only when OpenAlex answers
 * 404. A source in `paused` is not asked (the run pauses one that answered 429); its outcome says so. `now` is the
 * clock the count is dated by, the latest year a count may name is read from, and a Retry-After date is read
 * against.
 */
export async function fetchCitationCount(
  paper: { doi: string | null; arxivId: string | null; title: string },
  config: ScholarlyConfig,
  options: { now?: () => number; paused?: ReadonlySet<CitationSource> } = {},
): Promise<CitationOutcome> {
  const now = options.now ?? Date.now;
  const doi = citationDoi(paper);
  if (!doi) return { ok: false, source: 'openalex', kind: 'no-identifier', reason: NO_IDENTIFIER };
  const context: Context = { doi, title: paper.title, now };
  if (options.paused?.has('openalex')) return paused('openalex');
  const openalex = await askSource(config, openalexUrl(doi, config), { accept: 'application/json', source: 'OpenAlex', what: `the DOI ${doi}`, now });
  if (openalex.ok) return readOpenAlex(openalex.text, context);
  if (openalex.problem.kind !== 'not-found') return failed('openalex', openalex.problem);
  if (options.paused?.has('crossref')) return paused('crossref');
  const crossref = await askCrossref(doi, config, now);
  if (crossref.ok) return readCrossref(crossref.text, context);
  if (crossref.problem.kind !== 'not-found') return failed('crossref', crossref.problem);
  return { ok: false, source: 'crossref', kind: 'not-found', reason: `Neither OpenAlex nor Crossref has a record of the DOI ${doi}.` };
}
