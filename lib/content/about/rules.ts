/** The About page's pure rules: paragraphs of the biography and the education lines. */
import type { Education } from './types';

/** The biography's paragraphs: the owner separates them with blank lines (docs/product.md §3). */
export function splitParagraphs(text: string): string[] {
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** 'degree in field' (docs/product.md §2), or whichever of the two is filled in. */
export function degreeInField(entry: Pick<Education, 'degree' | 'field'>): string {
  const degree = entry.degree.trim();
  const field = entry.field.trim();
  return degree && field ? `${degree} in ${field}` : degree || field;
}

/** 'start - end', or 'start - Present' while the end year is empty. */
export function yearRange(entry: Pick<Education, 'startYear' | 'endYear'>): string {
  return `${entry.startYear} - ${entry.endYear ?? 'Present'}`;
}
