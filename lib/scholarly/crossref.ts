import 'server-only';

import { isValidIsbn, KIND_FIELDS, type PaperKind } from '@/lib/content/research/kinds';
import { normalizeDoi } from '@/lib/validation/research';
import { z } from '@/lib/validation/zod';
import { askSource, type ScholarlyConfig } from './config';
import { malformedProblem, type FetchBoundedResult } from './http';
import { cleanTitle, jatsToMarkup } from './jats';
import { dateFrom, doiLink, doiPath, exactDate, givenVenue, personName, type SourceWork, type WorkResult } from './work';

/**
 * Crossref's REST API, GET {base}/works/{doi}: the record of a DOI Crossref registered, in its message
 * envelope ({ status: 'ok', message-type: 'work', message: { … } }). Only the fields read here are
 * checked; the rest of the record is ignored.
 */

const text = z.string();
const texts = z.array(text).nullish();
const dateParts = z
  .object({ 'date-parts': z.array(z.array(z.number().int().nullable())).nullish() })
  .nullish();
const contributors = z
  .array(z.object({ given: text.nullish(), family: text.nullish(), name: text.nullish(), suffix: text.nullish() }))
  .nullish();

/** A venue field of an unexpected shape is lost, not the record: `catch` reads it as absent. */
const lenient = <T extends z.ZodType>(schema: T) => schema.nullish().catch(null);

const crossrefWorkSchema = z.object({
  status: z.literal('ok'),
  'message-type': z.literal('work'),
  message: z.object({
    DOI: text,
    type: text.nullish(),
    subtype: text.nullish(),
    title: texts,
    subtitle: texts,
    'container-title': texts,
    institution: z.array(z.object({ name: text.nullish() })).nullish(),
    publisher: text.nullish(),
    author: contributors,
    'published-print': dateParts,
    'published-online': dateParts,
    posted: dateParts,
    issued: dateParts,
    abstract: text.nullish(),
    // The venue (issue 45), as the Work schema of https://api.crossref.org/swagger-ui/index.html names it.
    volume: lenient(text),
    issue: lenient(text),
    page: lenient(text),
    'article-number': lenient(text),
    'edition-number': lenient(text),
    ISBN: lenient(z.array(text)),
    editor: lenient(contributors),
    event: lenient(z.object({ name: text.nullish(), location: text.nullish(), start: dateParts, end: dateParts })),
    degree: lenient(z.array(text)),
  }),
});

type CrossrefMessage = z.output<typeof crossrefWorkSchema>['message'];
type Contributor = NonNullable<z.output<typeof contributors>>[number];

/** The first of the dates that has a year: print, then online, then posted (preprints), then issued. */
function dateOf(message: CrossrefMessage): string | null {
  for (const field of [message['published-print'], message['published-online'], message.posted, message.issued]) {
    const [year, month, day] = field?.['date-parts']?.[0] ?? [];
    const date = dateFrom(year, month, day);
    if (date) return date;
  }
  return null;
}

/** A conference's day, when Crossref gives its year, month and day. */
function eventDate(field: z.output<typeof dateParts>): string | null {
  const [year, month, day] = field?.['date-parts']?.[0] ?? [];
  return exactDate(year, month, day);
}

/** Crossref's work types (https://api.crossref.org/types) as kinds of work; what is not listed is 'other'. */
const KINDS: Record<string, PaperKind> = {
  'journal-article': 'article',
  'proceedings-article': 'conference',
  book: 'book',
  monograph: 'book',
  'edited-book': 'book',
  'reference-book': 'book',
  'book-chapter': 'chapter',
  'book-section': 'chapter',
  'book-part': 'chapter',
  'reference-entry': 'chapter',
  dissertation: 'phd-thesis',
  report: 'report',
  'report-component': 'report',
  // Posted content (bioRxiv, SSRN, Research Square, …) is a preprint, whatever its subtype.
  'posted-content': 'preprint',
  dataset: 'dataset',
};

/**
 * The kind of a Crossref work. A dissertation's type does not say whether it is a PhD or a master's thesis: it
 * is a PhD thesis unless its optional `degree` names a master's degree.
 */
