import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import CSL, { type CslItem, type CslName, type Engine, type OutputFormat } from 'citeproc';
import sanitize, { type IOptions } from 'sanitize-html';

import { absoluteUrl } from '@/lib/absolute-url';
import { BIBTEX_MATH } from '@/lib/content/research/bibtex-math';
import { arxivUrl, cleanText, isCitable } from '@/lib/content/research/scholar';
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

/** A paper's authors as CSL names, empty ones left out. */
function authorNames(paper: ResearchPaper): CslName[] {
  return paper.authors.map(plainText).filter(Boolean).map(nameParts);
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

/** A journal article when it is published in one; otherwise an 'article' (CSL's preprint or manuscript). */
function isJournalArticle(paper: ResearchPaper): boolean {
  return paper.status === 'published' && paper.journal.trim() !== '';
}

/**
 * The genre the styles print for an unpublished paper: 'Preprint', as Zotero gives arXiv preprints, and APA's
 * wording for a submitted manuscript (which names no journal: it may yet appear elsewhere).
 */
const GENRES: Partial<Record<ResearchPaper['status'], string>> = {
  preprint: 'Preprint',
  submitted: 'Manuscript submitted for publication',
};

/**
 * A paper as a CSL-JSON item: an article-journal with its journal as container-title when published in one;
 * otherwise an 'article' with its genre and, for arXiv, publisher 'arXiv' and number 'arXiv:2403.01234', as
 * Zotero describes arXiv preprints and the styles expect them. Text is readable Unicode (formulas included).
 */
export function toCslItem(paper: ResearchPaper, id: string, siteUrl?: string): CslItem {
  const journalArticle = isJournalArticle(paper);
  const item: CslItem = {
    id,
    type: journalArticle ? 'article-journal' : 'article',
    title: cslTitle(paper.title),
    author: authorNames(paper).map((name) => Object.fromEntries(Object.entries(name).map(([part, value]) => [part, shield(value)])) as CslName),
  };
  const parts = dateParts(paper.date);
  if (parts) item.issued = { 'date-parts': [parts] };
  if (journalArticle) item['container-title'] = shield(plainText(paper.journal));
  else {
    const genre = GENRES[paper.status];
    if (genre) item.genre = genre;
    const arxivId = paper.arxivId?.trim();
    if (arxivId) {
      item.publisher = 'arXiv';
      item.number = `arXiv:${shield(oneLine(arxivId))}`;
    }
  }
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
 * RIS's record type: JOUR for a journal article; UNPB (unpublished work) for a preprint or submitted paper,
 * which EndNote reads as Unpublished Work and Zotero, which has no RIS type for its own preprints (it writes
 * them as GEN), as a journal article, as it reads GEN; GEN for anything else.
 */
function risType(paper: ResearchPaper): 'JOUR' | 'UNPB' | 'GEN' {
  if (isJournalArticle(paper)) return 'JOUR';
  return paper.status === 'preprint' || paper.status === 'submitted' ? 'UNPB' : 'GEN';
}

/** RIS ends every line with CR LF. */
const RIS_EOL = '\r\n';

/**
 * One paper as a RIS record: TY, TI, one AU per author ('Family, Given'), PY (year) and DA (yyyy/mm/dd),
 * T2 (the journal, as RIS's secondary title of a JOUR, which Zotero and EndNote read as the journal), DO,
 * UR, AB (the abstract as one line of plain text), one KW per tag, ER. Every value is one line of readable
 * Unicode, so no value can start a tag of its own.
 */
export function toRis(paper: ResearchPaper, siteUrl?: string): string {
  const type = risType(paper);
  const parts = dateParts(paper.date);
  const fields: [string, string][] = [
    ['TY', type],
    ['TI', plainText(paper.title)],
    ...authorNames(paper).map((name): [string, string] => ['AU', risName(name)]),
    ['PY', parts ? String(parts[0]) : ''],
    ['DA', parts?.length === 3 ? parts.map((part) => String(part).padStart(2, '0')).join('/') : ''],
    ['T2', type === 'JOUR' ? plainText(paper.journal) : ''],
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
