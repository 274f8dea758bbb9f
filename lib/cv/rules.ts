/** The CV's pure rules, shared by the page, the PDF and JSON Resume. Client-safe. */
import { withoutAccents } from '@/lib/author-names';
import type { CvEntry } from './types';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The owner among a paper's authors, by the site's one reading of names (lib/author-names.ts). */
export { isOwnerAuthor } from '@/lib/author-names';

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
