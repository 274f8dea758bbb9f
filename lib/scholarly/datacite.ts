import 'server-only';

import { KIND_FIELDS, type PaperKind } from '@/lib/content/research/kinds';
import { normalizeArxivId, normalizeDoi } from '@/lib/validation/research';
import { z } from '@/lib/validation/zod';
import { askSource, type ScholarlyConfig } from './config';
import { malformedProblem } from './http';
import { cleanTitle, jatsToMarkup, texTextToMarkup } from './jats';
import { arxivJournal, dateFrom, dateFromText, doiLink, doiPath, givenVenue, personName, type SourceWork, type WorkResult } from './work';

/**
 * DataCite's REST API, GET {base}/dois/{doi}: a DOI DataCite registered (datasets, software, Zenodo and
 * arXiv records, theses), asked for when Crossref does not know the DOI. JSON:API: { data: { id,
 * type: 'dois', attributes: { … } } }. Only the fields read here are checked.
 */

const text = z.string();
const names = z
  .array(z.object({ name: text.nullish(), givenName: text.nullish(), familyName: text.nullish(), nameType: text.nullish(), contributorType: text.nullish() }))
  .nullish();

/** A venue field of an unexpected shape is lost, not the record: `catch` reads it as absent. */
const lenient = <T extends z.ZodType>(schema: T) => schema.nullish().catch(null);

/**
 * What a work is published in (DataCite Metadata Schema 4.4's relatedItem with relationType IsPublishedIn:
 * a journal, the book a chapter is in), as the REST API gives it; see "Using RelatedItem for publication
 * information" in the schema's documentation.
 */
const relatedItem = z.object({
  relationType: text.nullish(),
  relatedItemIdentifier: z.object({ relatedItemIdentifier: text.nullish(), relatedItemIdentifierType: text.nullish() }).nullish(),
  titles: z.array(z.object({ title: text.nullish() })).nullish(),
  volume: text.nullish(),
  issue: text.nullish(),
  number: text.nullish(),
  numberType: text.nullish(),
  firstPage: text.nullish(),
  lastPage: text.nullish(),
  publisher: text.nullish(),
  edition: text.nullish(),
  contributors: names,
});

const dataciteSchema = z.object({
  data: z.object({
    type: z.literal('dois'),
    attributes: z.object({
      doi: text,
      creators: names,
      titles: z.array(z.object({ title: text.nullish(), titleType: text.nullish() })).nullish(),
      // A text in the default representation, an object with a name in the newer one (?publisher=true).
      publisher: z.union([text, z.object({ name: text.nullish() })]).nullish(),
      container: lenient(
        z.object({ title: text.nullish(), volume: text.nullish(), issue: text.nullish(), firstPage: text.nullish(), lastPage: text.nullish() }),
      ),
      contributors: lenient(names),
      relatedItems: lenient(z.array(relatedItem)),
      publicationYear: z.union([z.number().int(), text]).nullish(),
      dates: z.array(z.object({ date: text.nullish(), dateType: text.nullish() })).nullish(),
      descriptions: z.array(z.object({ description: z.union([text, z.array(text)]).nullish(), descriptionType: text.nullish() })).nullish(),
      types: z.object({ resourceTypeGeneral: text.nullish(), resourceType: text.nullish() }).nullish(),
    }),
  }),
});

type Attributes = z.output<typeof dataciteSchema>['data']['attributes'];
type Creator = NonNullable<z.output<typeof names>>[number];
type RelatedItem = z.output<typeof relatedItem>;

/** A person as 'Given Family': from the parts, or from 'Family, Given' as DataCite writes `name`; an organisation as named. */
function creatorName(creator: Creator): string {
  const fromParts = personName(creator.givenName, creator.familyName);
  if (fromParts && creator.nameType !== 'Organizational') return cleanTitle(fromParts);
  const name = creator.name ?? '';
  const inverted = /^([^,]+),\s*([^,]+)$/.exec(name);
  return cleanTitle(inverted && creator.nameType !== 'Organizational' ? `${inverted[2]} ${inverted[1]}` : name);
}

/** The issued date, else the date it was made available, else 1 January of the publication year. */
function dateOf(attributes: Attributes): string | null {
  for (const type of ['Issued', 'Available']) {
    const date = dateFromText(attributes.dates?.find((entry) => entry.dateType === type)?.date);
    if (date) return date;
  }
  return dateFrom(Number(attributes.publicationYear));
}

/** DataCite's resourceTypeGeneral (Metadata Schema 4.5, appendix 1) as kinds of work; what is not listed (Text, Collection, …) is 'other'. */
const KINDS: Record<string, PaperKind> = {
  JournalArticle: 'article',
  DataPaper: 'article',
  ConferencePaper: 'conference',
  Book: 'book',
  BookChapter: 'chapter',
  // DataCite does not say which degree a dissertation is for: a PhD is the likelier.
  Dissertation: 'phd-thesis',
  Report: 'report',
  Preprint: 'preprint',
  Dataset: 'dataset',
  Software: 'software',
  ComputationalNotebook: 'software',
};

