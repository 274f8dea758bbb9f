import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import CSL, { type CslItem, type CslName, type Engine, type OutputFormat } from 'citeproc';
import sanitize, { type IOptions } from 'sanitize-html';

import { absoluteUrl } from '@/lib/absolute-url';
import { BIBTEX_MATH } from '@/lib/content/research/bibtex-math';
import { pageRange, printedPages, type PaperKind } from '@/lib/content/research/kinds';
import { arxivUrl, citedShape, cleanText, isCitable, repositoryPublisher, type CitedShape } from '@/lib/content/research/scholar';
import type { ResearchPaper } from '@/lib/content/research/types';
import { texToText } from '@/lib/cv/tex-text';
import { markupToText } from '@/lib/markup/plain-text';
import type { FormattedReference } from './types';

/**
 * A paper's references in the reader's style (issue 34): formatted by citeproc-js from the official CSL
 * style files in ./csl (its README says where they come from, their licence, and why the AMS's own style is
 * not among them), and RIS for reference managers. Nothing here formats a reference by hand: what is ours
 * is the paper as a CSL-JSON item and the RIS tags, which are a data format, not a style.
 */

/** The formatted styles, in the order the Cite panel lists them. */
const STYLES = [
  { id: 'apa', label: 'APA', file: 'apa.csl' },
  { id: 'chicago', label: 'Chicago (author-date)', file: 'chicago-author-date.csl' },
  { id: 'ieee', label: 'IEEE', file: 'ieee.csl' },
  // The mathematics style: numbered, author initials, title, journal, year (README.md in ./csl: why this one).
  { id: 'springer-mathphys', label: 'Springer MathPhys', file: 'springer-mathphys-brackets.csl' },
] as const;

/**
 * Where the style files are read from: the project root (where `next start`, the scripts and Vitest run),
 * not this module's folder, which moves once Next bundles it; next.config.mjs names the files for the
 * deployment's file tracing.
 */
const CSL_DIRECTORY = path.join(process.cwd(), 'lib', 'citations', 'csl');

/**
 * Private-use stand-ins for '<' and '>' in the text citeproc is given. It reads a few tags inside field
 * values as markup (`<i>`, `<b>`, `<sup>`, `<span class="nocase">`): a title that says '<b>' means the
 * characters, so they go in as these and come back out as '<' and '>' (escaped in the HTML).
 */
const LT = '\uE002';
const GT = '\uE003';

/**
 * Each entry of a bibliography as inline HTML: citeproc's HTML output less the blocks it wraps an entry and
 * a numbered style's label in (`<div class="csl-left-margin">[1]</div>`), which the allowlist below would drop,
 * gluing the label to the names.
 */
const INLINE_HTML = 'portfolio-inline-html';
const inlineWrappers: OutputFormat = {
  bibstart: '',
  bibend: '',
  '@bibliography/entry': (_state: unknown, entry: string) => entry,
  '@display/block': (_state: unknown, part: string) => ` ${part}`,
  '@display/left-margin': (_state: unknown, label: string) => `${label} `,
  '@display/right-inline': (_state: unknown, part: string) => part,
  '@display/indent': (_state: unknown, part: string) => ` ${part}`,
};

