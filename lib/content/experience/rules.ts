import { formatMonthYear } from '@/lib/format';

/** 'September 2023 - Present': year-month bounds in US English, Present while the end is empty. */
export function monthRange(start: string, end: string | null): string {
  return `${formatMonthYear(start)} - ${end ? formatMonthYear(end) : 'Present'}`;
}
