import { absoluteUrl } from '@/lib/absolute-url';
import { BIBTEX_MATH } from './bibtex-math';
import { pageRange, type PaperKind } from './kinds';
import type { ResearchPaper } from './types';

/**
 * What scholarly tools read from a paper (issue: Google Scholar inclusion, citations): the Highwire Press
 * meta tags of Scholar's inclusion guidelines and BibTeX. Pure and client-safe. The formatted references
 * (APA and the other CSL styles) and RIS are lib/citations/formats.ts's.
 */

/** Drafts are listed on /research (its Draft filter) but never offered for indexing or citation. */
export function isCitable(paper: Pick<ResearchPaper, 'status'>): boolean {
  return paper.status !== 'draft';
}

/**
 * The kinds that appear in a venue someone else publishes: a journal, proceedings, a book (a publisher's), a
 * publication of another kind. Until they have appeared there (their status is preprint or submitted) they have
 * no volume, pages or publisher yet and are written as every paper not yet published was before kinds (issue 45).
 */
const APPEARS_IN_VENUE: ReadonlySet<PaperKind> = new Set(['article', 'conference', 'chapter', 'book', 'other']);

/**
 * The shape a paper is written in by every output (references, RIS, BibTeX, Scholar's tags, JSON-LD): its kind's,
 * or 'manuscript' for a paper not (yet) in its venue: one whose kind appears in a venue and whose status is not
 * published, or a journal article with no journal (as papers stored before the journal was required may be).
 * Theses, reports, datasets and software are issued by their institution or repository, so their status does
 * not change their shape; a preprint is a preprint whatever its status.
 */
export type CitedShape = PaperKind | 'manuscript';

export function citedShape(paper: Pick<ResearchPaper, 'kind' | 'status' | 'journal'>): CitedShape {
  if (paper.kind === 'preprint') return 'preprint';
  if (paper.status !== 'published' && APPEARS_IN_VENUE.has(paper.kind)) return 'manuscript';
  if (paper.kind === 'article' && !cleanText(paper.journal)) return 'manuscript';
  return paper.kind;
}

/**
 * The publisher of a dataset or software: the one given, else the repository that holds it (its `journal`), as
 * Zotero takes a dataset's repository for its publisher and APA prints it ('[Data set]. Zenodo.').
 */
export function repositoryPublisher(paper: Pick<ResearchPaper, 'journal' | 'publisher'>): string {
  return paper.publisher.trim() || paper.journal.trim();
}

/** '2026-03-05' → '2026/03/05', as citation_publication_date wants it. */
export function citationDate(date: string): string {
  return date.slice(0, 10).replace(/-/g, '/');
}

export { absoluteUrl };

/**
 * A DOI's resolver address ('10.1007/x' → 'https://doi.org/10.1007/x'). Half a surrogate pair (which the
 * stored format's `\S` lets through) is written as U+FFFD first: encodeURIComponent throws on it.
 */
export function doiUrl(doi: string): string {
  return `https://doi.org/${doi
    .toWellFormed()
    .split('/')
    .map((part, index) => (index === 0 ? part : encodeURIComponent(part)))
    .join('/')}`;
}

/** An arXiv identifier's abstract page. */
export function arxivUrl(id: string): string {
  return `https://arxiv.org/abs/${id}`;
}

/**
 * The Highwire Press tags of a paper's page: one citation_author per author, the date as YYYY/MM/DD, its
 * venue's tags (highwireVenue), and the PDF and the page's own address when they can be given absolutely
 * (SITE_URL). Empty for a draft.
 */
export function highwireTags(paper: ResearchPaper, siteUrl: string | undefined): Record<string, string | string[]> {
  if (!isCitable(paper)) return {};
  const tags: Record<string, string | string[]> = {
    citation_title: paper.title,
    citation_author: paper.authors,
    citation_publication_date: citationDate(paper.date),
    ...highwireVenue(paper),
  };
  const pdf = paper.pdfUrl ? absoluteUrl(paper.pdfUrl, siteUrl) : null;
  if (pdf) tags.citation_pdf_url = pdf;
  if (paper.doi) tags.citation_doi = paper.doi;
  if (paper.arxivId) tags.citation_arxiv_id = paper.arxivId;
  const page = absoluteUrl(`/research/${paper.id}`, siteUrl);
  if (page) tags.citation_abstract_html_url = page;
  return tags;
}