function kindOf(message: CrossrefMessage): PaperKind {
  const kind = KINDS[message.type ?? ''] ?? 'other';
  if (kind === 'phd-thesis' && (message.degree ?? []).some((degree) => /\bmaster|\bm\.?\s?(?:a|sc|s|phil|res|eng)\b/i.test(degree))) return 'masters-thesis';
  return kind;
}

function firstText(values: readonly string[] | null | undefined): string {
  for (const value of values ?? []) {
    const clean = cleanTitle(value);
    if (clean) return clean;
  }
  return '';
}

/** 'Given Family Suffix', or an organisation's name. */
function contributorName(contributor: Contributor): string {
  return cleanTitle(contributor.name ?? [personName(contributor.given, contributor.family), contributor.suffix].filter(Boolean).join(' '));
}

/**
 * The venue fields Crossref gives. A thesis's or report's institution is its `institution`, else the publisher
 * (the member that registered it is most often the university or laboratory itself). Crossref's work record
 * has no report number, so a report comes without one.
 */
function venueOf(message: CrossrefMessage, kind: PaperKind) {
  const publisher = cleanTitle(message.publisher ?? '');
  return givenVenue({
    volume: cleanTitle(message.volume ?? ''),
    issue: cleanTitle(message.issue ?? ''),
    pages: cleanTitle(message.page ?? ''),
    articleNumber: cleanTitle(message['article-number'] ?? ''),
    publisher,
    editors: (message.editor ?? []).map(contributorName),
    edition: cleanTitle(message['edition-number'] ?? ''),
    // Crossref lists a book's ISBNs (print, electronic): the first whose check digit is right.
    isbn: (message.ISBN ?? []).find(isValidIsbn),
    institution: firstText((message.institution ?? []).map((institution) => institution.name ?? '')) || (KIND_FIELDS[kind].required === 'institution' ? publisher : ''),
    eventName: cleanTitle(message.event?.name ?? ''),
    eventPlace: cleanTitle(message.event?.location ?? ''),
    eventStart: eventDate(message.event?.start),
    eventEnd: eventDate(message.event?.end),
  });
}

/** Crossref's answer for one DOI as a work, or a 'malformed' problem when it is not a work record. */
export function parseCrossref(body: string): WorkResult {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, problem: malformedProblem('Crossref') };
  }
  const parsed = crossrefWorkSchema.safeParse(json);
  if (!parsed.success) return { ok: false, problem: malformedProblem('Crossref') };
  const message = parsed.data.message;
  const doi = normalizeDoi(message.DOI);
  const title = firstText(message.title);
  const subtitle = firstText(message.subtitle);
  const kind = kindOf(message);
  const work: SourceWork = {
    source: 'Crossref',
    title: subtitle && title && !title.toLowerCase().includes(subtitle.toLowerCase()) ? `${title}: ${subtitle}` : title,
    authors: (message.author ?? []).map(contributorName).filter(Boolean),
    // Posted content has no container; its server is named as the institution, else as publisher.
    journal: firstText(message['container-title']) || firstText((message.institution ?? []).map((institution) => institution.name ?? '')) || cleanTitle(message.publisher ?? ''),
    date: dateOf(message),
    abstract: message.abstract ? jatsToMarkup(message.abstract) : '',
    doi,
    arxivId: null,
    link: doi ? doiLink(doi) : null,
    kind,
    venue: venueOf(message, kind),
  };
  return { ok: true, work };
}

/**
 * GET {base}/works/{doi} with the configuration's bounds: Crossref's answer for one DOI, not yet read.
 * fetchCrossref reads it as a work; the citation counts (citations.ts) read only its count and title.
 */
export function askCrossref(doi: string, config: ScholarlyConfig, now?: () => number): Promise<FetchBoundedResult> {
  return askSource(config, `${config.crossref}/works/${doiPath(doi)}`, {
    accept: 'application/json',
    source: 'Crossref',
    what: `the DOI ${doi}`,
    ...(now ? { now } : {}),
  });
}

/** One DOI looked up at Crossref. */
export async function fetchCrossref(doi: string, config: ScholarlyConfig): Promise<WorkResult> {
  const answer = await askCrossref(doi, config);
  return answer.ok ? parseCrossref(answer.text) : answer;
}
