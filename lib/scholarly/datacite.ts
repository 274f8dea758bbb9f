import 'server-only';

import { normalizeArxivId, normalizeDoi } from '@/lib/validation/research';
import { z } from '@/lib/validation/zod';
import { askSource, type ScholarlyConfig } from './config';
import { malformedProblem } from './http';
import { cleanTitle, jatsToMarkup, texTextToMarkup } from './jats';
import { arxivJournal, dateFrom, dateFromText, doiLink, doiPath, personName, type SourceWork, type WorkKind, type WorkResult } from './work';

/**
 * DataCite's REST API, GET {base}/dois/{doi}: a DOI DataCite registered (datasets, software, Zenodo and
 * arXiv records, theses), asked for when Crossref does not know the DOI. JSON:API: { data: { id,
 * type: 'dois', attributes: { … } } }. Only the fields read here are checked.
 */

const text = z.string();

const dataciteSchema = z.object({
  data: z.object({
    type: z.literal('dois'),
    attributes: z.object({
      doi: text,
      creators: z
        .array(z.object({ name: text.nullish(), givenName: text.nullish(), familyName: text.nullish(), nameType: text.nullish() }))
        .nullish(),
      titles: z.array(z.object({ title: text.nullish(), titleType: text.nullish() })).nullish(),
      // A text in the default representation, an object with a name in the newer one (?publisher=true).
      publisher: z.union([text, z.object({ name: text.nullish() })]).nullish(),
      container: z.object({ title: text.nullish() }).nullish(),
      publicationYear: z.union([z.number().int(), text]).nullish(),
      dates: z.array(z.object({ date: text.nullish(), dateType: text.nullish() })).nullish(),
      descriptions: z.array(z.object({ description: z.union([text, z.array(text)]).nullish(), descriptionType: text.nullish() })).nullish(),
      types: z.object({ resourceTypeGeneral: text.nullish(), resourceType: text.nullish() }).nullish(),
    }),
  }),
});

type Attributes = z.output<typeof dataciteSchema>['data']['attributes'];
type Creator = NonNullable<Attributes['creators']>[number];

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

function kindOf(attributes: Attributes, arxivId: string | null): WorkKind {
  const general = attributes.types?.resourceTypeGeneral;
  if (general === 'Preprint' || arxivId) return 'preprint';
  if (general === 'JournalArticle') return 'journal';
  return 'other';
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
  const publisher = typeof attributes.publisher === 'string' ? attributes.publisher : (attributes.publisher?.name ?? '');
  const abstract = attributes.descriptions?.find((entry) => entry.descriptionType === 'Abstract' && entry.description)?.description;
  const work: SourceWork = {
    source: 'DataCite',
    title: cleanTitle(title?.title ?? ''),
    authors: (attributes.creators ?? []).map(creatorName).filter(Boolean),
    journal: arxivId ? arxivJournal(arxivId) : cleanTitle(attributes.container?.title ?? '') || cleanTitle(publisher),
    date: dateOf(attributes),
    abstract: abstract ? (arxivId ? texTextToMarkup : jatsToMarkup)(Array.isArray(abstract) ? abstract.join('\n\n') : abstract) : '',
    doi,
    arxivId,
    link: doi ? doiLink(doi) : null,
    kind: kindOf(attributes, arxivId),
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
