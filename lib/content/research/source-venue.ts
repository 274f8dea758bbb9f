import { isCalendarDate } from '@/lib/validation/lists';
import { RESEARCH_LIMITS } from '@/lib/validation/research';
import { emptyVenue, isPages, isValidIsbn, KIND_FIELDS, VENUE_FIELDS, type PaperKind, type PaperVenue, type VenueField } from './kinds';

/**
 * A venue as an import finds it (Crossref, DataCite, arXiv, ORCID, a BibTeX entry) → the venue the editor would
 * store (issue 45). A source's field that the schema would refuse (an ISBN whose check digit is wrong, pages that
 * are no page range, a volume of a hundred characters) is dropped, a name that is only too long is cut: the paper
 * keeps everything else, and checkPaper then accepts it whole or not at all. Pure, client-safe.
 */

/** The venue fields besides the kind and the venue's title, as ResearchPaper holds them. */
export type VenueValues = Omit<PaperVenue, 'kind' | 'journal'>;

/** What a source says of a paper's venue: its kind, its venue's title (or the line that stands for it), and whichever venue fields it gives, as written. */
export interface GivenVenue {
  kind: PaperKind;
  journal: string;
  fields: Partial<VenueValues>;
}

/** At most `max` characters, cut at a word with '…' when it has to be. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** A person as the editor lists them: it reads authors and editors as comma-separated lists, so a comma inside one name ('Smith, Jr.') would split it. */
export function listedName(name: string, max: number): string {
  return cutText(name.replace(/\s*,\s*/g, ' ').replace(/\s+/g, ' ').trim(), max);
}

/** Names: cut when too long, as a title is. */
const NAMES = new Set<VenueField>(['publisher', 'institution', 'eventName', 'eventPlace']);


/** One text field as the schema accepts it: a name cut to its limit; a number, pages or an ISBN as written, or '' when the schema would refuse it. */
function acceptedText(field: Exclude<VenueField, 'editors' | 'eventStart' | 'eventEnd'>, value: string | undefined): string {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  const max = RESEARCH_LIMITS[field];
  if (NAMES.has(field)) return cutText(text, max);
  if (text.length > max) return '';
  if (field === 'pages') return isPages(text) ? text : '';
  if (field === 'isbn') return text && isValidIsbn(text) ? text : '';
  return text;
}

/** The fields `kind` has, each as the schema accepts it; the rest empty. */
function acceptedFields(kind: PaperKind, given: Partial<VenueValues>): VenueValues {
  const fields: VenueValues = emptyVenue();
  for (const field of VENUE_FIELDS) {
    if (!KIND_FIELDS[kind].fields.includes(field)) continue;
    if (field === 'editors') {
      fields.editors = (given.editors ?? []).map((name) => listedName(name, RESEARCH_LIMITS.editor)).filter(Boolean).slice(0, RESEARCH_LIMITS.editors);
    } else if (field === 'eventStart' || field === 'eventEnd') {
      const date = given[field]?.trim() ?? '';
      fields[field] = isCalendarDate(date) ? date : null;
    } else {
      fields[field] = acceptedText(field, given[field]);
    }
  }
  // A conference cannot end before it starts: of two dates that say so, the end is the one dropped.
  if (fields.eventStart && fields.eventEnd && fields.eventEnd < fields.eventStart) fields.eventEnd = null;
  return fields;
}

/**
 * The venue the editor would store: the kind's own fields, each kept, cut or dropped as the schema would have it,
 * the venue's title cut to its limit. A kind whose required publisher or institution the source does not give (an
 * ORCID summary of a thesis, a @book without a publisher) is stored as 'other' under `journal`, the line that
 * stood for its venue before kinds: the paper is kept, and its owner can complete it in the editor.
 */
export function acceptedVenue(given: GivenVenue): PaperVenue {
  const journal = cutText(given.journal.replace(/\s+/g, ' ').trim(), RESEARCH_LIMITS.journal);
  const fields = acceptedFields(given.kind, given.fields);
  const required = KIND_FIELDS[given.kind].required;
  if (required !== 'journal' && fields[required] === '') return { kind: 'other', journal, ...acceptedFields('other', given.fields) };
  return { kind: given.kind, journal, ...fields };
}
