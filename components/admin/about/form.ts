import { z } from '@/lib/validation/zod';

import { PROFILE_KINDS, type About, type ProfileKind } from '@/lib/content/about/types';
import { parseYear, type AboutInput } from '@/lib/validation/about';

/**
 * The About editor's form state. Years stay the text the admin typed, so a failed save or a restored
 * draft shows exactly what was typed; they become numbers (docs/product.md §5) only when sent. Each row has
 * a key of its own: React keeps a row's inputs with the row, and errors stay on it when rows above go.
 */
export interface EducationRow {
  key: string;
  institution: string;
  degree: string;
  field: string;
  startYear: string;
  endYear: string;
  current: boolean;
}

export interface InterestRow {
  key: string;
  title: string;
  description: string;
}

export interface LinkRow {
  key: string;
  kind: ProfileKind;
  label: string;
  url: string;
}

export interface AboutForm {
  name: string;
  title: string;
  affiliation: string;
  bio: string;
  imageUrl: string | null;
  skills: string[];
  education: EducationRow[];
  researchInterests: InterestRow[];
  footerBlurb: string;
  email: string;
  links: LinkRow[];
  mark: string;
  markImageUrl: string | null;
}

let rowCount = 0;
/** Unique within a page and across reloads (a restored draft keeps its keys). */
function newKey(): string {
  rowCount += 1;
  return `new-${Date.now().toString(36)}-${rowCount}`;
}

export function formFromAbout(about: About | null): AboutForm {
  return {
    name: about?.name ?? '',
    title: about?.title ?? '',
    affiliation: about?.affiliation ?? '',
    bio: about?.bio ?? '',
    imageUrl: about?.imageUrl ?? null,
    skills: about?.skills ?? [],
    education: (about?.education ?? []).map((entry, index) => ({
      // Stable between the server render and hydration.
      key: `saved-${index}`,
      institution: entry.institution,
      degree: entry.degree,
      field: entry.field,
      startYear: String(entry.startYear),
      endYear: entry.endYear === null ? '' : String(entry.endYear),
      current: entry.endYear === null,
    })),
    researchInterests: (about?.researchInterests ?? []).map((interest, index) => ({
      key: `saved-${index}`,
      title: interest.title,
      description: interest.description,
    })),
    footerBlurb: about?.footerBlurb ?? '',
    email: about?.email ?? '',
    links: (about?.links ?? []).map((link, index) => ({ key: `saved-${index}`, kind: link.kind, label: link.label, url: link.url })),
    mark: about?.mark ?? '',
    markImageUrl: about?.markImageUrl ?? null,
  };
}

export function newLinkRow(kind: ProfileKind = 'website'): LinkRow {
  return { key: newKey(), kind, label: '', url: '' };
}

/** docs/product.md §4: a new entry starts in the current year, with no end year (current). */
export function newEducationRow(currentYear: number): EducationRow {
  return { key: newKey(), institution: '', degree: '', field: '', startYear: String(currentYear), endYear: '', current: true };
}

export function newInterestRow(): InterestRow {
  return { key: newKey(), title: '', description: '' };
}

/** docs/product.md §4: ticking Current empties the end year; unticking sets it to the current year. */
export function withCurrent(row: EducationRow, current: boolean, currentYear: number): EducationRow {
  return { ...row, current, endYear: current ? '' : String(currentYear) };
}

/** What Save Changes sends: the server trims, cleans and validates it again. */
export function toAboutInput(form: AboutForm): AboutInput {
  return {
    name: form.name,
    title: form.title,
    affiliation: form.affiliation,
    bio: form.bio,
    imageUrl: form.imageUrl,
    skills: form.skills,
    education: form.education.map((row) => ({
      institution: row.institution,
      degree: row.degree,
      field: row.field,
      startYear: parseYear(row.startYear),
      endYear: row.current ? null : parseYear(row.endYear),
    })),
    researchInterests: form.researchInterests.map((row) => ({ title: row.title, description: row.description })),
    footerBlurb: form.footerBlurb,
    email: form.email,
    links: form.links.map((row) => ({ kind: row.kind, label: row.label, url: row.url })),
    mark: form.mark,
    markImageUrl: form.markImageUrl,
  };
}

/** Whether two forms would save the same thing. */
export function sameContent(a: AboutForm, b: AboutForm): boolean {
  return JSON.stringify(toAboutInput(a)) === JSON.stringify(toAboutInput(b));
}

/**
 * The server's errors are keyed by position ('education.2.endYear'); the form keys them by row
 * ('education:<key>.endYear') so an error stays beside its row when a row above it is removed.
 */
export function errorsByRow(fieldErrors: Record<string, string>, form: AboutForm): Record<string, string> {
  const keyed: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^(education|researchInterests|links)\.(\d+)\.(.+)$/.exec(path);
    const rows: { key: string }[] | null = match ? form[match[1] as RowList] : null;
    const row = match && rows ? rows[Number(match[2])] : undefined;
    keyed[match && row ? `${match[1]}:${row.key}.${match[3]}` : path] = message;
  }
  return keyed;
}

type RowList = 'education' | 'researchInterests' | 'links';

export function rowErrorKey(list: RowList, rowKey: string, field: string): string {
  return `${list}:${rowKey}.${field}`;
}

/** A stored draft is read back only when it still has this shape (an older version is dropped). */
export const aboutFormSchema: z.ZodType<AboutForm> = z.object({
  name: z.string(),
  title: z.string(),
  affiliation: z.string(),
  bio: z.string(),
  imageUrl: z.string().nullable(),
  skills: z.array(z.string()),
  education: z.array(
    z.object({
      key: z.string(),
      institution: z.string(),
      degree: z.string(),
      field: z.string(),
      startYear: z.string(),
      endYear: z.string(),
      current: z.boolean(),
    }),
  ),
  researchInterests: z.array(z.object({ key: z.string(), title: z.string(), description: z.string() })),
  footerBlurb: z.string(),
  email: z.string(),
  links: z.array(z.object({ key: z.string(), kind: z.enum(PROFILE_KINDS), label: z.string(), url: z.string() })),
  mark: z.string(),
  markImageUrl: z.string().nullable(),
});
