import { parse, type Creator, type Entry } from '@retorquere/bibtex-parser';

import { BIBTEX_TOO_LARGE } from '@/lib/validation/bibtex';
import { isHttpUrl } from '@/lib/validation/lists';
import { checkPaper, normalizeArxivId, normalizeDoi, type PaperValues } from '@/lib/validation/research';
import { BIBTEX_LIMITS } from './bibtex-limits';
import { BIBTEX_MATH } from './bibtex-math';
import { KIND_FIELDS, type PaperKind } from './kinds';
import { acceptedVenue, type VenueValues } from './source-venue';
import type { PaperStatus, ResearchPaper } from './types';

/**
 * BibTeX import for the research editor (issue 14): a .bib file → the papers it describes, each with what
 * it will fill, entries already on the site (same DOI, same normalised title) flagged, malformed ones
 * listed with the reason. Each entry type is a kind of work and its fields fill the venue's (issue 45): a
 * field the editor would refuse (an ISBN with a wrong check digit) is left out, not the entry. Parsing is
 * @retorquere/bibtex-parser (Better BibTeX's parser: @string, crossref, LaTeX accents and commands to
 * Unicode; BibTeX's '--' becomes an en dash); mathematics ($…$) is kept exactly as written. Pure, no I/O.
 */

export const BIBTEX_EMPTY = 'No BibTeX entries found. Paste the contents of a .bib file (entries start with @article, @misc, …).';

export interface ImportEntry {
  /** Position in the file, as a string: what the admin ticks and the import refers to. */
  ref: string;
  key: string;
  type: string;
  paper: PaperValues;
  /** Why it will not be imported: it is on the site already, or earlier in this file. */
  duplicate: { reason: string; paperId: string | null } | null;
}

export interface ImportProblem {
  key: string | null;
  reason: string;
}

export interface ImportPreview {
  entries: ImportEntry[];
  problems: ImportProblem[];
}

/** A title as duplicates are compared: letters and digits only, accents and case dropped. */
export function normalizedTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\$[^$]*\$/g, (math) => math.replace(/\s+/g, ''))
    .replace(/[^a-z0-9$\\^_{}]+/g, ' ')
    .replace(/[{}]/g, '')
    .trim();
}

// ------------------------------------------------------------------------------------------------
// Mathematics: the parser turns $\zeta(s)$ into 'ζ(s)' and sub/superscripts into HTML. The site's
// fields keep LaTeX source, so every formula is swapped for a plain placeholder before parsing and put
// back afterwards.

const placeholder = (index: number) => `zqmath${index}qz`;
const PLACEHOLDER = /zqmath(\d+)qz/g;

function protectMath(input: string): { text: string; formulas: string[] } {
  const formulas: string[] = [];
  const text = input.replace(BIBTEX_MATH, (formula) => {
    formulas.push(formula);
    return placeholder(formulas.length - 1);
  });
  return { text, formulas };
}

function restoreMath(value: string, formulas: readonly string[]): string {
  return value.replace(PLACEHOLDER, (whole, index: string) => formulas[Number(index)] ?? whole);
}

// ------------------------------------------------------------------------------------------------
// Field values: the parser marks up \emph, \textbf, … as HTML and gives 'ö' as 'o' + a combining
// diaeresis; titles and names are plain text here (composed, NFC), abstracts the site's simple markup.

const MARKUP_TAG = /<\/?(?:i|b|sc|nc|ncx|code|sub|sup|span|li)(?:\s[^>]*)?>/g;

function plain(value: string | undefined, formulas: readonly string[]): string {
  if (!value) return '';
  return restoreMath(value.replace(/<br\s*\/?>|<\/?p>/g, ' ').replace(MARKUP_TAG, ''), formulas)
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFC');
}

