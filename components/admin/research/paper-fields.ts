import { KIND_FIELDS, PAPER_KIND_LABELS, VENUE_FIELD_LABELS, VENUE_FIELDS, type VenueField } from '@/lib/content/research/kinds';
import { STATUS_BADGES } from '@/lib/content/research/rules';
import type { ResearchPaper } from '@/lib/content/research/types';
import { formatLongDate } from '@/lib/format';
import type { PaperValues } from '@/lib/validation/research';

/**
 * A paper's fields as the Research Papers editor's imports show them: the preview of a paper found by
 * identifier or read from BibTeX (previewFields), and "Refresh from source" (issue 34), which lists what the
 * source says differently, field by field, and merges the fields taken into the editor's form. Its kind and
 * venue fields are among them (issue 45). Pure, client-safe.
 */

/** The label of the kind in a preview or a refresh. */
export const KIND_LABEL = 'Type';

/** A venue field's label as the editor shows it, without the form's hint on how to type it ('Editors (comma separated)' → 'Editors'). */
export function venueFieldLabel(field: VenueField): string {
  return VENUE_FIELD_LABELS[field].replace(/\s*\(comma separated\)$/, '');
}

/** A venue field's value as a preview shows it: a list joined, a date written out. */
function venueFieldText(paper: PaperValues, field: VenueField): string {
  const value = paper[field];
  if (Array.isArray(value)) return value.join(', ');
  if (field === 'eventStart' || field === 'eventEnd') return value ? formatLongDate(value) : '';
  return value ?? '';
}

/**
 * A paper's fields as the previews list them: its kind, its venue as the kind names it and the venue fields the
 * kind has; the abstract's start only. Empty fields are left out.
 */
export function previewFields(paper: PaperValues, extra: [string, string | null | undefined][] = []): [string, string][] {
  const shape = KIND_FIELDS[paper.kind];
  const fields: [string, string | null | undefined][] = [
    ['Authors', paper.authors.join(', ')],
    ['Date', formatLongDate(paper.date)],
    [KIND_LABEL, PAPER_KIND_LABELS[paper.kind]],
    ...(shape.venue ? [[shape.venue, paper.journal] satisfies [string, string]] : []),
    ...shape.fields.map((field): [string, string] => [venueFieldLabel(field), venueFieldText(paper, field)]),
    ['DOI', paper.doi],
    ['arXiv ID', paper.arxivId],
    ...extra,
    ['Abstract', paper.abstract.length > 240 ? `${paper.abstract.slice(0, 240)}…` : paper.abstract],
  ];
  return fields.filter((field): field is [string, string] => Boolean(field[1]));
}

/** The fields a source can speak for, in the editor's order; tags and the PDF are the owner's own. */
export const REFRESH_FIELDS = ['title', 'authors', 'kind', 'journal', ...VENUE_FIELDS, 'date', 'abstract', 'doi', 'arxivId', 'link', 'status'] as const;
export type RefreshField = (typeof REFRESH_FIELDS)[number];

type Compared = Pick<PaperValues, RefreshField>;

const LABELS: Record<Exclude<RefreshField, VenueField | 'journal'>, string> = {
  title: 'Title',
  authors: 'Authors',
  kind: KIND_LABEL,
  date: 'Date',
  abstract: 'Abstract',
  doi: 'DOI',
  arxivId: 'arXiv ID',
  link: 'Link',
  status: 'Status',
};

/** A field's label in the refresh, the venue's as the source's kind names it. */
export function refreshLabel(field: RefreshField, source: Pick<PaperValues, 'kind'>): string {
  if (field === 'journal') return KIND_FIELDS[source.kind].venue ?? 'Journal/Publication';
  if ((VENUE_FIELDS as readonly string[]).includes(field)) return venueFieldLabel(field as VenueField);
  return LABELS[field as keyof typeof LABELS];
}

function shown(paper: Compared, field: RefreshField): string {
  const value = paper[field];
  if (field === 'status') return STATUS_BADGES[paper.status].label;
  if (field === 'kind') return PAPER_KIND_LABELS[paper.kind];
  if (Array.isArray(value)) return value.join(', ');
  return value ?? '';
}

export interface Difference {
  field: RefreshField;
  now: string;
  source: string;
}

/** What the source says differently from the stored paper, field by field, as each is shown. */
export function differences(stored: ResearchPaper, source: PaperValues): Difference[] {
  return REFRESH_FIELDS.flatMap((field) => {
    const now = shown(stored, field);
    const next = shown(source, field);
    return now === next ? [] : [{ field, now, source: next }];
  });
}

/**
 * The editor's form values of a stored paper (as research-editor.tsx's toForm), with the chosen fields from the
 * source. The stored kind's venue fields go along whatever is chosen: a kind taken from the source keeps only
 * its own fields when saved.
 */
export function mergedForm(stored: ResearchPaper, source: PaperValues, fields: ReadonlySet<RefreshField>) {
  const pick = <F extends RefreshField>(field: F) => (fields.has(field) ? source[field] : stored[field]);
  const venue = Object.fromEntries(
    VENUE_FIELDS.map((field) => {
      const value = pick(field);
      return [field, Array.isArray(value) ? value.join(', ') : (value ?? '')];
    }),
  ) as Record<VenueField, string>;
  return {
    kind: pick('kind'),
    title: pick('title'),
    journal: pick('journal'),
    ...venue,
    authors: pick('authors').join(', '),
    date: pick('date'),
    abstract: pick('abstract'),
    link: pick('link') ?? '',
    pdfUrl: stored.pdfUrl ?? '',
    tags: stored.tags.join(', '),
    doi: pick('doi') ?? '',
    arxivId: pick('arxivId') ?? '',
    status: pick('status'),
  };
}
