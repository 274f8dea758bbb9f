import { z } from '@/lib/validation/zod';
import { boundedText, isNewEntry, uniqueEntries } from './lists';

/**
 * The About editor's input (docs/product.md §§3 and 5), shared by the editor and its server action. The
 * action trusts nothing the page sends: every text is trimmed and bounded, skills are cleaned, years
 * are whole numbers in a plausible range, and education is stored in the order of docs/product.md §5. Client-safe.
 */

export const ABOUT_LIMITS = {
  name: 120,
  title: 200,
  bio: 20_000,
  skill: 80,
  skills: 100,
  entries: 30,
  text: 200,
  description: 2_000,
  url: 2_048,
} as const;

export const YEAR_RANGE = { min: 1900, max: 2100 } as const;

/** docs/product.md §5: year inputs parse to whole numbers, and anything that is not one gives 0. */
export function parseYear(text: string): number {
  const year = Number.parseInt(text.trim(), 10);
  return Number.isNaN(year) ? 0 : year;
}

/** docs/product.md §5: skills are trimmed; empty ones and repeats are dropped (the first spelling wins). */
export const cleanSkills = uniqueEntries;

/** Whether `skill` would be a new entry of `skills` (not blank, not a repeat). */
export const isNewSkill = isNewEntry;

interface Dated {
  startYear: number;
  endYear: number | null;
}

/** docs/product.md §5: on save, current entries (no end year) first, then by end year, latest first. */
export function sortEducation<T extends Dated>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => {
    if (a.endYear === null || b.endYear === null) return a.endYear === b.endYear ? 0 : a.endYear === null ? -1 : 1;
    return b.endYear - a.endYear;
  });
}

/** A site path ('/storage/…', '/placeholder.svg') or an http(s) address: nothing a browser would run. */
export function isSafeImageUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const text = boundedText;

function year(label: 'start' | 'end') {
  const range = `Enter ${label === 'start' ? 'a' : 'an'} ${label} year between ${YEAR_RANGE.min} and ${YEAR_RANGE.max}.`;
  return z
    .number({ error: range })
    .int({ error: `The ${label} year must be a whole number.` })
    .min(YEAR_RANGE.min, { error: range })
    .max(YEAR_RANGE.max, { error: range });
}

export const END_BEFORE_START = 'The end year cannot be before the start year.';
export const INTEREST_TITLE_REQUIRED = 'Enter a title for this research interest.';

export const educationSchema = z
  .object({
    institution: text(ABOUT_LIMITS.text, 'The institution'),
    degree: text(ABOUT_LIMITS.text, 'The degree'),
    field: text(ABOUT_LIMITS.text, 'The field of study'),
    startYear: year('start'),
    /** null while the programme is current (docs/product.md §3). */
    endYear: year('end').nullable(),
  })
  .refine((entry) => entry.endYear === null || entry.endYear >= entry.startYear, { error: END_BEFORE_START, path: ['endYear'] });

export const researchInterestSchema = z.object({
  title: text(ABOUT_LIMITS.text, 'The title').min(1, { error: INTEREST_TITLE_REQUIRED }),
  description: text(ABOUT_LIMITS.description, 'The description'),
});

export const aboutSchema = z.object({
  name: text(ABOUT_LIMITS.name, 'The name'),
  title: text(ABOUT_LIMITS.title, 'The title'),
  bio: text(ABOUT_LIMITS.bio, 'The biography'),
  imageUrl: z
    .string({ error: 'The image address must be text.' })
    .trim()
    .max(ABOUT_LIMITS.url, { error: `The image address must be at most ${ABOUT_LIMITS.url} characters.` })
    .refine((value) => value === '' || isSafeImageUrl(value), { error: 'Use an uploaded image or an http(s) address.' })
    .nullable()
    .transform((value) => value || null),
  skills: z
    .array(text(ABOUT_LIMITS.skill, 'A skill'), { error: 'Skills must be a list.' })
    .max(ABOUT_LIMITS.skills, { error: `At most ${ABOUT_LIMITS.skills} skills.` })
    .transform(cleanSkills),
  education: z
    .array(educationSchema, { error: 'Education must be a list.' })
    .max(ABOUT_LIMITS.entries, { error: `At most ${ABOUT_LIMITS.entries} education entries.` })
    .transform(sortEducation),
  researchInterests: z
    .array(researchInterestSchema, { error: 'Research interests must be a list.' })
    .max(ABOUT_LIMITS.entries, { error: `At most ${ABOUT_LIMITS.entries} research interests.` }),
});

/** What the editor sends. */
export type AboutInput = z.input<typeof aboutSchema>;
