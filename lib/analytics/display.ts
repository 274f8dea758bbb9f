import { plural } from '@/lib/format';
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type AnalyticsRange, type PaperReadership } from './types';

/**
 * How the admin shows reader analytics (issue 48): the dashboard's range from its address, the chart's day
 * labels, and a paper's readership line in the Research Papers editor. Client-safe.
 */

/** The dashboard's range from its `?days=` parameter: 7, 30 or 90 written as such; anything else is the default. */
export function analyticsRangeOf(days: string | string[] | undefined): AnalyticsRange {
  // Only the plain digits: Number() would also take '7.0', ' 30' or ['90'].
  return ANALYTICS_RANGES.find((range) => days === String(range)) ?? DEFAULT_ANALYTICS_RANGE;
}

/** The dashboard's address for a range. */
export const analyticsRangeHref = (range: AnalyticsRange) => `/admin?days=${range}`;

const chartDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A chart axis's day: 'Mar 5' for '2026-03-05'. The day is already the site's (YYYY-MM-DD), so it is read and
 * written in UTC, never shifted by the browser's zone. Anything else is returned as it is.
 */
export function formatChartDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  return chartDay.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))));
}

/** A paper's line in the Research Papers editor: '12 views · 3 downloads in the last 90 days'. */
export function readershipLine({ views, downloads }: PaperReadership): string {
  return `${plural(views, 'view')} · ${plural(downloads, 'download')} in the last 90 days`;
}
