/**
 * The kinds of work a paper can be (issue 45), the venue fields each kind has, and the readings every output
 * shares: a page range's first and last page, an ISBN's check digit, the venue line the public pages and the CV
 * show. Client-safe: the editor shows each kind's fields from KIND_FIELDS, and the server keeps only those.
 */

export const PAPER_KINDS = [
  'article',
  'conference',
  'book',
  'chapter',
  'phd-thesis',
  'masters-thesis',
  'report',
  'preprint',
  'dataset',
  'software',
  'other',
] as const;
export type PaperKind = (typeof PAPER_KINDS)[number];

export const PAPER_KIND_LABELS: Record<PaperKind, string> = {
  article: 'Journal article',
  conference: 'Conference paper',
  book: 'Book',
  chapter: 'Book chapter',
  'phd-thesis': 'PhD thesis',
  'masters-thesis': "Master's thesis",
  report: 'Technical report',
  preprint: 'Preprint',
  dataset: 'Dataset',
  software: 'Software',
  other: 'Other',
};

export function isPaperKind(value: unknown): value is PaperKind {
  return typeof value === 'string' && (PAPER_KINDS as readonly string[]).includes(value);
}

/** The venue fields a paper may have besides its `journal` (the venue's title), as ResearchPaper names them. */
export const VENUE_FIELDS = [
  'volume',
  'issue',
  'pages',
  'articleNumber',
  'publisher',
  'editors',
  'edition',
  'isbn',
  'institution',
  'reportNumber',
  'eventName',
  'eventPlace',
  'eventStart',
  'eventEnd',
] as const;
export type VenueField = (typeof VENUE_FIELDS)[number];

/** The venue fields' labels in the editor. */
export const VENUE_FIELD_LABELS: Record<VenueField, string> = {
  volume: 'Volume',
  issue: 'Issue',
  pages: 'Pages',
  articleNumber: 'Article number',
  publisher: 'Publisher',
  editors: 'Editors (comma separated)',
  edition: 'Edition',
  isbn: 'ISBN',
  institution: 'Institution',
  reportNumber: 'Report number',
  eventName: 'Conference name',
  eventPlace: 'Conference place',
  eventStart: 'Conference start',
  eventEnd: 'Conference end',
};

export interface KindShape {
  /**
   * What the `journal` column holds for this kind, as the editor labels it (the CSL container-title: a journal, the
   * proceedings, the book a chapter is in, a repository), or null when the kind has none.
   */
  venue: string | null;
  /** The field that says where the work appeared, required as the journal is for an article (docs/product.md §5). */
  required: 'journal' | 'publisher' | 'institution';
  /** Its venue fields, in the editor's order. */
  fields: readonly VenueField[];
}

export const KIND_FIELDS: Record<PaperKind, KindShape> = {
  article: { venue: 'Journal/Publication', required: 'journal', fields: ['volume', 'issue', 'pages', 'articleNumber'] },
  conference: {
    venue: 'Proceedings title',
    required: 'journal',
    fields: ['eventName', 'eventPlace', 'eventStart', 'eventEnd', 'editors', 'volume', 'pages', 'publisher'],
  },
  book: { venue: null, required: 'publisher', fields: ['publisher', 'edition', 'editors', 'isbn'] },
  chapter: { venue: 'Book title', required: 'journal', fields: ['editors', 'pages', 'publisher', 'edition', 'isbn'] },
  'phd-thesis': { venue: null, required: 'institution', fields: ['institution'] },
  'masters-thesis': { venue: null, required: 'institution', fields: ['institution'] },
  report: { venue: null, required: 'institution', fields: ['institution', 'reportNumber'] },
  preprint: { venue: 'Repository', required: 'journal', fields: [] },
  dataset: { venue: 'Repository', required: 'journal', fields: ['publisher'] },
  software: { venue: 'Repository', required: 'journal', fields: ['publisher'] },
  other: { venue: 'Journal/Publication', required: 'journal', fields: ['publisher'] },
};

/** Whether a kind has a venue field (its editor shows it, its outputs use it). */
export function kindHas(kind: PaperKind, field: VenueField | 'journal'): boolean {
  return field === 'journal' ? KIND_FIELDS[kind].venue !== null : KIND_FIELDS[kind].fields.includes(field);
}

/** The venue fields of a paper, as ResearchPaper holds them. */
export interface PaperVenue {
  kind: PaperKind;
  journal: string;
  volume: string;
  issue: string;
  pages: string;
  articleNumber: string;
  publisher: string;
  editors: string[];
  edition: string;
  isbn: string;
  institution: string;
  reportNumber: string;
  eventName: string;
  eventPlace: string;
  /** 'yyyy-mm-dd' or null. */
  eventStart: string | null;
  eventEnd: string | null;
}

/**
 * Every venue field empty: what a kind that does not have a field stores for it, and a paper stored before issue 45
 * reads as. A new object each call, so a caller may fill its editors' list.
 */
export function emptyVenue(): Omit<PaperVenue, 'kind' | 'journal'> {
  return {
    volume: '',
    issue: '',
    pages: '',
    articleNumber: '',
    publisher: '',
    editors: [],
    edition: '',
    isbn: '',
    institution: '',
    reportNumber: '',
    eventName: '',
    eventPlace: '',
    eventStart: null,
    eventEnd: null,
  };
}