/** What survives of citeproc's HTML: its italics, bold and scripts; spans with no attribute (small caps' style is dropped). */
const REFERENCE_HTML: IOptions = {
  allowedTags: ['i', 'b', 'em', 'strong', 'sup', 'sub', 'span'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
};

interface StyleEngine {
  id: string;
  label: string;
  engine: Engine;
}

let engines: StyleEngine[] | null = null;
/**
 * citeproc-js keeps a little of every bibliography it makes (its locale and output stacks grow by an entry
 * or two, some 30 bytes): the engines are made again from the styles already read after this many papers,
 * so a long-running server's memory stays flat, for about 0.2 ms a paper.
 */
const PAPERS_PER_ENGINE = 1_000;
let engineUses = 0;
/** The item being formatted: formatting is synchronous, so the engines only ever ask for this one. */
let current: CslItem | null = null;
/**
 * Every paper goes in under this one id, the engine's list emptied first so it asks for the item again (it
 * keeps what it was given under an id it still holds). Each new id would stay in the engine's registry: with
 * a fresh id per paper, 20,000 papers made every call three times slower.
 */
const ITEM_ID = 'paper';

/** The style files and the locale, read once per process. */
let sources: { locale: string; styles: string[] } | null = null;

function readCsl(file: string): string {
  return readFileSync(path.join(CSL_DIRECTORY, file), 'utf8');
}

/** One citeproc engine per style (styles and locale read once per process, compiled on the first call), reused. */
function styleEngines(): StyleEngine[] {
  engineUses += 1;
  if (engines && engineUses <= PAPERS_PER_ENGINE) return engines;
  if (!sources) {
    CSL.Output.Formats[INLINE_HTML] = { ...CSL.Output.Formats.html, ...inlineWrappers };
    sources = { locale: readCsl('locales-en-US.xml'), styles: STYLES.map((style) => readCsl(style.file)) };
  }
  const { locale, styles } = sources;
  const sys = {
    retrieveLocale: () => locale,
    retrieveItem: (id: string): CslItem => {
      if (current?.id !== id) throw new Error(`citeproc asked for an item it was not given: ${id}`);
      return current;
    },
  };
  engines = STYLES.map((style, index) => ({ id: style.id, label: style.label, engine: new CSL.Engine(sys, styles[index]!, 'en-US', true) }));
  engineUses = 1;
  return engines;
}

/** Text as citeproc takes it: '<' and '>' as their stand-ins (any stand-in already there dropped first). */
function shield(text: string): string {
  return text.replace(/[\uE002\uE003]/g, '').replace(/</g, LT).replace(/>/g, GT);
}

/** Stored text as one line, cleaned as BibTeX cleans it (control characters dropped, whitespace collapsed, NFC), stand-ins dropped. */
function oneLine(text: string): string {
  return cleanText(text.replace(/[\uE002\uE003]/g, ''));
}

/** Stored text with `$…$` formulas as one line of readable Unicode ('$\zeta(s)$' → 'ζ(s)'). */
function plainText(text: string): string {
  return oneLine(texToText(oneLine(text)));
}

/**
 * A title as citeproc takes it: prose and formulas made readable, each formula in a nocase span, so a style
 * that capitalises titles (Chicago) leaves its letters alone: 'On $x^2$' must not read 'On X²'.
 */
function cslTitle(title: string): string {
  const source = oneLine(title);
  let out = '';
  let last = 0;
  for (const match of source.matchAll(BIBTEX_MATH)) {
    out += shield(texToText(source.slice(last, match.index)));
    out += `<span class="nocase">${shield(texToText(match[0]).trim())}</span>`;
    last = match.index + match[0].length;
  }
  return (out + shield(texToText(source.slice(last)))).replace(/\s+/g, ' ').trim();
}

const NAME_SUFFIX = /^(?:Jr\.?|Sr\.?|II|III|IV)$/;
const LOWER_INITIAL = /^\p{Ll}/u;

/**
 * A stored author ('B. L. van der Waerden') as a CSL name: the last word is the family name, with the words
 * before it that start lower-case as its particle ('van der', 'de la'), a final 'Jr.' or 'III' as the suffix,
 * the rest the given names; 'Family, Given' is taken as written. Every word is kept (a mononym is a family
 * name): @citation-js/name was tried and drops some ('de Gennes' → 'Gennes'). Names are not always so
 * regular; these rules are what the styles need to abbreviate and sort well-formed ones.
 */
export function splitName(author: string): CslName {
  return nameParts(plainText(author));
}

/** splitName of a name already made plain text. */
function nameParts(text: string): CslName {
  const comma = text.indexOf(',');
  if (comma > 0) {
    const family = withParticle(text.slice(0, comma).trim().split(' '));
    const given = text.slice(comma + 1).trim();
    return given ? { ...family, given } : family;
  }
  const words = text.split(' ');
  const suffix = words.length >= 3 && NAME_SUFFIX.test(words[words.length - 1]!) ? words.pop() : undefined;
  const parts = words.length === 1 ? { family: words[0]! } : splitWords(words);
  return suffix ? { ...parts, suffix } : parts;
}

/** Stored names (authors, editors) as CSL names, empty ones left out. */
function personNames(names: readonly string[]): CslName[] {
  return names.map(plainText).filter(Boolean).map(nameParts);
}

/** CSL names as citeproc takes them: each part's '<' and '>' as their stand-ins. */
function shieldNames(names: readonly CslName[]): CslName[] {
  return names.map((name) => Object.fromEntries(Object.entries(name).map(([part, value]) => [part, shield(value)])) as CslName);
}

/** Given names, particle and family name of two or more words: the particle is the lower-case run after the given names. */
function splitWords(words: string[]): CslName {
  const start = LOWER_INITIAL.test(words[0]!) ? 0 : words.findIndex((word, index) => index > 0 && index < words.length - 1 && LOWER_INITIAL.test(word));
  if (start < 0) return { given: words.slice(0, -1).join(' '), family: words[words.length - 1]! };
  const family = withParticle(words.slice(start));
  return start === 0 ? family : { given: words.slice(0, start).join(' '), ...family };
}

/** A family name's words, its leading lower-case ones (never the last word) as its particle: 'van der Waerden'. */
function withParticle(words: string[]): CslName {
  let end = 0;
  while (end < words.length - 1 && LOWER_INITIAL.test(words[end]!)) end += 1;
  const family = words.slice(end).join(' ');
  return end > 0 ? { 'non-dropping-particle': words.slice(0, end).join(' '), family } : { family };
}

/** A name as RIS writes it: 'van der Waerden, B. L.', 'King, Martin Luther, Jr.', 'Euclid'. */
function risName(name: CslName): string {
  const family = [name['non-dropping-particle'], name.family].filter(Boolean).join(' ');
  return [family, name.given, name.suffix].filter(Boolean).join(', ');
}

/** The stored 'yyyy-mm-dd' as date parts, as far as it goes (a malformed date gives none: the styles say 'n.d.'). */
function dateParts(date: string): number[] | null {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(date.trim());
  if (!match) return null;
  const parts = [Number(match[1])];
  const month = Number(match[2]);
  if (month >= 1 && month <= 12) {
    parts.push(month);
    const day = Number(match[3]);
    if (day >= 1 && day <= 31) parts.push(day);
  }
  return parts;
}

/** The address a reference gives: the arXiv abstract page (stable), else the paper's link, else its PDF (absolute). */
function paperUrl(paper: ResearchPaper, siteUrl: string | undefined): string | null {
  if (paper.arxivId?.trim()) return arxivUrl(paper.arxivId.trim());
  const address = paper.link?.trim() || (paper.pdfUrl ? absoluteUrl(paper.pdfUrl, siteUrl) : null);
  return address && /^https?:\/\/\S+$/i.test(address) ? address : null;
}

/**
 * Each shape's CSL type: a journal article, a paper in proceedings, a book, a chapter, a thesis, a report, a
 * dataset, software, CSL 1.0.2's 'document' for work of no other type (the styles give it their general form);
 * a preprint and a manuscript are an 'article', CSL's type for both.
 */
const CSL_TYPES: Record<CitedShape, string> = {
  article: 'article-journal',
  conference: 'paper-conference',
  book: 'book',
  chapter: 'chapter',
  'phd-thesis': 'thesis',
  'masters-thesis': 'thesis',
  report: 'report',
  preprint: 'article',
  dataset: 'dataset',
  software: 'software',
  other: 'document',
  manuscript: 'article',
};

/**
 * The genre the styles print for an unpublished paper: 'Preprint', as Zotero gives arXiv preprints, and APA's
 * wording for a submitted manuscript (which names no journal: it may yet appear elsewhere).
 */
const GENRES: Partial<Record<ResearchPaper['status'], string>> = {
  preprint: 'Preprint',
  submitted: 'Manuscript submitted for publication',
};

/** The genre of a thesis or report, as the styles print it ('[PhD thesis]', 'Technical Report No. 17'). */
const KIND_GENRES: Partial<Record<PaperKind, string>> = {
  'phd-thesis': 'PhD thesis',
  'masters-thesis': "Master's thesis",
  report: 'Technical report',
};

/** The CSL text variables a paper fills. */
type CslTextVariable = 'container-title' | 'volume' | 'issue' | 'page' | 'number' | 'publisher' | 'edition' | 'ISBN' | 'event' | 'event-place' | 'genre';

/** A stored 'yyyy-mm-dd' start and end (either may be missing) as CSL date parts. */
function dateRange(start: string | null, end: string | null): { 'date-parts': number[][] } | null {
  const first = start ? dateParts(start) : null;
  if (!first) return null;
  const last = end && end !== start ? dateParts(end) : null;
  return { 'date-parts': last ? [first, last] : [first] };
}

/**
 * A manuscript's and a preprint's variables, as every unpublished paper had them before kinds: its genre and,
 * for arXiv, publisher 'arXiv' and number 'arXiv:2403.01234', as Zotero describes arXiv preprints and the styles
 * expect them; no journal. A preprint is a 'Preprint' whatever its status says, and its repository (SSRN,
 * bioRxiv) is its publisher when it has no arXiv identifier.
 */
function manuscriptVariables(paper: ResearchPaper, shape: 'manuscript' | 'preprint', item: CslItem) {
  const genre = GENRES[paper.status] ?? (shape === 'preprint' ? 'Preprint' : undefined);
  if (genre) item.genre = genre;
  const arxivId = paper.arxivId?.trim();
  if (arxivId) {
    item.publisher = 'arXiv';
    item.number = `arXiv:${shield(oneLine(arxivId))}`;
  } else if (shape === 'preprint' && paper.journal.trim()) item.publisher = shield(plainText(paper.journal));
}

/**
 * A kind's venue variables, only those of its kind: container-title (the journal, proceedings, book, or where
 * other work appeared), volume, issue, page (with an en dash), number (an article's number, a report's), publisher
 * (a thesis's or report's institution; a dataset's or software's repository unless a publisher is given),
 * editor, edition, ISBN, genre, and the conference: event (its name), event-place, event-date. The conference's
 * place is not given as the publisher-place, as Zotero gives it: Chicago and Springer print that with the
 * publisher ('Bristol: Mathematical Sciences Publishers'), which would say the proceedings were published where
 * the conference was held; IEEE prints the conference's place from event-place.
 */
function venueVariables(paper: ResearchPaper, kind: Exclude<PaperKind, 'preprint'>, item: CslItem) {
  const set = (variable: CslTextVariable, value: string) => {
    const text = shield(plainText(value));
    if (text) item[variable] = text;
  };
  switch (kind) {
    case 'article':
      set('container-title', paper.journal);
      set('volume', paper.volume);
      set('issue', paper.issue);
      set('page', printedPages(paper.pages));
      set('number', paper.articleNumber);
      break;
    case 'conference':
      set('container-title', paper.journal);
      set('volume', paper.volume);
      set('page', printedPages(paper.pages));
      set('publisher', paper.publisher);
      set('event', paper.eventName);
      set('event-place', paper.eventPlace);
      break;
    case 'chapter':
      set('container-title', paper.journal);
      set('page', printedPages(paper.pages));
      set('publisher', paper.publisher);
      set('edition', paper.edition);
      set('ISBN', paper.isbn);
      break;
    case 'book':
      set('publisher', paper.publisher);
      set('edition', paper.edition);
      set('ISBN', paper.isbn);
      break;
    case 'phd-thesis':
    case 'masters-thesis':
      set('publisher', paper.institution);
      break;
    case 'report':
      set('publisher', paper.institution);
      set('number', paper.reportNumber);
      break;
    case 'dataset':
    case 'software':
      set('publisher', repositoryPublisher(paper));
      break;
    case 'other':
      set('container-title', paper.journal);
      set('publisher', paper.publisher);
      break;
  }
  const genre = KIND_GENRES[kind];
  if (genre) item.genre = genre;
  if (kind === 'conference' || kind === 'chapter' || kind === 'book') {
    const editors = personNames(paper.editors);
    if (editors.length > 0) item.editor = shieldNames(editors);
  }
  if (kind === 'conference') {
    const eventDate = dateRange(paper.eventStart, paper.eventEnd);
    if (eventDate) item['event-date'] = eventDate;
  }
}

/**
 * A paper as a CSL-JSON item of its kind's type (CSL_TYPES), with its kind's venue variables; a manuscript or
 * preprint as an 'article' with its genre and repository. Text is readable Unicode (formulas included).
 */
export function toCslItem(paper: ResearchPaper, id: string, siteUrl?: string): CslItem {
  const shape = citedShape(paper);
  const item: CslItem = {
    id,
    type: CSL_TYPES[shape],
    title: cslTitle(paper.title),
    author: shieldNames(personNames(paper.authors)),
  };
  const parts = dateParts(paper.date);
  if (parts) item.issued = { 'date-parts': [parts] };
  if (shape === 'manuscript' || shape === 'preprint') manuscriptVariables(paper, shape, item);
  else venueVariables(paper, shape, item);
  const doi = paper.doi ? oneLine(paper.doi) : '';
  if (doi) item.DOI = shield(doi);
  const url = paperUrl(paper, siteUrl);
  if (url) item.URL = shield(url);
  return item;
}

/** One engine's bibliography (of the one item) in an output format, whitespace collapsed. */
function bibliography(engine: Engine, format: string): string {
  engine.setOutputFormat(format);
  const result = engine.makeBibliography();
  if (!result) throw new Error('The style has no bibliography.');
  return result[1].join('').replace(/[ \t\r\n]+/g, ' ').trim();
}

/**
 * A paper in every formatted style (plain text to copy, and HTML to show, sanitised to italics, bold and
 * scripts) and as RIS. A style that fails on a paper is left out (and logged) rather than taking the others
 * with it.
 */
export function formatCitations(paper: ResearchPaper, siteUrl?: string): { styles: FormattedReference[]; ris: string } {
  const styles: FormattedReference[] = [];
  const all = styleEngines();
  current = toCslItem(paper, ITEM_ID, siteUrl);
  try {
    for (const { id, label, engine } of all) {
      try {
        engine.updateItems([]);
        engine.updateItems([ITEM_ID]);
        const text = bibliography(engine, 'text').replaceAll(LT, '<').replaceAll(GT, '>');
        const html = sanitize(bibliography(engine, INLINE_HTML).replaceAll(LT, '&lt;').replaceAll(GT, '&gt;'), REFERENCE_HTML);
        styles.push({ id, label, text, html });
      } catch (error) {
        console.error(`Could not format paper ${paper.id} in the ${label} style`, error);
      }
    }
  } finally {
    current = null;
  }
  return { styles, ris: toRis(paper, siteUrl) };
}

/**
 * Each shape's RIS record type, as the RIS specification names them and Zotero and EndNote read them: CPAPER
 * (a conference paper: Zotero reads it, as it reads CONF, as a conference paper, and its tags below by that item
 * type, the proceedings' title in C3 included; EndNote as a Conference Paper), CHAP, BOOK, THES, RPRT, DATA,
 * COMP (software), GEN for other work.
 * A preprint is UNPB (unpublished work), which EndNote reads as Unpublished Work and Zotero, which has no RIS
 * type for its own preprints (it writes them as GEN), as a journal article, as it reads GEN. A manuscript is
 * UNPB when it is a preprint or submitted, GEN otherwise.
 */
const RIS_TYPES: Record<Exclude<CitedShape, 'manuscript'>, string> = {
  article: 'JOUR',
  conference: 'CPAPER',
  book: 'BOOK',
  chapter: 'CHAP',
  'phd-thesis': 'THES',
  'masters-thesis': 'THES',
  report: 'RPRT',
  preprint: 'UNPB',
  dataset: 'DATA',
  software: 'COMP',
  other: 'GEN',
};

function risType(paper: ResearchPaper, shape: CitedShape): string {
  if (shape !== 'manuscript') return RIS_TYPES[shape];
  return paper.status === 'preprint' || paper.status === 'submitted' ? 'UNPB' : 'GEN';
}

/** SP and EP: the first and last page ('1–37' → 1, 37), or SP alone for one page. */
function risPages(pages: string): [string, string][] {
  const range = pageRange(pages);
  if (!range) return [];
  return [
    ['SP', plainText(range.first)],
    ['EP', range.last ? plainText(range.last) : ''],
  ];
}

/**
 * A kind's venue tags, with the meanings the RIS specification gives them for its record type (and Zotero's
 * RIS translator reads): T2 the journal (JOUR), the book (CHAP), the conference's name (CPAPER), or the secondary
 * title (GEN); C3 the proceedings (CPAPER); VL, IS, SP and EP; C7 an article's number; PB the publisher, a thesis's
 * university, a report's institution; CY the conference's location (CPAPER); ET the edition; SN the ISBN, or a
 * report's number (the specification's RPRT has SN "Report Number", and M1 "Document Number"); M3 the type of a
 * thesis or report. A preprint's repository is its publisher; a manuscript has none of these.
 */
function risVenue(paper: ResearchPaper, shape: CitedShape): [string, string][] {
  switch (shape) {
    case 'article':
      return [['T2', plainText(paper.journal)], ['VL', plainText(paper.volume)], ['IS', plainText(paper.issue)], ...risPages(paper.pages), ['C7', plainText(paper.articleNumber)]];
    case 'conference':
      return [
        ['T2', plainText(paper.eventName)],
        ['C3', plainText(paper.journal)],
        ['CY', plainText(paper.eventPlace)],
        ['VL', plainText(paper.volume)],
        ...risPages(paper.pages),
        ['PB', plainText(paper.publisher)],
      ];
    case 'chapter':
      return [['T2', plainText(paper.journal)], ...risPages(paper.pages), ['PB', plainText(paper.publisher)], ['ET', plainText(paper.edition)], ['SN', plainText(paper.isbn)]];
    case 'book':
      return [['PB', plainText(paper.publisher)], ['ET', plainText(paper.edition)], ['SN', plainText(paper.isbn)]];
    case 'phd-thesis':
    case 'masters-thesis':
    case 'report':
      return [['PB', plainText(paper.institution)], ['SN', shape === 'report' ? plainText(paper.reportNumber) : ''], ['M3', KIND_GENRES[shape]!]];
    case 'dataset':
    case 'software':
      return [['PB', plainText(repositoryPublisher(paper))]];
    case 'other':
      return [['T2', plainText(paper.journal)], ['PB', plainText(paper.publisher)]];
    case 'preprint':
      return [['PB', plainText(paper.journal)]];
    case 'manuscript':
      return [];
  }
}

/**
 * The editors' tag: A2 (secondary author) for a chapter's and a conference paper's editors, A3 (tertiary
 * author) for a book's, whose A2 the specification gives its series editor; Zotero reads both so. ED is older
 * RIS, which Zotero still reads but the specification no longer lists.
 */
const EDITOR_TAGS: Partial<Record<CitedShape, string>> = { chapter: 'A2', conference: 'A2', book: 'A3' };

/** RIS ends every line with CR LF. */
const RIS_EOL = '\r\n';

/**
 * One paper as a RIS record: TY, TI, one AU per author ('Family, Given'), its editors (EDITOR_TAGS), PY (year)
 * and DA (yyyy/mm/dd), its kind's venue tags (risVenue), DO, UR, AB (the abstract as one line of plain text),
 * one KW per tag, ER. Every value is one line of readable Unicode, so no value can start a tag of its own.
 */
export function toRis(paper: ResearchPaper, siteUrl?: string): string {
  const shape = citedShape(paper);
  const parts = dateParts(paper.date);
  const editorTag = EDITOR_TAGS[shape];
  const fields: [string, string][] = [
    ['TY', risType(paper, shape)],
    ['TI', plainText(paper.title)],
    ...personNames(paper.authors).map((name): [string, string] => ['AU', risName(name)]),
    ...(editorTag ? personNames(paper.editors).map((name): [string, string] => [editorTag, risName(name)]) : []),
    ['PY', parts ? String(parts[0]) : ''],
    ['DA', parts?.length === 3 ? parts.map((part) => String(part).padStart(2, '0')).join('/') : ''],
    ...risVenue(paper, shape),
    ['DO', paper.doi ? oneLine(paper.doi) : ''],
    ['UR', paperUrl(paper, siteUrl) ?? ''],
    // The abstract's markup stripped and its formulas made text once (markupToText); then only made one line.
    ['AB', oneLine(markupToText(paper.abstract))],
    ...paper.tags.map((tag): [string, string] => ['KW', plainText(tag)]),
  ];
  const lines = fields.filter(([, value]) => value !== '').map(([tag, value]) => `${tag}  - ${value}`);
  return [...lines, 'ER  - '].join(RIS_EOL) + RIS_EOL;
}

/** Every citable paper as one RIS file, in the order given (drafts left out). */
export function toRisFile(papers: readonly ResearchPaper[], siteUrl?: string): string {
  return papers
    .filter(isCitable)
    .map((paper) => toRis(paper, siteUrl))
    .join(RIS_EOL);
}