function markup(value: string | undefined, formulas: readonly string[]): string {
  if (!value) return '';
  const text = value
    .replace(/\s*(?:<\/p>\s*)?<p>\s*/g, '\n\n')
    .replace(/<\/p>/g, '')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/?i>/g, '*')
    .replace(/<\/?b>/g, '**')
    .replace(MARKUP_TAG, '');
  return restoreMath(text, formulas)
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.replace(/[ \t\n]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n')
    .normalize('NFC');
}

/** 'Waerden, B. L. van der' → 'B. L. van der Waerden'; an institution ({Some Lab}) as written. */
function personName(creator: Creator, formulas: readonly string[]): string {
  if (creator.name) return plain(creator.name, formulas);
  const name = [creator.firstName, creator.prefix, creator.lastName].map((part) => plain(part, formulas)).filter(Boolean).join(' ');
  return creator.suffix ? `${name}, ${plain(creator.suffix, formulas)}` : name;
}

function firstOf(fields: Entry['fields'], names: readonly string[]): string | undefined {
  for (const name of names) {
    const value: unknown = fields[name];
    if (typeof value === 'string' && value.trim()) return value;
    if (Array.isArray(value) && value.length > 0 && value.every((part) => typeof part === 'string')) return value.join(', ');
  }
  return undefined;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** year + month (+ day), or a biblatex date ('2024-03-15', '2024-03'); null without a four-digit year. */
function entryDate(fields: Entry['fields']): string | null {
  const date = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/.exec(firstOf(fields, ['date']) ?? '');
  const year = date?.[1] ?? /^\s*(\d{4})\b/.exec(firstOf(fields, ['year']) ?? '')?.[1];
  if (!year) return null;
  const month = Number(date?.[2] ?? firstOf(fields, ['month']) ?? 1);
  const day = Number(date?.[3] ?? firstOf(fields, ['day']) ?? 1);
  const safeMonth = Number.isInteger(month) && month >= 1 && month <= 12 ? month : 1;
  const lastDay = new Date(Date.UTC(Number(year), safeMonth, 0)).getUTCDate();
  const safeDay = Number.isInteger(day) && day >= 1 && day <= lastDay ? day : 1;
  return `${year}-${pad(safeMonth)}-${pad(safeDay)}`;
}

function arxivOf(fields: Entry['fields']): string | null {
  const prefix = firstOf(fields, ['archiveprefix', 'eprinttype'])?.toLowerCase();
  const eprint = firstOf(fields, ['eprint']);
  if (eprint && (prefix === 'arxiv' || !prefix)) {
    const id = normalizeArxivId(eprint);
    if (id) return id;
  }
  for (const candidate of [firstOf(fields, ['url']), firstOf(fields, ['journal', 'journaltitle', 'note', 'howpublished'])]) {
    const match = candidate ? /arxiv(?:\.org\/(?:abs|pdf)\/|:\s*)([\w.\/-]+?)(?:\.pdf)?(?=[\s,;)}]|$)/i.exec(candidate) : null;
    const id = match?.[1] ? normalizeArxivId(match[1]) : null;
    if (id) return id;
  }
  return null;
}

const THESES: Record<string, string> = { phdthesis: 'PhD thesis', mastersthesis: "Master's thesis", thesis: 'Thesis' };

/**
 * The venue's title (the journal, the proceedings, the book a chapter is in, arXiv, …); for a thesis or report,
 * which has none, the line that stands for its venue should its school or institution be missing.
 */
function venueOf(entry: Entry, arxivId: string | null, formulas: readonly string[]): string {
  const { fields } = entry;
  const get = (names: string[]) => plain(firstOf(fields, names), formulas);
  const journal = get(['journal', 'journaltitle', 'booktitle', 'series']);
  if (journal) return journal;
  // A thesis's school and a report's institution are fields of their own (venueFields).
  if (THESES[entry.type]) return THESES[entry.type]!;
  if (entry.type === 'techreport' || entry.type === 'report') return 'Technical report';
  if (arxivId) return `arXiv preprint arXiv:${arxivId}`;
  if (entry.type === 'unpublished') return 'Unpublished manuscript';
  return get(['howpublished', 'publisher', 'organization', 'school', 'institution']);
}

