import 'server-only';

import { normalizeDoi } from '@/lib/validation/research';
import { z } from '@/lib/validation/zod';
import { askSource, type ScholarlyConfig } from './config';
import { malformedProblem } from './http';
import { cleanTitle, jatsToMarkup } from './jats';
import { dateFrom, doiLink, doiPath, personName, type SourceWork, type WorkKind, type WorkResult } from './work';

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
    author: z
      .array(z.object({ given: text.nullish(), family: text.nullish(), name: text.nullish(), suffix: text.nullish() }))
      .nullish(),
    'published-print': dateParts,
    'published-online': dateParts,
    posted: dateParts,
    issued: dateParts,
    abstract: text.nullish(),
  }),
});

type CrossrefMessage = z.output<typeof crossrefWorkSchema>['message'];

/** The first of the dates that has a year: print, then online, then posted (preprints), then issued. */
function dateOf(message: CrossrefMessage): string | null {
  for (const field of [message['published-print'], message['published-online'], message.posted, message.issued]) {
    const [year, month, day] = field?.['date-parts']?.[0] ?? [];
    const date = dateFrom(year, month, day);
    if (date) return date;
  }
  return null;
}

/** journal-article is published in a journal; posted-content (bioRxiv, SSRN, Research Square, …) is a preprint. */
function kindOf(type: string | null | undefined): WorkKind {
  if (type === 'journal-article') return 'journal';
  if (type === 'posted-content') return 'preprint';
  return 'other';
}

function firstText(values: readonly string[] | null | undefined): string {
  for (const value of values ?? []) {
    const clean = cleanTitle(value);
    if (clean) return clean;
  }
  return '';
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
  const work: SourceWork = {
    source: 'Crossref',
    title: subtitle && title && !title.toLowerCase().includes(subtitle.toLowerCase()) ? `${title}: ${subtitle}` : title,
    authors: (message.author ?? [])
      .map((author) => cleanTitle(author.name ?? [personName(author.given, author.family), author.suffix].filter(Boolean).join(' ')))
      .filter(Boolean),
    // Posted content has no container; its server is named as the institution, else as publisher.
    journal: firstText(message['container-title']) || firstText((message.institution ?? []).map((institution) => institution.name ?? '')) || cleanTitle(message.publisher ?? ''),
    date: dateOf(message),
    abstract: message.abstract ? jatsToMarkup(message.abstract) : '',
    doi,
    arxivId: null,
    link: doi ? doiLink(doi) : null,
    kind: kindOf(message.type),
  };
  return { ok: true, work };
}

/** One DOI looked up at Crossref. */
export async function fetchCrossref(doi: string, config: ScholarlyConfig): Promise<WorkResult> {
  const answer = await askSource(config, `${config.crossref}/works/${doiPath(doi)}`, {
    accept: 'application/json',
    source: 'Crossref',
    what: `the DOI ${doi}`,
  });
  return answer.ok ? parseCrossref(answer.text) : answer;
}
