import { COURSE_ROLES, TEACHING_GROUPINGS, type CourseRole } from '@/lib/content/courses/types';
import { z } from '@/lib/validation/zod';
import { isSafeImageUrl } from './about';
import { cvEndsBeforeStart, isCvDate } from './cv';
import { boundedText, listItemId, newTemporaryId, textList, uniqueEntries } from './lists';

/**
 * The Teaching editor's input (docs/product.md, "Teaching"), shared by the editor and its server actions.
 * Client-safe.
 */

export const COURSE_LIMITS = {
  items: 500,
  title: 300,
  code: 50,
  institution: 300,
  level: 100,
  terms: 20,
  term: 100,
  description: 20_000,
  materials: 20,
  materialLabel: 100,
  url: 2_048,
  note: 500,
} as const;

/** Unsaved courses carry a temporary id starting course-; saved ones their uuid. */
export const TEMPORARY_COURSE_PREFIX = 'course-';

export function isTemporaryCourseId(id: string): boolean {
  return id.startsWith(TEMPORARY_COURSE_PREFIX);
}

export const COURSE_TITLE_REQUIRED = 'Enter the title of the course.';
export const COURSE_ONE_LINE = 'Write it on one line.';
export const COURSE_ROLE_INVALID = 'Choose a role from the list, or leave it unstated.';
export const COURSE_START_INVALID = 'Enter a year (2024), a month (2024-09) or a day (2024-09-16).';
export const COURSE_END_INVALID = 'Enter a year, a month or a day for the end, or leave it blank for a single year.';
export const COURSE_END_BEFORE_START = 'The end cannot be before the start.';
export const COURSE_MATERIALS_TOO_MANY = `At most ${COURSE_LIMITS.materials} materials.`;
export const COURSE_GROUPING_INVALID = 'Choose to group the teaching page by institution or by year.';

/** A material row's refusal, naming the row (the rows have no fields of their own in the error list). */
export const courseMaterialLabelRequired = (row: number) => `Material ${row}: enter its name, such as Syllabus or Problem sheet 1.`;
export const courseMaterialUrlInvalid = (row: number) => `Material ${row}: upload a PDF or enter an http(s) address.`;
export const courseMaterialLabelTooLong = (row: number) => `Material ${row}: the name must be one line of at most ${COURSE_LIMITS.materialLabel} characters.`;

function oneLine(max: number, label: string) {
  return boundedText(max, label).refine((value) => !/[\r\n]/.test(value), { error: COURSE_ONE_LINE });
}

const material = z.object({
  label: z.string({ error: 'A material’s name must be text.' }).trim(),
  url: z.string({ error: 'A material’s address must be text.' }).trim(),
});

/**
 * The materials as rows of a name and an address: a row left blank is dropped, any other needs both, a one-line
 * name and an address that is a stored file (/storage/…) or an http(s) address. Refusals are on `materials`,
 * naming the row, so editing the list clears them.
 */
const materials = z
  .array(material, { error: 'The materials must be a list.' })
  .transform((rows) => rows.filter((row) => row.label !== '' || row.url !== ''))
  .superRefine((rows, context) => {
    if (rows.length > COURSE_LIMITS.materials) context.addIssue({ code: 'custom', message: COURSE_MATERIALS_TOO_MANY });
    rows.forEach((row, index) => {
      const message =
        row.label === ''
          ? courseMaterialLabelRequired(index + 1)
          : row.label.length > COURSE_LIMITS.materialLabel || /[\r\n]/.test(row.label)
            ? courseMaterialLabelTooLong(index + 1)
            : row.url === '' || row.url.length > COURSE_LIMITS.url || !isSafeImageUrl(row.url)
              ? courseMaterialUrlInvalid(index + 1)
              : null;
      if (message) context.addIssue({ code: 'custom', message });
    });
  });

export const courseItemSchema = z
  .object({
    id: listItemId(TEMPORARY_COURSE_PREFIX, 'course'),
    title: oneLine(COURSE_LIMITS.title, 'The title').min(1, { error: COURSE_TITLE_REQUIRED }),
    code: oneLine(COURSE_LIMITS.code, 'The code'),
    institution: oneLine(COURSE_LIMITS.institution, 'The institution'),
    role: z
      .union([z.enum(COURSE_ROLES), z.literal(''), z.null()], { error: COURSE_ROLE_INVALID })
      .transform((value): CourseRole | null => value || null),
    level: oneLine(COURSE_LIMITS.level, 'The level'),
    start: z.string({ error: COURSE_START_INVALID }).trim().refine(isCvDate, { error: COURSE_START_INVALID }),
    end: z
      .string({ error: COURSE_END_INVALID })
      .trim()
      .refine((value) => value === '' || isCvDate(value), { error: COURSE_END_INVALID })
      .nullable()
      .transform((value) => value || null),
    terms: textList('term', COURSE_LIMITS.terms, COURSE_LIMITS.term, uniqueEntries),
    description: boundedText(COURSE_LIMITS.description, 'The description'),
    materials,
    hasPage: z.boolean({ error: 'Own page must be ticked or not.' }),
    note: oneLine(COURSE_LIMITS.note, 'The CV note'),
  })
  .refine((course) => !cvEndsBeforeStart(course.start, course.end), { error: COURSE_END_BEFORE_START, path: ['end'] });

export const courseListSchema = z.object({
  items: z
    .array(courseItemSchema, { error: 'The course list must be a list.' })
    .max(COURSE_LIMITS.items, { error: `At most ${COURSE_LIMITS.items} courses.` })
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, { error: 'Two courses have the same id.' }),
});

export type CourseItemValues = z.output<typeof courseItemSchema>;

/** What a new course starts with: this year, its own page, nothing else stated. */
export function newCourseDefaults(now: Date = new Date(), id = newTemporaryId(TEMPORARY_COURSE_PREFIX, now.getTime())): CourseItemValues {
  return {
    id,
    title: 'New course',
    code: '',
    institution: '',
    role: null,
    level: '',
    start: String(now.getFullYear()),
    end: null,
    terms: [],
    description: '',
    materials: [],
    hasPage: true,
    note: '',
  };
}

/** The Teaching editor's "Group the teaching page by": by institution or by year. */
export const teachingGroupingSchema = z.object({
  grouping: z.enum(TEACHING_GROUPINGS, { error: COURSE_GROUPING_INVALID }),
});