/** An arXiv DOI is an arXiv preprint whatever its record says. */
function kindOf(attributes: Attributes, arxivId: string | null): PaperKind {
  if (arxivId) return 'preprint';
  return KINDS[attributes.types?.resourceTypeGeneral ?? ''] ?? 'other';
}

/** 'first–last', or the one page given. */
function pagesOf(first: string | null | undefined, last: string | null | undefined): string {
  const [from, to] = [first?.trim() ?? '', last?.trim() ?? ''];
  return from && to && from !== to ? `${from}–${to}` : from || to;
}

/** The editors among a record's contributors. */
function editorsOf(contributors: z.output<typeof names>): string[] {
  return (contributors ?? []).filter((contributor) => contributor.contributorType === 'Editor').map(creatorName);
}

/**
 * The venue fields DataCite gives: volume, issue and pages from the container or, failing that, the related item
 * the work is published in, which also gives a chapter's book, its editors, edition and ISBN. A thesis's or
 * report's institution is its publisher (the university or laboratory that holds it: DataCite's publisher is
 * the body that makes the resource available).
 */
function venueOf(attributes: Attributes, kind: PaperKind, publishedIn: RelatedItem | undefined, publisher: string) {
  const container = attributes.container;
  const identifier = publishedIn?.relatedItemIdentifier;
  const clean = (value: string | null | undefined) => cleanTitle(value ?? '');
  return givenVenue({
    volume: clean(container?.volume) || clean(publishedIn?.volume),
    issue: clean(container?.issue) || clean(publishedIn?.issue),
    pages: clean(pagesOf(container?.firstPage, container?.lastPage)) || clean(pagesOf(publishedIn?.firstPage, publishedIn?.lastPage)),
    articleNumber: publishedIn?.numberType === 'Article' ? clean(publishedIn.number) : '',
    publisher,
    editors: [...editorsOf(attributes.contributors), ...editorsOf(publishedIn?.contributors)],
    edition: clean(publishedIn?.edition),
    isbn: identifier?.relatedItemIdentifierType === 'ISBN' ? clean(identifier.relatedItemIdentifier) : '',
    institution: KIND_FIELDS[kind].required === 'institution' ? publisher : '',
  });
}

/** arXiv's own DOIs (10.48550/arXiv.2403.01234) name an arXiv paper. */
function arxivIdOf(doi: string): string | null {
  const match = /^10\.48550\/arxiv\.(.+)$/i.exec(doi);
  return match?.[1] ? normalizeArxivId(match[1]) : null;
}

/** DataCite's answer for one DOI as a work, or a 'malformed' problem. */
export function parseDatacite(body: string): WorkResult {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, problem: malformedProblem('DataCite') };
  }
  const parsed = dataciteSchema.safeParse(json);
  if (!parsed.success) return { ok: false, problem: malformedProblem('DataCite') };
  const attributes = parsed.data.data.attributes;
  const doi = normalizeDoi(attributes.doi);
  const arxivId = doi ? arxivIdOf(doi) : null;
  const titles = attributes.titles ?? [];
  const title = titles.find((entry) => !entry.titleType && entry.title) ?? titles.find((entry) => entry.title);
  const publisher = cleanTitle(typeof attributes.publisher === 'string' ? attributes.publisher : (attributes.publisher?.name ?? ''));
  const publishedIn = attributes.relatedItems?.find((item) => item.relationType === 'IsPublishedIn');
  const container = cleanTitle(attributes.container?.title ?? '') || cleanTitle(publishedIn?.titles?.find((entry) => entry.title)?.title ?? '');
  const kind = kindOf(attributes, arxivId);
  const abstract = attributes.descriptions?.find((entry) => entry.descriptionType === 'Abstract' && entry.description)?.description;
  const work: SourceWork = {
    source: 'DataCite',
    title: cleanTitle(title?.title ?? ''),
    authors: (attributes.creators ?? []).map(creatorName).filter(Boolean),
    journal: arxivId ? arxivJournal(arxivId) : container || publisher,
    date: dateOf(attributes),
    abstract: abstract ? (arxivId ? texTextToMarkup : jatsToMarkup)(Array.isArray(abstract) ? abstract.join('\n\n') : abstract) : '',
    doi,
    arxivId,
    link: doi ? doiLink(doi) : null,
    kind,
    venue: venueOf(attributes, kind, publishedIn, publisher),
  };
  return { ok: true, work };
}

/** One DOI looked up at DataCite. */
export async function fetchDatacite(doi: string, config: ScholarlyConfig): Promise<WorkResult> {
  const answer = await askSource(config, `${config.datacite}/dois/${doiPath(doi)}`, {
    accept: 'application/vnd.api+json, application/json',
    source: 'DataCite',
    what: `the DOI ${doi}`,
  });
  return answer.ok ? parseDatacite(answer.text) : answer;
}