/**
 * Where a paper appeared, in the tags of Scholar's inclusion guidelines: the journal or the conference's title,
 * volume, issue, first and last page; a thesis's institution; a report's institution and number; the ISBN. Also
 * citation_inbook_title, citation_publisher and citation_editor, which Zotero's Embedded Metadata translator reads.
 * Each tag is one Zotero also takes the item's type from (citation_journal_title: a journal article,
 * citation_conference_title: a conference paper, citation_inbook_title: a book section, citation_isbn: a book, …),
 * so a kind gets only its own. A manuscript keeps what papers had before kinds: the journal of an article.
 */
function highwireVenue(paper: ResearchPaper): Record<string, string | string[]> {
  const tags: Record<string, string | string[]> = {};
  const set = (tag: string, value: string) => {
    if (value.trim()) tags[tag] = value.trim();
  };
  const pages = () => {
    const range = pageRange(paper.pages);
    if (!range) return;
    set('citation_firstpage', range.first);
    if (range.last) set('citation_lastpage', range.last);
  };
  const editors = () => {
    const names = paper.editors.map((name) => name.trim()).filter(Boolean);
    if (names.length > 0) tags.citation_editor = names;
  };
  switch (citedShape(paper)) {
    case 'manuscript':
      if (paper.kind === 'article') set('citation_journal_title', paper.journal);
      break;
    case 'article':
      set('citation_journal_title', paper.journal);
      set('citation_volume', paper.volume);
      set('citation_issue', paper.issue);
      pages();
      break;
    case 'conference':
      // The proceedings' title, else the conference's name: Scholar has one tag for either.
      set('citation_conference_title', paper.journal.trim() || paper.eventName);
      set('citation_volume', paper.volume);
      pages();
      set('citation_publisher', paper.publisher);
      editors();
      break;
    case 'chapter':
      set('citation_inbook_title', paper.journal);
      pages();
      set('citation_publisher', paper.publisher);
      set('citation_isbn', paper.isbn);
      editors();
      break;
    case 'book':
      set('citation_publisher', paper.publisher);
      set('citation_isbn', paper.isbn);
      editors();
      break;
    case 'phd-thesis':
    case 'masters-thesis':
      set('citation_dissertation_institution', paper.institution);
      break;
    case 'report':
      set('citation_technical_report_institution', paper.institution);
      set('citation_technical_report_number', paper.reportNumber);
      break;
    case 'preprint':
      // The repository (arXiv, SSRN) is a preprint's publisher, not a journal.
      set('citation_publisher', paper.journal);
      break;
    case 'dataset':
    case 'software':
      set('citation_publisher', repositoryPublisher(paper));
      break;
    case 'other':
      set('citation_publisher', paper.publisher);
      break;
  }
  return tags;
}

const ACCENTS: Record<string, string> = {
  '\u0300': '`',
  '\u0301': "'",
  '\u0302': '^',
  '\u0303': '~',
  '\u0304': '=',
  '\u0306': 'u',
  '\u0307': '.',
  '\u0308': '"',
  '\u030A': 'r',
  '\u030B': 'H',
  '\u030C': 'v',
  '\u0327': 'c',
  '\u0328': 'k',
};
// 'å' is written '{\r a}' (an accent, as before): Citation.js does not know '\aa'.
const SPECIAL: Record<string, string> = { ß: '{\\ss}', ø: '{\\o}', Ø: '{\\O}', æ: '{\\ae}', Æ: '{\\AE}', œ: '{\\oe}', Œ: '{\\OE}', ł: '{\\l}', Ł: '{\\L}' };

/**
 * Every character of prose that BibTeX or LaTeX would read as something else, as a command that gives the
 * character itself. None of them contains a brace that is not closed right away, so no stored text can end
 * a field early or open one that swallows the next: the braces of a field stay balanced for every reader,
 * bibtex(1) included, which counts '\{' as a brace. '@' is put in a group, so a reader that looks for the
 * next entry after an error never finds one inside a field.
 */