/** BibTeX's and biblatex's entry types as kinds of work; @misc and its like are preprints when on arXiv (kindOf), any other type 'other'. */
const KINDS: Record<string, PaperKind> = {
  article: 'article',
  inproceedings: 'conference',
  conference: 'conference',
  incollection: 'chapter',
  inbook: 'chapter',
  book: 'book',
  phdthesis: 'phd-thesis',
  mastersthesis: 'masters-thesis',
  techreport: 'report',
  report: 'report',
  dataset: 'dataset',
  software: 'software',
};

function kindOf(entry: Entry, arxivId: string | null): PaperKind {
  // biblatex's @thesis says its degree in `type` (phdthesis, mathesis, or words).
  if (entry.type === 'thesis') return /^ma|master/i.test(firstOf(entry.fields, ['type'])?.trim() ?? '') ? 'masters-thesis' : 'phd-thesis';
  if (['misc', 'unpublished', 'online'].includes(entry.type) && arxivId) return 'preprint';
  return KINDS[entry.type] ?? 'other';
}

/**
 * The venue fields an entry gives, as written: `number` is an article's issue and a report's number (a kind
 * keeps only its own fields), a conference's place is biblatex's `venue` or else its `address`/`location`,
 * `eventdate` a day or a range of days ('2024-07-08/2024-07-12').
 */
function venueFields(entry: Entry, formulas: readonly string[]): Partial<VenueValues> {
  const get = (names: string[]) => plain(firstOf(entry.fields, names), formulas);
  const [eventStart = '', eventEnd = eventStart] = get(['eventdate']).split('/').map((date) => date.trim());
  return {
    volume: get(['volume']),
    issue: get(['number', 'issue']),
    pages: get(['pages']),
    articleNumber: get(['eid']),
    publisher: get(['publisher']),
    editors: (entry.fields.editor ?? []).map((creator) => personName(creator, formulas)),
    edition: get(['edition']),
    isbn: get(['isbn']),
    institution: get(['school', 'institution']),
    reportNumber: get(['number']),
    eventName: get(['eventtitle']),
    eventPlace: get(['venue', 'address', 'location']),
    eventStart,
    eventEnd,
  };
}

/** pubstate or the kind of entry decides the status; an arXiv-only entry is a preprint. */
function statusOf(entry: Entry, arxivId: string | null): PaperStatus {
  const state = `${firstOf(entry.fields, ['pubstate']) ?? ''} ${firstOf(entry.fields, ['note']) ?? ''}`.toLowerCase();
  if (/\bsubmitted\b/.test(state)) return 'submitted';
  if (/\bprepublished\b|\bpreprint\b/.test(state)) return 'preprint';
  const published = firstOf(entry.fields, ['journal', 'journaltitle', 'booktitle', 'school', 'institution', 'publisher']);
  if (['misc', 'unpublished', 'online', 'electronic', 'preprint'].includes(entry.type) && !published) return arxivId ? 'preprint' : 'submitted';
  return 'published';
}

