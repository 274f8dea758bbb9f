import { z } from '@/lib/validation/zod';
import { boundedText, listItemId, newTemporaryId, nonBlankEntries, textList, uniqueEntries } from './lists';

/**
 * The Experience editor's input (docs/product.md §§3, 5 and 9), shared by the editor and its server action.
 * Client-safe.
 */

export const EXPERIENCE_LIMITS = {
  items: 200,
  text: 200,
  description: 10_000,
  highlights: 30,
  highlight: 500,
  technologies: 50,
  technology: 80,
} as const;

/** Unsaved items carry a temporary id starting exp- (docs/product.md §3); saved ones their uuid. */
export const TEMPORARY_ID_PREFIX = 'exp-';

export function isTemporaryExperienceId(id: string): boolean {
  return id.startsWith(TEMPORARY_ID_PREFIX);
}

/** A year-month as the month inputs give it ('2024-09'), in a plausible range. */
const YEAR_MONTH = /^(19\d\d|20\d\d|2100)-(0[1-9]|1[0-2])$/;

export function isYearMonth(value: string): boolean {
  return YEAR_MONTH.test(value);
}

/** Whether a year-month range runs backwards: year-month text compares chronologically. */
export function endsBeforeStart(start: string, end: string | null): boolean {
  return end !== null && isYearMonth(start) && isYearMonth(end) && end < start;
}

export const END_BEFORE_START_MONTH = 'The end date cannot be before the start date.';
export const TITLE_REQUIRED = 'Enter a job title.';
export const COMPANY_REQUIRED = 'Enter the company.';

const month = (message: string) => z.string({ error: message }).trim().refine(isYearMonth, { error: message });

export const experienceItemSchema = z
  .object({
    id: listItemId(TEMPORARY_ID_PREFIX, 'item'),
    title: boundedText(EXPERIENCE_LIMITS.text, 'The job title').min(1, { error: TITLE_REQUIRED }),
    company: boundedText(EXPERIENCE_LIMITS.text, 'The company').min(1, { error: COMPANY_REQUIRED }),
    location: boundedText(EXPERIENCE_LIMITS.text, 'The location'),
    startDate: month('Choose a start month.'),
    /** Blank or null while the position is current (docs/product.md §5: blank means current). */
    endDate: z
      .union([z.literal(''), month('Choose an end month, or leave it blank for a current position.')], {
        error: 'Choose an end month, or leave it blank for a current position.',
      })
      .nullable()
      .transform((value) => value || null),
    description: boundedText(EXPERIENCE_LIMITS.description, 'The description'),
    highlights: textList('highlight', EXPERIENCE_LIMITS.highlights, EXPERIENCE_LIMITS.highlight, nonBlankEntries),
    technologies: textList('technology', EXPERIENCE_LIMITS.technologies, EXPERIENCE_LIMITS.technology, uniqueEntries),
  })
  .refine((item) => !endsBeforeStart(item.startDate, item.endDate), { error: END_BEFORE_START_MONTH, path: ['endDate'] });

/** Save All Changes: the whole list as the editor holds it; what is absent from it is deleted. */
export const experienceListSchema = z.object({
  items: z
    .array(experienceItemSchema, { error: 'The experience list must be a list.' })
    .max(EXPERIENCE_LIMITS.items, { error: `At most ${EXPERIENCE_LIMITS.items} experience items.` })
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, { error: 'Two items have the same id.' }),
});

export type ExperienceItemValues = z.output<typeof experienceItemSchema>;

/** The current year-month in the visitor's own calendar ('2026-11'). */
export function currentYearMonth(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** docs/product.md §9: what a new experience item starts with. */
export function newExperienceDefaults(now: Date = new Date(), id = newTemporaryId(TEMPORARY_ID_PREFIX, now.getTime())): ExperienceItemValues {
  return {
    id,
    title: 'New Position',
    company: 'Company Name',
    location: 'Location',
    startDate: currentYearMonth(now),
    endDate: null,
    description: 'Job description goes here',
    highlights: ['Key achievement or responsibility'],
    technologies: ['Technology'],
  };
}