const TEXT_ESCAPES: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  '@': '{@}',
  $: '\\$',
  '&': '\\&',
  '%': '\\%',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  // In LaTeX's default font encoding (and in @retorquere/bibtex-parser) '<' and '>' are '¡' and '¿'.
  '<': '\\textless{}',
  '>': '\\textgreater{}',
};

/**
 * In a name every escape is a group of its own: Citation.js takes the space after '\%' as part of the
 * command, and then reads '\% and B' as one name. What would split a name into parts ('Lovelace, Ada'),
 * or read as biblatex's 'family=Lovelace', is grouped too.
 */
const NAME_ESCAPES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(TEXT_ESCAPES).map(([char, escape]) => [char, escape.startsWith('{') ? escape : `{${escape}}`])),
  ',': '{,}',
  '=': '{=}',
  '-': '{-}',
};

/** TeX's ligatures ('--' is an en dash, '``' an opening quote): an empty group between the two characters keeps them apart. */
const LIGATURES = new Set(['--', '``', "''", ',,', '!`', '?`']);

/**
 * Control words a formula has no need of and that LaTeX would obey wherever the entry is cited: reading or
 * writing files, defining or redefining commands, changing category codes, building command names. A
 * formula with one of them is written as text.
 */
const UNSAFE_COMMAND =
  /\\(?:input|include|InputIfFileExists|openin|openout|read|readline|write|immediate|special|[egx]?def|let|futurelet|catcode|[lu]ccode|mathcode|csname|endcsname|expandafter|noexpand|(?:re|provide|new)command|DeclareRobustCommand|(?:re)?newenvironment|usepackage|RequirePackage|documentclass|makeat(?:letter|other)|new(?:write|read)|close(?:in|out)|message|errmessage|typeout|wlog|shipout|output|every[a-z]+|scantokens|directlua|lua[a-z]*|pdf[a-z]*|ShellEscape|endinput|afterassignment|aftergroup|uppercase|lowercase|global|url|href|verb)(?![a-zA-Z])/;

/** Whether a text's braces pair up, counted as bibtex(1) counts them (every brace) or as most other readers do ('\{' is a character). */
function bracesBalance(text: string, backslashEscapes: boolean): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (backslashEscapes && char === '\\') index += 1;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * A formula that can go into a field as written: its braces balance however they are counted, and it has
 * no '%' (a comment to the parser), no '@', no '^^' (TeX's way of writing any character, '\' included) and
 * no unsafe command. Anything else is written as text, which reads back as the same characters.
 */
function isSafeMath(formula: string): boolean {
  return bracesBalance(formula, false) && bracesBalance(formula, true) && !/[%@]|\^\^/.test(formula) && !UNSAFE_COMMAND.test(formula);
}

/**
 * Text as BibTeX carries it, before any escaping: lone surrogates (half an emoji) as U+FFFD, control characters
 * and the bidirectional overrides that can make a .bib file look other than it reads dropped, whitespace runs
 * as one space, NFC. What a reader of the file gets back is this text.
 */
export function cleanText(text: string): string {
  return text
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, (char) => (/\s/.test(char) ? ' ' : ''))
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFC');
}