/** One parsed entry as the paper the editor would store, or the reason it cannot be one. */
function toPaper(entry: Entry, formulas: readonly string[]): { paper: PaperValues } | { problem: string } {
  const { fields } = entry;
  const title = plain(firstOf(fields, ['title']), formulas);
  if (!title) return { problem: 'It has no title.' };
  const creators = fields.author?.length ? fields.author : (fields.editor ?? []);
  const authors = creators.map((creator) => personName(creator, formulas)).filter(Boolean);
  if (authors.length === 0) return { problem: 'It has no author.' };
  const date = entryDate(fields);
  if (!date) return { problem: 'It has no year.' };
  const doiField = firstOf(fields, ['doi']);
  const doi = doiField ? normalizeDoi(doiField) : null;
  const arxivId = arxivOf(fields);
  const venue = acceptedVenue({ kind: kindOf(entry, arxivId), journal: venueOf(entry, arxivId, formulas), fields: venueFields(entry, formulas) });
  if (KIND_FIELDS[venue.kind].required === 'journal' && !venue.journal) return { problem: 'It names no journal, proceedings, school or other venue.' };
  const url = firstOf(fields, ['url'])?.trim();
  const checked = checkPaper({
    ...venue,
    title,
    authors,
    date,
    abstract: markup(firstOf(fields, ['abstract']), formulas),
    link: url && isHttpUrl(url) ? url : '',
    pdfUrl: '',
    tags: (fields.keywords ?? []).map((keyword) => plain(keyword, formulas)).filter(Boolean),
    doi: doi ?? '',
    arxivId: arxivId ?? '',
    status: statusOf(entry, arxivId),
  });
  if (!checked.ok) return { problem: Object.values(checked.fieldErrors ?? {})[0] ?? checked.error };
  return { paper: checked.data };
}

