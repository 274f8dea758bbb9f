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
} as const;

export const PAPER_REQUIRED = 'Validation Error: Title, authors, and journal are required.';
export const PAPER_LINK_INVALID = 'Enter a full http:// or https:// address, or leave it blank.';
export const PAPER_DOI_INVALID = 'Enter a DOI such as 10.1007/BF01700692 (or its https://doi.org/ address), or leave it blank.';
export const PAPER_ARXIV_INVALID = 'Enter an arXiv identifier such as 2403.01234 or math/0601001, or leave it blank.';

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

export const paperSchema = z.object({
  title: boundedText(RESEARCH_LIMITS.title, 'The title').min(1, { error: 'Enter the title.' }),
  journal: boundedText(RESEARCH_LIMITS.journal, 'The journal').min(1, { error: 'Enter the journal or publication.' }),
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

export type PaperValues = z.output<typeof paperSchema>;

/** The refusal of docs/product.md §5: its message when a required field is missing. */
export const paperRefusal = requiredFirst(['title', 'authors', 'journal'], PAPER_REQUIRED);

/** The form's check, as the actions check (paperSchema, paperRefusal). */
export function checkPaper(input: unknown) {
  return checkWith(paperSchema, input, paperRefusal);
}

export { PAPER_STATUSES };

/** The form after a create (docs/product.md §4): status back to published, date to today. */
export function emptyPaperForm(now: Date = new Date()) {
  return { title: '', journal: '', authors: '', date: todayDate(now), abstract: '', link: '', pdfUrl: '', tags: '', doi: '', arxivId: '', status: 'published' as const };
}
