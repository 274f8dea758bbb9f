/** Text and date formatting shared by the public pages and the admin (docs/product.md §9). */

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });
const shortMonth = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

/** 'yyyy-mm-dd' or 'yyyy-mm' as a UTC date, so the calendar day never shifts with the server's zone. */
function parseCalendarDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(value);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3] ?? '1')));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** US English long form: 'March 5, 2026'. Unparseable input is returned as it is. */
export function formatLongDate(value: string): string {
  const date = parseCalendarDate(value);
  return date ? longDate.format(date) : value;
}

/** 'March 2026' (research paper dates, experience months). */
export function formatMonthYear(value: string): string {
  const date = parseCalendarDate(value);
  return date ? monthYear.format(date) : value;
}

/** '3 Nov 2026', the day of a moment (ISO) in UTC: when a citation count was read. Unparseable input is returned as it is. */
export function formatDayMonthYear(value: string): string {
  const date = new Date(value);
  // Put together rather than en-GB's format, whose September is 'Sept'.
  return Number.isNaN(date.getTime()) ? value : `${date.getUTCDate()} ${shortMonth.format(date)} ${date.getUTCFullYear()}`;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A count and the noun that agrees with it: '1 paper', '2 papers', '1,024 entries' (`many` when it is not `one` + 's'). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** [below this age, counted in, unit]: the relative time's units, in order. */
const RELATIVE_UNITS = [
  [HOUR, MINUTE, 'minute'],
  [DAY, HOUR, 'hour'],
  [7 * DAY, DAY, 'day'],
  [30 * DAY, 7 * DAY, 'week'],
  [Infinity, 30 * DAY, 'month'],
] as const;

/**
 * docs/product.md §9: under 60 s 'just now'; minutes under an hour; hours under a day; days under 7 days;
 * weeks under 30 days; then months of 30 days.
 */
export function formatRelativeTime(from: Date | string, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(from).getTime());
  if (elapsed < MINUTE) return 'just now';
  const [, length, unit] = RELATIVE_UNITS.find(([below]) => elapsed < below) ?? RELATIVE_UNITS[RELATIVE_UNITS.length - 1];
  return `${plural(Math.floor(elapsed / length), unit)} ago`;
}

/** Cuts text to `max` characters plus an ellipsis when it is longer (home excerpts: 150, abstracts: 200). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