/** A page range's separator as authors write it: a hyphen, an en or em dash, BibTeX's double hyphen. */
const PAGE_RANGE = /^\s*(\S+?)\s*(?:-{1,2}|–|—)\s*(\S+)\s*$/;

/**
 * Pages as written ('1–37', '1-37', '1--37', 'e123', 'S1', 'S1–S12', 'xi–xx') → first and last page;
 * a single page or article number is its own first page, with no last.
 */
export function pageRange(pages: string): { first: string; last: string | null } | null {
  const text = pages.trim();
  if (!text) return null;
  const range = PAGE_RANGE.exec(text);
  if (range) return { first: range[1]!, last: range[2]! };
  return { first: text, last: null };
}

/** Pages with an en dash between first and last, as references print them ('1-37' → '1–37'). */
export function printedPages(pages: string): string {
  const range = pageRange(pages);
  if (!range) return '';
  return range.last ? `${range.first}–${range.last}` : range.first;
}

/** One page or article number: letters, digits and dots ('e123', 'S1', '110.1', 'xi'); a range is two of them. */
const PAGE = /^[\p{L}\p{N}][\p{L}\p{N}.]{0,19}$/u;

/** Whether pages are a page, a range of two, or an article number, as written. */
export function isPages(pages: string): boolean {
  const range = pageRange(pages);
  if (!range) return true;
  return PAGE.test(range.first) && (range.last === null || PAGE.test(range.last));
}

/** An ISBN's digits (and a final X of an ISBN-10), hyphens and spaces dropped; null when not 10 or 13 of them. */
export function isbnDigits(isbn: string): string | null {
  const digits = isbn.replace(/^ISBN(?:-1[03])?:?\s*/i, '').replace(/[\s-]/g, '').toUpperCase();
  return /^\d{9}[\dX]$/.test(digits) || /^\d{13}$/.test(digits) ? digits : null;
}

/** Whether an ISBN-10 or ISBN-13's check digit is right. */
export function isValidIsbn(isbn: string): boolean {
  const digits = isbnDigits(isbn);
  if (!digits) return false;
  if (digits.length === 10) {
    const sum = [...digits].reduce((total, char, index) => total + (char === 'X' ? 10 : Number(char)) * (10 - index), 0);
    return sum % 11 === 0;
  }
  const sum = [...digits].reduce((total, char, index) => total + Number(char) * (index % 2 === 0 ? 1 : 3), 0);
  return sum % 10 === 0;
}

/**
 * The venue as one line, as the public pages and the CV show it beside the year: 'Journal of Number Theory
 * 241(3), 1–37', 'Proceedings of ANTS XV, pp. 12–30 (Bristol)', 'PhD thesis, University of Oxford',
 * 'Technical report 17, Institut Mittag-Leffler', 'Springer, 2nd ed.'. Empty fields are left out.
 */
export function venueLine(paper: PaperVenue): string {
  const has = (field: VenueField) => kindHas(paper.kind, field);
  const journal = paper.journal.trim();
  const pages = has('pages') ? printedPages(paper.pages) : '';
  const join = (parts: (string | false | null | undefined)[], separator = ', ') => parts.filter((part): part is string => Boolean(part && part.trim())).join(separator);
  switch (paper.kind) {
    case 'article': {
      const volume = paper.volume.trim();
      const issue = paper.issue.trim();
      const numbered = volume ? `${volume}${issue ? `(${issue})` : ''}` : issue ? `no. ${issue}` : '';
      const where = join([journal, numbered], ' ');
      return join([where, pages || (paper.articleNumber.trim() ? `article ${paper.articleNumber.trim()}` : '')]);
    }
    case 'conference':
      return join([journal || paper.eventName.trim(), pages && `pp. ${pages}`, paper.eventPlace.trim() && journal ? paper.eventPlace.trim() : '']);
    case 'chapter':
      return join([journal && `In ${journal}`, pages && `pp. ${pages}`, paper.publisher.trim()]);
    case 'book':
      return join([paper.publisher.trim(), paper.edition.trim() && editionText(paper.edition.trim())]);
    case 'phd-thesis':
    case 'masters-thesis':
      return join([PAPER_KIND_LABELS[paper.kind], paper.institution.trim()]);
    case 'report':
      return join([paper.reportNumber.trim() ? `Technical report ${paper.reportNumber.trim()}` : 'Technical report', paper.institution.trim()]);
    default:
      return join([journal, has('publisher') && paper.publisher.trim() !== journal ? paper.publisher.trim() : '']);
  }
}

/** '2' → '2nd ed.', 'Second' → 'Second ed.': an edition as references print it. */
export function editionText(edition: string): string {
  const number = /^\d+$/.test(edition) ? Number(edition) : null;
  if (number === null) return /\bed(ition|\.)?$/i.test(edition) ? edition : `${edition} ed.`;
  const suffix = number % 100 >= 11 && number % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][number % 10] ?? 'th');
  return `${number}${suffix} ed.`;
}
