import { formatDayMonthYear, formatMonthYear } from '@/lib/format';
import { uniqueEntries } from '@/lib/validation/lists';
import { isTalkKind, TALK_KINDS, TALK_KIND_LABELS, type Talk, type TalkKind } from './types';

/**
 * The talks' rules the pages, the CV and the calendars share (pure, client-safe): what "today" is in the
 * site's time zone, which talks are upcoming and which past, their dates as words, the kind filter.
 */

/** The calendar day it is at `now` in `timeZone` ('yyyy-mm-dd'); UTC when the zone is unknown. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

/** The last day a talk's date can mean: its end, else its start ('2025' means up to 2025-12-31, '2025-07' up to 2025-07-31). */
export function lastDayOf(talk: Pick<Talk, 'start' | 'end'>): string {
  const last = talk.end ?? talk.start;
  if (last.length === 10) return last;
  if (last.length === 7) return `${last}-31`;
  return `${last}-12-31`;
}

/** Upcoming: its last day is today or later in the site's time zone. */
export function isUpcoming(talk: Pick<Talk, 'start' | 'end'>, today: string): boolean {
  return lastDayOf(talk) >= today;
}

/**
 * The talks split as /talks shows them: the upcoming soonest first, the past newest first and grouped by year.
 * `talks` may come in any order.
 */
export function splitTalks<T extends Pick<Talk, 'id' | 'start' | 'end' | 'startTime'>>(
  talks: readonly T[],
  today: string,
): { upcoming: T[]; past: { year: string; talks: T[] }[] } {
  const byStart = (a: T, b: T) => a.start.localeCompare(b.start) || (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.id.localeCompare(b.id);
  const upcoming = talks.filter((talk) => isUpcoming(talk, today)).sort(byStart);
  const pastTalks = talks.filter((talk) => !isUpcoming(talk, today)).sort((a, b) => byStart(b, a));
  return { upcoming, past: groupByYear(pastTalks) };
}

/** Talks in the order given, in runs of one year each. */
export function groupByYear<T extends Pick<Talk, 'start'>>(talks: readonly T[]): { year: string; talks: T[] }[] {
  const groups: { year: string; talks: T[] }[] = [];
  for (const talk of talks) {
    const year = talk.start.slice(0, 4);
    const group = groups.at(-1);
    if (group?.year === year) group.talks.push(talk);
    else groups.push({ year, talks: [talk] });
  }
  return groups;
}

/** How many past talks one page of /talks lists (the upcoming ones are all on the first). */
export const PAST_PAGE_SIZE = 25;

/** The address of /talks with these filters and this page of past talks. */
export function talksHref({ kind = 'all', place = null, page = 1 }: { kind?: KindFilter; place?: number | null; page?: number }): string {
  const query = new URLSearchParams();
  if (kind !== 'all') query.set('kind', kind);
  if (place !== null) query.set('place', String(place));
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `/talks?${text}` : '/talks';
}

/** A talk's date in words: '12 Mar 2027', '12–14 Mar 2027', '30 Mar – 2 Apr 2027', 'Jul 2025', '2024'. */
export function formatTalkDate(start: string, end: string | null): string {
  if (start.length === 4) return start;
  if (start.length === 7) return formatMonthYear(start);
  if (!end || end === start) return formatDayMonthYear(start);
  const [from, to] = [formatDayMonthYear(start), formatDayMonthYear(end)];
  if (start.slice(0, 7) === end.slice(0, 7)) return `${Number(start.slice(8))}–${to}`;
  if (start.slice(0, 4) === end.slice(0, 4)) return `${from.replace(/ \d{4}$/, '')} – ${to}`;
  return `${from} – ${to}`;
}

/** Where, in one line: 'University of Oxford, Oxford, United Kingdom' from the parts given. */
export function talkPlace(talk: Pick<Talk, 'venue' | 'city'> & { countryName?: string | null }): string {
  return uniqueEntries([talk.venue, talk.city, talk.countryName ?? '']).join(', ');
}

export type KindFilter = TalkKind | 'all';

/** The ?kind= value: anything unknown (or repeated) shows every talk rather than an error. */
export function parseKind(param: string | string[] | undefined): KindFilter {
  const value = Array.isArray(param) ? param[0] : param;
  return isTalkKind(value) ? value : 'all';
}

export function kindHref(kind: KindFilter): string {
  return talksHref({ kind });
}

/** The filter links of /talks: every kind, in the editor's order, with its plural label. */
export const KIND_FILTERS: readonly { value: KindFilter; label: string }[] = [
  { value: 'all', label: 'All talks' },
  ...TALK_KINDS.map((kind) => ({ value: kind, label: TALK_KIND_LABELS[kind] })),
];

let regionNames: Intl.DisplayNames | null = null;

/** A country's English name from its ISO code ('GB' → 'United Kingdom'), or the code when unknown. */
export function countryName(code: string | null): string {
  if (!code) return '';
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
