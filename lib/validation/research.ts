import { emptyVenue, isPages, isPaperKind, isValidIsbn, KIND_FIELDS, VENUE_FIELDS, type PaperKind } from '@/lib/content/research/kinds';
import { PAPER_NOTE_MAX } from '@/lib/content/research/links';
import { PAPER_STATUSES, isPaperStatus } from '@/lib/content/research/types';
import { z } from '@/lib/validation/zod';
import { isSafeImageUrl } from './about';
import { boundedText, checkWith, isCalendarDate, requiredFirst, isHttpUrl, splitCommaList, todayDate } from './lists';

/** The Research Papers editor's input (docs/product.md §§3, 5 and 9), shared by the form and its actions. Client-safe. */

export const RESEARCH_LIMITS = {
  title: 300,
  journal: 300,
  authors: 50,
  author: 200,
  abstract: 20_000,
  tags: 30,
  tag: 80,
  url: 2_048,
  doi: 200,
  arxivId: 40,
  volume: 40,
  issue: 40,
  pages: 45,
  articleNumber: 40,
  publisher: 300,
  editors: 100,
  editor: 200,
  edition: 40,
  isbn: 40,
  institution: 300,
  reportNumber: 80,
  eventName: 300,
  eventPlace: 200,
} as const;

export const PAPER_REQUIRED = 'Validation Error: Title, authors, and journal are required.';
export const PAPER_LINK_INVALID = 'Enter a full http:// or https:// address, or leave it blank.';
export const PAPER_DOI_INVALID = 'Enter a DOI such as 10.1007/BF01700692 (or its https://doi.org/ address), or leave it blank.';
export const PAPER_ARXIV_INVALID = 'Enter an arXiv identifier such as 2403.01234 or math/0601001, or leave it blank.';

export const PAPER_FILE_LINK_INVALID = 'Upload a file or enter an http(s) address, or leave it blank.';
export const PAPER_PAGES_INVALID = 'Enter pages as 1–37, or one page or article number such as e123 or S1.';
export const PAPER_ISBN_INVALID = 'Enter an ISBN of 10 or 13 digits whose check digit matches, or leave it blank.';
export const PAPER_EVENT_DATES_INVALID = 'The conference cannot end before it starts.';

/** Each kind's required field's message, when it is blank (the journal's is the spec's, in paperRefusal). */
const REQUIRED_MESSAGES = {
  journal: 'Enter the journal or publication.',
  publisher: 'Enter the publisher.',
  institution: 'Enter the institution.',
} as const;

const DOI = /^10\.\d{4,9}\/\S+$/;
const ARXIV_ID = /^(\d{4}\.\d{4,5}|[a-z][a-z-]*(\.[A-Z]{2})?\/\d{7})(v\d+)?$/;

/**
 * A DOI as it is stored: without a doi.org address or 'doi:' prefix around it; null when what is left is
 * not a DOI (10.<registrant>/<suffix>). DOIs are case-insensitive; the case given is kept.
 */
export function normalizeDoi(value: string): string | null {
  let doi = value.trim();
  try {
    if (/^https?:\/\//i.test(doi)) {
      const url = new URL(doi);
      if (!/^(dx\.)?doi\.org$/i.test(url.hostname)) return null;
      doi = decodeURIComponent(url.pathname.slice(1));
    }
  } catch {
    return null;
  }
  doi = doi.replace(/^doi:\s*/i, '');
  return DOI.test(doi) && doi.length <= RESEARCH_LIMITS.doi ? doi : null;
}

/**
 * An arXiv identifier as it is stored: new style (2403.01234, with an optional version) or old style
 * (math/0601001, math.NT/0601001), without an 'arXiv:' prefix or arxiv.org address; null otherwise.
 */
export function normalizeArxivId(value: string): string | null {
  let id = value.trim();
  const address = /^https?:\/\/(?:www\.|export\.)?arxiv\.org\/(?:abs|pdf)\/(.+?)(?:\.pdf)?\/?$/i.exec(id);
  if (address?.[1]) id = address[1];
  else if (/^https?:\/\//i.test(id)) return null;
  id = id.replace(/^arxiv:\s*/i, '');
  return ARXIV_ID.test(id) && id.length <= RESEARCH_LIMITS.arxivId ? id : null;
}

/** An optional identifier field: blank is null, anything else must normalise. */
function identifier(label: string, max: number, normalize: (value: string) => string | null, message: string) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max * 2, { error: message })
    .nullish()
    .transform((value, context) => {
      if (!value) return null;
      const normalized = normalize(value);
      if (normalized === null) context.addIssue({ code: 'custom', message });
      return normalized;
    });
}