/** Text split into what is written as text and the formulas kept as written. */
function textAndMath(text: string): { value: string; math: boolean }[] {
  const parts: { value: string; math: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(BIBTEX_MATH)) {
    if (!isSafeMath(match[0])) continue;
    if (match.index > last) parts.push({ value: text.slice(last, match.index), math: false });
    parts.push({ value: match[0], math: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ value: text.slice(last), math: false });
  return parts;
}

/** One letter and its combining marks as LaTeX accents ('o' + '\u0308' → '{\"o}'), or null when they have none. */
function accented(cluster: string): string | null {
  const [base = '', ...marks] = cluster.normalize('NFD');
  if (marks.length === 0 || !/^[A-Za-z]$/.test(base) || !marks.every((mark) => ACCENTS[mark])) return null;
  // '{\"i}' and not '{\"\i}': both parsers read the dotless form back as 'ı' and a loose diaeresis.
  return marks.reduce((inner, mark) => {
    const accent = ACCENTS[mark]!;
    return `{\\${accent}${/[a-z]/i.test(accent) ? ' ' : ''}${inner}}`;
  }, base);
}

/** One character and its combining marks as BibTeX writes them. */
function escapeCluster(cluster: string, escapes: Record<string, string>): string {
  const whole = SPECIAL[cluster] ?? escapes[cluster] ?? accented(cluster);
  if (whole !== null && whole !== undefined) return whole;
  const base = String.fromCodePoint(cluster.codePointAt(0)!);
  const escaped = SPECIAL[base] ?? escapes[base];
  return escaped ? `${escaped}${cluster.slice(base.length)}` : cluster;
}

/** Text (no formula) with every special character escaped and TeX's ligatures kept apart. */
function escapeText(text: string, escapes: Record<string, string>): string {
  let out = '';
  for (const [cluster] of text.matchAll(/\P{M}\p{M}*|\p{M}+/gu)) {
    const escaped = escapeCluster(cluster, escapes);
    if (LIGATURES.has(`${out.slice(-1)}${escaped[0]}`)) out += '{}';
    out += escaped;
  }
  return out;
}

/**
 * Text as BibTeX writes it: accented letters as LaTeX accents ('ö' → '{\"o}'), every character BibTeX or
 * LaTeX would read otherwise escaped ('{' → '\textbraceleft{}', '\' → '\textbackslash{}', '@' → '{@}',
 * '$' → '\$', …), and mathematics ($…$) kept exactly as written when it is safe to (isSafeMath). Whatever
 * the text, the result stays inside its field and reads back as the same text (whitespace collapsed,
 * control characters dropped).
 */
export function toLatex(text: string): string {
  return textAndMath(cleanText(text))
    .map((part) => (part.math ? part.value : escapeText(part.value, TEXT_ESCAPES)))
    .join('');
}

/**
 * One author (cleaned by cleanText) as BibTeX writes a name: as toLatex, and what would split the name is grouped: a comma, '=',
 * a hyphen ('Jean{-}Paul': one parser drops a hyphen next to a lower-case word), a word 'and' (the
 * separator of names), a formula, and the name 'others' (BibTeX's 'et al.').
 */
function nameToLatex(name: string): string {
  if (/^others$/i.test(name)) return `{${name}}`;
  return textAndMath(name)
    .map((part) =>
      part.math
        ? `{${part.value}}`
        : part.value
            .split(' ')
            .map((word) => (/^and$/i.test(word) ? `{${word}}` : escapeText(word, NAME_ESCAPES)))
            .join(' '),
    )
    .join('');
}

/**
 * An identifier or address as it goes into a field: printable ASCII that cannot end the field or start a
 * formula, everything else percent-encoded (UTF-8), a '%' that already starts an escape kept.
 */
function verbatim(value: string, keep: RegExp): string {
  const chars = [...value];
  return chars
    .map((char, index) => {
      if (keep.test(char) || (char === '%' && /^[0-9A-Fa-f]{2}$/.test(`${chars[index + 1] ?? ''}${chars[index + 2] ?? ''}`))) return char;
      // Half an emoji is encoded as U+FFFD, as a browser would send it.
      return [...UTF8.encode(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    })
    .join('');
}

const UTF8 = new TextEncoder();

/** A DOI or arXiv identifier: printable ASCII but for braces, '\', '$', '%', '@' and space. */
const IDENTIFIER_CHARS = /^[!"#&'()*+,\-./0-9:;<=>?A-Z[\]^_`a-z|~]$/;
/** An address: what RFC 3986 allows, '@' included (userinfo, profile pages), '$' not (the import would read a formula). */
const URL_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!&'()*+,;=]$/;

function lastName(author: string): string {
  const parts = author.trim().split(/\s+/);
  return parts[parts.length - 1] ?? '';
}

/** Letters only, accents dropped: the part of a key taken from a name or title. */
function keyPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
}

/** The four-digit year of a stored date, or '' when it has none. */
function yearOf(date: string): string {
  return /^\d{4}(?=-|$)/.exec(date)?.[0] ?? '';
}

/** The month of a stored date as BibTeX numbers it ('3'), or '' when it has none. */
function monthOf(date: string): string {
  const month = Number(/^\d{4}-(\d{2})/.exec(date)?.[1]);
  return Number.isInteger(month) && month >= 1 && month <= 12 ? String(month) : '';
}

/**
 * A stable citation key: first author's last name, year, first significant title word ('riemann2024zeros');
 * a key another paper of the list has already gets 'a', 'b', … in list order (callers pass papers in a
 * stable order). Letters and digits only.
 */
export function citationKeys(papers: readonly ResearchPaper[]): Map<string, string> {
  const keys = new Map<string, string>();
  const used = new Set<string>();
  const stop = new Set(['a', 'an', 'the', 'on', 'of', 'in', 'and', 'for', 'to', 'with']);
  for (const paper of papers) {
    const word = paper.title.split(/\s+/).map(keyPart).find((w) => w && !stop.has(w)) ?? 'paper';
    const base = `${keyPart(lastName(paper.authors[0] ?? '')) || 'anon'}${yearOf(paper.date)}${word}`;
    let key = base;
    for (let n = 0; used.has(key); n += 1) key = `${base}${String.fromCharCode(97 + (n % 26))}${n >= 26 ? Math.floor(n / 26) : ''}`;
    used.add(key);
    keys.set(paper.id, key);
  }
  return keys;
}

/** A key as the entry's head takes it: the characters a key may have, never a brace, comma, space or '@'. */
function safeKey(key: string): string {
  return key.replace(/[^A-Za-z0-9_.:-]/g, '') || 'paper';
}

/**
 * Each shape's BibTeX entry type: BibTeX's own where it has one (@incollection: a chapter with its own title in a
 * book with editors; @inbook is an untitled part), and @misc for what BibTeX has no type for, datasets and
 * software included: biblatex's @dataset and @software are refused by bibtool ("Unknown entry type") and by
 * bibtex(1)'s styles, which warn, while every reader takes a @misc with its repository as `howpublished` and
 * what it is as `note` (the form BibTeX's own documentation gives for such works).
 */
const BIBTEX_TYPES: Record<CitedShape, string> = {
  article: 'article',
  conference: 'inproceedings',
  book: 'book',
  chapter: 'incollection',
  'phd-thesis': 'phdthesis',
  'masters-thesis': 'mastersthesis',
  report: 'techreport',
  preprint: 'misc',
  dataset: 'misc',
  software: 'misc',
  other: 'misc',
  manuscript: 'misc',
};

/** Pages as BibTeX writes a range, '1--37' (an en dash); a single page or article number as it is. */
function bibtexPages(pages: string): string {
  const range = pageRange(pages);
  if (!range) return '';
  return range.last ? `${toLatex(range.first)}--${toLatex(range.last)}` : toLatex(range.first);
}

/** Names (authors, editors) as BibTeX joins them: cleaned, each as nameToLatex writes it, with ' and ' between. */
function bibtexNames(names: readonly string[]): string {
  return names.map(cleanText).filter(Boolean).map(nameToLatex).join(' and ');
}

/** A stored 'yyyy-mm-dd', or '' for anything else: the only characters a date field is given. */
function isoDate(date: string | null): string {
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '';
}

/**
 * Where a paper appeared, as its entry type's fields: BibTeX's (journal, booktitle, volume, number, pages,
 * publisher, editor, edition, isbn, school, institution, address), and biblatex's where BibTeX has none: eid (an
 * article number, which Citation.js reads as the CSL number), eventtitle, eventdate and venue. A conference's
 * place is its address, which BibTeX's standard styles print beside the date, apart from the publisher, as where
 * the conference was held; biblatex and Citation.js take address for the publisher's place, and read venue as the
 * conference's. A manuscript and a preprint keep what papers had before kinds: the journal (or repository) as a note.
 */
function bibtexVenue(paper: ResearchPaper, shape: CitedShape): [string, string][] {
  switch (shape) {
    case 'article':
      return [
        ['journal', toLatex(paper.journal)],
        ['volume', toLatex(paper.volume)],
        ['number', toLatex(paper.issue)],
        ['pages', bibtexPages(paper.pages)],
        ['eid', toLatex(paper.articleNumber)],
      ];
    case 'conference': {
      const [start, end] = [isoDate(paper.eventStart), isoDate(paper.eventEnd)];
      return [
        ['booktitle', toLatex(paper.journal)],
        ['editor', bibtexNames(paper.editors)],
        ['volume', toLatex(paper.volume)],
        ['pages', bibtexPages(paper.pages)],
        ['publisher', toLatex(paper.publisher)],
        ['address', toLatex(paper.eventPlace)],
        ['eventtitle', toLatex(paper.eventName)],
        ['eventdate', start && (end && end !== start ? `${start}/${end}` : start)],
        ['venue', toLatex(paper.eventPlace)],
      ];
    }
    case 'chapter':
      return [
        ['booktitle', toLatex(paper.journal)],
        ['editor', bibtexNames(paper.editors)],
        ['pages', bibtexPages(paper.pages)],
        ['publisher', toLatex(paper.publisher)],
        ['edition', toLatex(paper.edition)],
        ['isbn', toLatex(paper.isbn)],
      ];
    case 'book':
      return [
        ['editor', bibtexNames(paper.editors)],
        ['publisher', toLatex(paper.publisher)],
        ['edition', toLatex(paper.edition)],
        ['isbn', toLatex(paper.isbn)],
      ];
    case 'phd-thesis':
    case 'masters-thesis':
      return [['school', toLatex(paper.institution)]];
    case 'report':
      return [
        ['institution', toLatex(paper.institution)],
        ['number', toLatex(paper.reportNumber)],
      ];
    case 'dataset':
    case 'software':
      return [
        ['howpublished', toLatex(repositoryPublisher(paper))],
        ['note', shape === 'dataset' ? 'Dataset' : 'Software'],
      ];
    case 'other':
      // howpublished: what @misc prints of where it appeared.
      return [
        ['howpublished', toLatex(paper.journal)],
        ['publisher', toLatex(paper.publisher)],
      ];
    case 'preprint':
    case 'manuscript':
      return [['note', toLatex(paper.journal)]];
  }
}

/** A paper's entry type and fields as BibTeX writes them, in order, each value ready to go between the field's braces; empty fields left out. */
function bibtexEntry(paper: ResearchPaper, siteUrl: string | undefined): { type: string; fields: [string, string][] } {
  const shape = citedShape(paper);
  const title = toLatex(paper.title);
  const doi = paper.doi?.trim() ? verbatim(paper.doi.trim(), IDENTIFIER_CHARS) : '';
  const eprint = paper.arxivId?.trim() ? verbatim(paper.arxivId.trim(), IDENTIFIER_CHARS) : '';
  const address = paper.link ?? (paper.pdfUrl ? absoluteUrl(paper.pdfUrl, siteUrl) : null);
  const url = address?.trim() ? verbatim(address.trim(), URL_CHARS) : '';
  const fields: [string, string][] = [
    // The title's own braces keep its capitals as written.
    ['title', title && `{${title}}`],
    ['author', bibtexNames(paper.authors)],
    ...bibtexVenue(paper, shape),
    ['year', yearOf(paper.date)],
    ['month', monthOf(paper.date)],
    ['doi', doi],
    ['eprint', eprint],
    ['archivePrefix', eprint && 'arXiv'],
    ['url', url],
  ];
  return { type: BIBTEX_TYPES[shape], fields: fields.filter(([, value]) => value !== '') };
}

/**
 * One paper as a BibTeX entry of its kind's type (BIBTEX_TYPES): @article, @inproceedings, @incollection, @book,
 * @phdthesis, @mastersthesis, @techreport; @misc for preprints, manuscripts, datasets, software and other work.
 */
export function toBibtex(paper: ResearchPaper, key: string, siteUrl?: string): string {
  const { type, fields } = bibtexEntry(paper, siteUrl);
  return `@${type}{${safeKey(key)},\n${fields.map(([name, value]) => `  ${name} = {${value}}`).join(',\n')}\n}\n`;
}

/** Every citable paper as one BibTeX file, keys unique. */
export function toBibtexFile(papers: readonly ResearchPaper[], siteUrl?: string): string {
  const citable = papers.filter(isCitable);
  const keys = citationKeys(citable);
  return citable.map((paper) => toBibtex(paper, keys.get(paper.id)!, siteUrl)).join('\n');
}
