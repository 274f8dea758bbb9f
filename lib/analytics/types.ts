/**
 * Reader analytics (issue 48, docs/product.md "Reader analytics"): what the admin dashboard and the Research
 * Papers editor read. Shared by server and client components; no server code here.
 */

/** The dashboard's ranges, in days, today included. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = 30;

export const isAnalyticsRange = (value: unknown): value is AnalyticsRange => ANALYTICS_RANGES.includes(Number(value) as AnalyticsRange);

/** One day of the chart: page views, and the day's unique visitors (estimated, see docs/product.md). */
export interface DailyPoint {
  /** YYYY-MM-DD in the site's time zone. */
  day: string;
  views: number;
  visitors: number;
}

/** One line of a top list: what was read or downloaded, and how often. */
export interface CountRow {
  /** The path counted (a page, or a file's path on this site). */
  path: string;
  /** What to call it: a paper's or post's title, a file's name, or the path itself. */
  label: string;
  count: number;
}

/** Where readers came from, grouped (lib/analytics/rules.ts referrerGroup). */
export const REFERRER_GROUPS = ['scholar', 'search', 'social', 'other', 'direct'] as const;
export type ReferrerGroup = (typeof REFERRER_GROUPS)[number];
export const REFERRER_GROUP_LABELS: Record<ReferrerGroup, string> = {
  scholar: 'Google Scholar',
  search: 'Search engines',
  social: 'Social media',
  other: 'Other sites',
  direct: 'Direct',
};

export interface ReferrerCount {
  group: ReferrerGroup;
  /** Page views that came from the group. */
  count: number;
  /** Its hosts, the most frequent first (none for Direct). */
  hosts: { host: string; count: number }[];
}

/** Everything the dashboard shows for one range. */
export interface AnalyticsSummary {
  range: AnalyticsRange;
  /** First and last day of the range (YYYY-MM-DD, the site's time zone). */
  from: string;
  to: string;
  /** Every day of the range, oldest first, days without views included as zeros. */
  days: DailyPoint[];
  /** Views and downloads in the range; visitors is the sum of each day's unique visitors. */
  totals: { views: number; visitors: number; downloads: number };
  /** The most viewed pages, at most 10. */
  topPages: CountRow[];
  /** The most viewed papers (their pages), at most 10, labelled with their titles. */
  papers: CountRow[];
  /** The most viewed blog and personal posts, at most 10, labelled with their titles. */
  posts: CountRow[];
  /** Downloads per file (PDFs, slides, the CV, the bibliographies, citation exports), at most 20. */
  downloads: CountRow[];
  /** Every group, in REFERRER_GROUPS' order, with zeros. */
  referrers: ReferrerCount[];
}

/** One paper's readers over the last 90 days: views of its page, downloads of its PDF and citation exports. */
export interface PaperReadership {
  views: number;
  downloads: number;
}

/** How long the raw events are kept before only their daily counts remain (Settings → Reader Analytics). */
export const RETENTION_CHOICES = [30, 90, 180, 365] as const;
export type RetentionDays = (typeof RETENTION_CHOICES)[number];
export const DEFAULT_RETENTION_DAYS: RetentionDays = 90;

/** The owner's choices: whether page views and downloads are counted at all, and how long raw events stay. */
export interface AnalyticsSettings {
  enabled: boolean;
  retentionDays: RetentionDays;
}

export const DEFAULT_ANALYTICS_SETTINGS: AnalyticsSettings = { enabled: true, retentionDays: DEFAULT_RETENTION_DAYS };
