/** The CV's pure rules, shared by the page, the PDF and JSON Resume. Client-safe. */
import type { CvEntry } from './types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The text with its accents dropped ('Gödel' → 'Godel', 'Šafarevič' → 'Safarevic'). */
function withoutAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** Letters only, accents dropped, lower case: 'Gödel' and 'Godel' compare equal. */
function plain(text: string): string {
  return withoutAccents(text)
    .toLowerCase()
    .replace(/[^\p{L}\s-]/gu, ' ')
    .trim();
}

/** A name's family name and first initial, in either order ('Noether, Emmy', 'Emmy Noether', 'E. Noether'). */
function nameKey(name: string): { family: string; initial: string } | null {
  const text = name.trim();
  if (!text) return null;
  if (text.includes(',')) {
    const [family = '', given = ''] = text.split(',', 2);
    const familyKey = plain(family);
    return familyKey ? { family: familyKey, initial: plain(given).charAt(0) } : null;
  }
  const words = plain(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const family = words[words.length - 1] ?? '';
  return { family, initial: words.length > 1 ? (words[0] ?? '').charAt(0) : '' };
}

/**
 * Whether an author of a paper is the owner, to emphasise them in the CV's author lists: the same family name
 * and, when both give one, the same first initial ('E. Noether', 'Noether, Emmy' and 'Emmy Noether' all match
 * 'Emmy Noether'; 'M. Noether' does not).
 */
export function isOwnerAuthor(author: string, ownerName: string): boolean {
  const a = nameKey(author);
  const owner = nameKey(ownerName);
  if (!a || !owner || a.family !== owner.family) return false;
  return !a.initial || !owner.initial || a.initial === owner.initial;
}

/** 'yyyy', 'yyyy-mm' or 'yyyy-mm-dd' as a reader writes it: '2024', 'Mar 2024', '14 Mar 2024'. */
export function formatCvDate(value: string): string {
  const [year = '', month, day] = value.split('-');
  const monthName = month ? MONTHS[Number(month) - 1] : undefined;
  if (!monthName) return year;
  if (!day) return `${monthName} ${year}`;
  return `${Number(day)} ${monthName} ${year}`;
}

/** A CV row's date or range: '2024', 'Mar 2024', '14 Mar 2024', '2022–2024'. */
export function cvEntryDates(entry: Pick<CvEntry, 'start' | 'end'>): string {
  if (!entry.end || entry.end === entry.start) return formatCvDate(entry.start);
  return `${formatCvDate(entry.start)}–${formatCvDate(entry.end)}`;
}

/** 'Sep 2023 – Present' for a position from year-months ('yyyy-mm'), the end null while current. */
export function cvMonthRange(start: string, end: string | null): string {
  return `${formatCvDate(start)} – ${end ? formatCvDate(end) : 'Present'}`;
}

/** A year range for education: '2021 – Present', '2017 – 2021'. */
export function cvYearRange(start: number, end: number | null): string {
  return `${start} – ${end ?? 'Present'}`;
}

/** The PDF's file name from the owner's name: 'Emmy Noether' → 'Emmy-Noether-CV.pdf', 'Kurt Gödel' → 'Kurt-Godel-CV.pdf'. */
export function cvFileName(ownerName: string): string {
  const base = withoutAccents(ownerName)
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'CV'}${base ? '-CV' : ''}.pdf`;
}