/** Comma-separated text (or a list) → trimmed entries, empties dropped, each bounded. */
function commaList(label: string, maxItems: number, maxLength: number) {
  return z
    .union([z.string(), z.array(z.string())], { error: `${label} must be text.` })
    .transform(splitCommaList)
    .pipe(
      z
        .array(z.string().max(maxLength, { error: `Each of the ${label.toLowerCase()} must be at most ${maxLength} characters.` }))
        .max(maxItems, { error: `At most ${maxItems} ${label.toLowerCase()}.` }),
    );
}

/** An optional venue text field: trimmed, bounded, '' when blank. */
const venueText = (max: number, label: string) => boundedText(max, label).nullish().transform((value) => value ?? '');

/** A link of the paper's (lib/content/research/links.ts): an uploaded file or an http(s) address; blank is none. */
function paperLink(what: string) {
  return boundedText(RESEARCH_LIMITS.url, `The ${what} address`)
    .refine((value) => value === '' || isSafeImageUrl(value), { error: PAPER_FILE_LINK_INVALID })
    .nullish()
    .transform((value) => value || null);
}

/** An optional calendar date: null when blank. */
const optionalDate = z
  .string({ error: 'Choose a date.' })
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isCalendarDate(value), { error: 'Choose a date.' });

const paperFields = z.object({
  /**
   * The kind of work (lib/content/research/kinds.ts); anything else is a journal article, the kind every paper had
   * before, and so is none: an input made without kinds in mind (a caller of the actions, a BibTeX entry) says none.
   */
  kind: z
    .unknown()
    .optional()
    .transform((value): PaperKind => (isPaperKind(value) ? value : 'article')),
  title: boundedText(RESEARCH_LIMITS.title, 'The title').min(1, { error: 'Enter the title.' }),
  journal: venueText(RESEARCH_LIMITS.journal, 'The journal'),
  volume: venueText(RESEARCH_LIMITS.volume, 'The volume'),
  issue: venueText(RESEARCH_LIMITS.issue, 'The issue'),
  pages: venueText(RESEARCH_LIMITS.pages, 'The pages').refine(isPages, { error: PAPER_PAGES_INVALID }),
  articleNumber: venueText(RESEARCH_LIMITS.articleNumber, 'The article number'),
  publisher: venueText(RESEARCH_LIMITS.publisher, 'The publisher'),
  editors: commaList('Editors', RESEARCH_LIMITS.editors, RESEARCH_LIMITS.editor).optional().transform((value) => value ?? []),
  edition: venueText(RESEARCH_LIMITS.edition, 'The edition'),
  isbn: venueText(RESEARCH_LIMITS.isbn, 'The ISBN').refine((value) => value === '' || isValidIsbn(value), { error: PAPER_ISBN_INVALID }),
  institution: venueText(RESEARCH_LIMITS.institution, 'The institution'),
  reportNumber: venueText(RESEARCH_LIMITS.reportNumber, 'The report number'),
  eventName: venueText(RESEARCH_LIMITS.eventName, 'The conference name'),
  eventPlace: venueText(RESEARCH_LIMITS.eventPlace, 'The conference place'),
  eventStart: optionalDate,
  eventEnd: optionalDate,
  codeUrl: paperLink('code'),
  dataUrl: paperLink('data'),
  slidesUrl: paperLink('slides'),
  videoUrl: paperLink('video'),
  posterUrl: paperLink('poster'),
  publishedUrl: paperLink('published version'),
  /** Listed under the home page's Selected Publications. */
  selected: z.boolean({ error: 'Selected must be yes or no.' }).optional().transform((value) => value ?? false),
  /** Shown with the authors ('Equal contribution'): one line. */
  note: venueText(PAPER_NOTE_MAX, 'The note')
    .refine((value) => !/[\r\n]/.test(value), { error: 'Write the note on one line.' }),
  authors: commaList('Authors', RESEARCH_LIMITS.authors, RESEARCH_LIMITS.author).refine((authors) => authors.length > 0, {
    error: 'Enter at least one author.',
  }),
  date: z
    .string({ error: 'Choose a date.' })
    .trim()
    .refine(isCalendarDate, { error: 'Choose a date.' }),
  abstract: boundedText(RESEARCH_LIMITS.abstract, 'The abstract'),
  /** docs/product.md §5: an empty link is saved as null. */
  link: boundedText(RESEARCH_LIMITS.url, 'The link')
    .refine((value) => value === '' || isHttpUrl(value), { error: PAPER_LINK_INVALID })
    .nullable()
    .transform((value) => value || null),
  /** An uploaded PDF (research-papers) or an http(s) address; blank is none. */
  pdfUrl: boundedText(RESEARCH_LIMITS.url, 'The PDF address')
    .refine((value) => value === '' || isSafeImageUrl(value), { error: 'Upload a PDF or enter an http(s) address.' })
    .nullable()
    .transform((value) => value || null),
  tags: commaList('Tags', RESEARCH_LIMITS.tags, RESEARCH_LIMITS.tag),
  /** Optional scholarly identifiers, stored normalised (issue 14). */
  doi: identifier('The DOI', RESEARCH_LIMITS.doi, normalizeDoi, PAPER_DOI_INVALID),
  arxivId: identifier('The arXiv identifier', RESEARCH_LIMITS.arxivId, normalizeArxivId, PAPER_ARXIV_INVALID),
  /** docs/product.md §5: anything but the four statuses falls back to published. */
  status: z.unknown().transform((value) => (isPaperStatus(value) ? value : 'published')),
});