/** The parser's error, without the run of input it quotes. */
function parseProblem(error: { error: string; input?: string }): ImportProblem {
  const key = error.input ? (/@\w+\s*[{(]\s*([^,\s]+)\s*,/.exec(error.input)?.[1] ?? null) : null;
  const reason = error.error.replace(/\s+/g, ' ').replace(/"[^"]{40,}"/g, (quoted) => `${quoted.slice(0, 40)}…"`);
  return { key, reason: `It could not be read: ${reason}` };
}

/** The parser's options: every field as written (no sentence case, no case braces), @string and crossref applied. */
export const PARSE_OPTIONS = {
  sentenceCase: false,
  english: false,
  caseProtection: false,
  unsupported: 'ignore',
  applyCrossRef: true,
  // Paragraphs of an abstract stay paragraphs.
  fieldMode: { abstract: 'richtext' },
} as const satisfies Parameters<typeof parse>[1];

/** What the parser gives back that the preview reads. */
export type ParsedLibrary = Pick<ReturnType<typeof parse>, 'entries' | 'errors'>;

/** A file's text with its formulas swapped for placeholders: what the parser reads. */
export interface ProtectedText {
  text: string;
  formulas: string[];
}

const ENTRY_START = /@[ \t]*([a-zA-Z]+)[ \t\r\n]*[{(][ \t\r\n]*([^,\s]*)/g;
const NOT_AN_ENTRY = new Set(['comment', 'string', 'preamble']);

/**
 * What can be told of a file without parsing it, in one pass of a regular expression (a few milliseconds
 * for the largest file accepted): too many entries, or an entry too long. The parser's time grows faster
 * than an entry's length (a 40,000-character field takes it about half a second, a 290,000-character one
 * up to 30 seconds), so such files are refused before it sees them, with a message that says which.
 */
export function precheckBibtex(input: string): string | null {
  if (input.length > BIBTEX_LIMITS.chars) return BIBTEX_TOO_LARGE;
  const starts = [...input.matchAll(ENTRY_START)];
  const entries = starts.filter((match) => !NOT_AN_ENTRY.has(match[1]!.toLowerCase())).length;
  if (entries > BIBTEX_LIMITS.entries) {
    return `That file has ${entries.toLocaleString('en-US')} entries; at most ${BIBTEX_LIMITS.entries} are read at once: split it into smaller files.`;
  }
  const long = starts.find((match, index) => (starts[index + 1]?.index ?? input.length) - match.index > BIBTEX_LIMITS.entryChars);
  if (long) {
    return `The entry ${long[2] || 'without a key'} is too long to read: at most ${BIBTEX_LIMITS.entryChars.toLocaleString('en-US')} characters an entry (an abstract may have 20,000). Shorten it or leave it out.`;
  }
  return null;
}

export function protectBibtex(input: string): ProtectedText {
  return protectMath(input);
}

/** Parses in this thread: for tests and tools. The server reads through lib/content/research/bibtex-reader.ts, which bounds time and memory. */
export function parseBibtex(text: string): ParsedLibrary {
  return parse(text, PARSE_OPTIONS);
}

/**
 * Parses a .bib file and checks each entry against the papers on the site. Entries come back in file
 * order; what could not be read or lacks what a paper needs is in `problems` and blocks nothing else.
 * In this thread, unbounded in time: the server uses readBibtex (bibtex-reader.ts) and previewLibrary.
 */
export function previewBibtex(input: string, existing: readonly Pick<ResearchPaper, 'id' | 'title' | 'doi'>[]): ImportPreview {
  const refused = precheckBibtex(input);
  if (refused) return { entries: [], problems: [{ key: null, reason: refused }] };
  const { text, formulas } = protectMath(input);
  let library: ParsedLibrary;
  try {
    library = parseBibtex(text);
  } catch (error) {
    return unreadable(error instanceof Error ? error.message : String(error));
  }
  return previewLibrary(library, formulas, existing);
}

/** The whole file could not be read: why. */
export function unreadable(reason: string): ImportPreview {
  return { entries: [], problems: [{ key: null, reason: `The file could not be read as BibTeX: ${reason}` }] };
}

/** A parsed file as the papers it would become, checked against the papers on the site. */
export function previewLibrary(library: ParsedLibrary, formulas: readonly string[], existing: readonly Pick<ResearchPaper, 'id' | 'title' | 'doi'>[]): ImportPreview {
  const problems: ImportProblem[] = library.errors.map(parseProblem);
  const byDoi = new Map<string, string>();
  const byTitle = new Map<string, string>();
  for (const paper of existing) {
    if (paper.doi) byDoi.set(paper.doi.toLowerCase(), paper.id);
    byTitle.set(normalizedTitle(paper.title), paper.id);
  }
  const inFile = new Map<string, string>();
  const entries: ImportEntry[] = [];
  // An entry the parser stopped inside comes back too, cut short: its error says all there is to say.
  const unreadable = new Set(problems.map((problem) => problem.key).filter((key) => key !== null));
  const readable = library.entries.filter((entry) => !unreadable.has(entry.key));
  for (const [index, entry] of readable.entries()) {
    if (['comment', 'string', 'preamble'].includes(entry.type)) continue;
    if (entries.length + problems.length >= BIBTEX_LIMITS.entries) {
      problems.push({ key: null, reason: `Only the first ${BIBTEX_LIMITS.entries} entries are read at once; import the rest separately.` });
      break;
    }
    const result = toPaper(entry, formulas);
    if ('problem' in result) {
      problems.push({ key: entry.key, reason: result.problem });
      continue;
    }
    const { paper } = result;
    const doi = paper.doi?.toLowerCase();
    const title = normalizedTitle(paper.title);
    const sameDoi = doi ? byDoi.get(doi) : undefined;
    const sameTitle = byTitle.get(title);
    const earlier = (doi && inFile.get(`doi:${doi}`)) || inFile.get(`title:${title}`);
    let duplicate: ImportEntry['duplicate'] = null;
    if (sameDoi) duplicate = { reason: 'A paper with this DOI is already on the site.', paperId: sameDoi };
    else if (sameTitle) duplicate = { reason: 'A paper with this title is already on the site.', paperId: sameTitle };
    else if (earlier) duplicate = { reason: `The same paper as ${earlier}, earlier in this file.`, paperId: null };
    if (doi) inFile.set(`doi:${doi}`, entry.key);
    inFile.set(`title:${title}`, entry.key);
    entries.push({ ref: String(index), key: entry.key, type: entry.type, paper, duplicate });
  }
  if (entries.length === 0 && problems.length === 0) problems.push({ key: null, reason: BIBTEX_EMPTY });
  return { entries, problems };
}
