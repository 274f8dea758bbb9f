import { z } from '@/lib/validation/zod';
import {
  CV_ENTRY_CATEGORIES,
  CV_PAPER_SIZES,
  CV_PROJECT_CHOICES,
  CV_SECTIONS,
  isCvSectionKey,
  type CvEntryCategory,
  type CvSectionKey,
} from '@/lib/cv/types';
import { boundedText, isCalendarDate, isHttpUrl, listItemId, newTemporaryId } from './lists';

/**
 * The CV editor's rows and the CV settings (docs/product.md, "The CV"), shared by the forms and their server
 * actions. Client-safe.
 */

export const CV_LIMITS = { items: 300, title: 300, place: 200, description: 300, url: 2_048, summary: 1_500 } as const;

/** Unsaved rows carry a temporary id starting cv-; saved ones their uuid. */
export const TEMPORARY_CV_PREFIX = 'cv-';

export function isTemporaryCvId(id: string): boolean {
  return id.startsWith(TEMPORARY_CV_PREFIX);
}

export const CV_CATEGORY_LABELS: Record<CvEntryCategory, string> = {
  award: 'Honour or award',
  service: 'Service',
};

export const CV_TITLE_REQUIRED = 'Enter a title.';
export const CV_START_INVALID = 'Enter a year (2024), a month (2024-03) or a day (2024-03-14).';
export const CV_END_INVALID = 'Enter a year, a month or a day for the end, or leave it blank for a single date.';
export const CV_END_BEFORE_START = 'The end cannot be before the start.';
export const CV_URL_INVALID = 'Enter a full http:// or https:// address, or leave it blank.';
export const CV_CATEGORY_INVALID = 'Choose a section: Honours & Awards or Service.';
export const CV_DESCRIPTION_ONE_LINE = 'The description is one line: remove the line breaks.';

const CV_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/** A year, a year-month or a day between 1900 and 2100 that exists in the calendar ('2024-02-30' does not). */
export function isCvDate(value: string): boolean {
  const match = CV_DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < 1900 || year > 2100) return false;
  if (match[2] === undefined) return true;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return false;
  return match[3] === undefined || isCalendarDate(value);
}

/**
 * Whether an end comes before its start, compared at the precision both give: '2023' does not end before
 * '2023-05' (the same year), '2023-04' does.
 */
export function cvEndsBeforeStart(start: string, end: string | null): boolean {
  if (!end || !isCvDate(start) || !isCvDate(end)) return false;
  const length = Math.min(start.length, end.length);
  return end.slice(0, length) < start.slice(0, length);
}

export const cvEntryItemSchema = z
  .object({
    id: listItemId(TEMPORARY_CV_PREFIX, 'CV entry'),
    category: z.enum(CV_ENTRY_CATEGORIES, { error: CV_CATEGORY_INVALID }),
    start: z.string({ error: CV_START_INVALID }).trim().refine(isCvDate, { error: CV_START_INVALID }),
    end: z
      .string({ error: CV_END_INVALID })
      .trim()
      .refine((value) => value === '' || isCvDate(value), { error: CV_END_INVALID })
      .nullable()
      .transform((value) => value || null),
    title: boundedText(CV_LIMITS.title, 'The title').min(1, { error: CV_TITLE_REQUIRED }),
    place: boundedText(CV_LIMITS.place, 'The place'),
    url: boundedText(CV_LIMITS.url, 'The link')
      .refine((value) => value === '' || isHttpUrl(value), { error: CV_URL_INVALID })
      .nullable()
      .transform((value) => value || null),
    description: boundedText(CV_LIMITS.description, 'The description').refine((value) => !/[\r\n]/.test(value), { error: CV_DESCRIPTION_ONE_LINE }),
  })
  .refine((item) => !cvEndsBeforeStart(item.start, item.end), { error: CV_END_BEFORE_START, path: ['end'] });

/** Save All Changes: the whole list in the editor's order (its position); what is absent from it is deleted. */
export const cvEntryListSchema = z.object({
  items: z
    .array(cvEntryItemSchema, { error: 'The CV list must be a list.' })
    .max(CV_LIMITS.items, { error: `At most ${CV_LIMITS.items} CV entries.` })
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, { error: 'Two CV entries have the same id.' }),
});

export type CvEntryItemValues = z.output<typeof cvEntryItemSchema>;

/** What a new CV row starts with: this year, in the section the admin last picked (an award by default). */
export function newCvEntryDefaults(
  category: CvEntryCategory = 'award',
  now: Date = new Date(),
  id = newTemporaryId(TEMPORARY_CV_PREFIX, now.getTime()),
): CvEntryItemValues {
  return { id, category, start: String(now.getFullYear()), end: null, title: 'New entry', place: '', url: null, description: '' };
}

export const CV_SECTIONS_REQUIRED = 'Show at least one section.';
export const CV_SECTIONS_INVALID = 'The section list names a section the CV does not have, or one twice.';

/** Save CV Settings: the sections shown in order, the paper size, the summary, which projects, drafts. */
export const cvSettingsSchema = z.object({
  sections: z
    .array(z.string({ error: CV_SECTIONS_INVALID }), { error: CV_SECTIONS_INVALID })
    .max(CV_SECTIONS.length, { error: CV_SECTIONS_INVALID })
    .refine((sections) => sections.every(isCvSectionKey) && new Set(sections).size === sections.length, { error: CV_SECTIONS_INVALID })
    .refine((sections) => sections.length > 0, { error: CV_SECTIONS_REQUIRED })
    .transform((sections) => sections as CvSectionKey[]),
  paperSize: z.enum(CV_PAPER_SIZES, { error: 'Choose A4 or US Letter.' }),
  summary: boundedText(CV_LIMITS.summary, 'The summary'),
  projects: z.enum(CV_PROJECT_CHOICES, { error: 'Choose featured projects or all projects.' }),
  includeDrafts: z.boolean({ error: 'Choose whether draft papers are listed.' }),
});

export type CvSettingsValues = z.output<typeof cvSettingsSchema>;