/**
 * A paper as it is stored: its kind's venue fields kept and every other emptied (the editor shows a kind's
 * fields only, so what a kind does not have never reaches a reference unseen), and the field that says where
 * the work appeared required: the journal (or proceedings, book, repository), a book's publisher, a thesis's or
 * report's institution.
 */
export const paperSchema = paperFields
  .superRefine((paper, context) => {
    const shape = KIND_FIELDS[paper.kind];
    if (paper[shape.required] === '') context.addIssue({ code: 'custom', path: [shape.required], message: REQUIRED_MESSAGES[shape.required] });
    if (shape.fields.includes('eventEnd') && paper.eventStart && paper.eventEnd && paper.eventEnd < paper.eventStart) {
      context.addIssue({ code: 'custom', path: ['eventEnd'], message: PAPER_EVENT_DATES_INVALID });
    }
  })
  .transform((paper) => {
    const shape = KIND_FIELDS[paper.kind];
    const kept = { ...paper, journal: shape.venue === null ? '' : paper.journal };
    const empty = emptyVenue();
    for (const field of VENUE_FIELDS) if (!shape.fields.includes(field)) Object.assign(kept, { [field]: empty[field] });
    return kept;
  });

export type PaperValues = z.output<typeof paperSchema>;

/**
 * The refusal of docs/product.md §5: its message when a required field is missing. The journal's is the spec's;
 * a kind that appears elsewhere names its own field (a book's publisher, a thesis's institution).
 */
export function paperRefusal(error: z.ZodError, input: unknown): string {
  const given = (input ?? {}) as Record<string, unknown>;
  const required = KIND_FIELDS[isPaperKind(given.kind) ? given.kind : 'article'].required;
  const message = required === 'journal' ? PAPER_REQUIRED : `Validation Error: Title, authors, and ${required} are required.`;
  return requiredFirst(['title', 'authors', required], message)(error, input);
}

/** The form's check, as the actions check (paperSchema, paperRefusal). */
export function checkPaper(input: unknown) {
  return checkWith(paperSchema, input, paperRefusal);
}

export { PAPER_STATUSES };

/** The form after a create (docs/product.md §4): status back to published, date to today. */
export function emptyPaperForm(now: Date = new Date()) {
  return {
    kind: 'article' as PaperKind,
    title: '',
    journal: '',
    authors: '',
    date: todayDate(now),
    abstract: '',
    link: '',
    pdfUrl: '',
    tags: '',
    doi: '',
    arxivId: '',
    status: 'published' as const,
    volume: '',
    issue: '',
    pages: '',
    articleNumber: '',
    publisher: '',
    editors: '',
    edition: '',
    isbn: '',
    institution: '',
    reportNumber: '',
    eventName: '',
    eventPlace: '',
    eventStart: '',
    eventEnd: '',
    codeUrl: '',
    dataUrl: '',
    slidesUrl: '',
    videoUrl: '',
    posterUrl: '',
    publishedUrl: '',
    note: '',
    selected: false,
  };
}
