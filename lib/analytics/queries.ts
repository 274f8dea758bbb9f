import 'server-only';

import { personalDisplayTitle } from '@/lib/content/personal/rules';
import { CONTENT_TYPES } from '@/lib/content/registry.mjs';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { dayIn, flushEvents } from './collect';
import { referrerGroup } from './rules';
import { collectorSettings } from './settings';
import { REFERRER_GROUPS, type AnalyticsRange, type AnalyticsSummary, type CountRow, type PaperReadership, type ReferrerCount } from './types';

/**
 * What the admin dashboard shows of the readers (issue 48), read from the daily counts, which every written batch
 * of events adds to (lib/analytics/store.ts). Admin pages only: nothing here is public.
 */

const TOP = 10;
const TOP_DOWNLOADS = 20;
const HOSTS_PER_GROUP = 5;

/** The day `days` before `day` (YYYY-MM-DD). */
function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, oldest first. */
function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = daysBefore(day, -1)) days.push(day);
  return days;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PAPER_PAGE = new RegExp(`^/research/(${UUID})$`);
const PAPER_CITE = new RegExp(`^/research/(${UUID})/cite$`);
const BLOG_PAGE = /^\/blog\/([^/]+)$/;
const PERSONAL_PAGE = new RegExp(`^/personal/(${UUID})$`);

/** Names for the files that are not in storage. */
const FILE_LABELS: Record<string, string> = {
  '/cv.pdf': 'CV (PDF)',
  '/research.bib': 'All papers (BibTeX)',
  '/research.ris': 'All papers (RIS)',
};

interface Titles {
  papers: Map<string, string>;
  posts: Map<string, string>;
  personal: Map<string, string>;
  /** Stored files by their path on this site, with the paper they belong to. */
  paperFiles: Map<string, string>;
}

/** The papers' stored PDFs by their path on this site (a paper's `pdf_url`, whether written as a path or an address). */
async function paperFilesOf(db: Queryable): Promise<Map<string, { id: string; title: string }>> {
  const { rows } = await db.query<{ id: string; title: string; pdf_url: string }>(
    "select id::text, title, pdf_url from public.research_papers where pdf_url is not null and pdf_url <> ''",
  );
  return new Map(
    rows.flatMap((row) => {
      try {
        return [[new URL(row.pdf_url, 'http://site.invalid').pathname, { id: row.id, title: row.title }] as const];
      } catch {
        return [];
      }
    }),
  );
}

/** The titles of the papers and posts among `paths`, and which stored files are which paper's PDF. */
async function titlesFor(db: Queryable, paths: readonly string[]): Promise<Titles> {
  const ids = (pattern: RegExp) => [...new Set(paths.flatMap((path) => pattern.exec(path)?.[1] ?? []))];
  const paperIds = [...new Set([...ids(PAPER_PAGE), ...ids(PAPER_CITE)])];
  const slugs = ids(BLOG_PAGE).flatMap((slug) => {
    try {
      return [decodeURIComponent(slug)];
    } catch {
      return [];
    }
  });
  const personalIds = ids(PERSONAL_PAGE);
  const files = paths.filter((path) => path.startsWith('/storage/'));
  const [papers, posts, personal, paperFiles] = await Promise.all([
    paperIds.length ? db.query<{ id: string; title: string }>('select id::text, title from public.research_papers where id = any($1::uuid[])', [paperIds]) : { rows: [] },
    slugs.length ? db.query<{ slug: string; title: string }>('select slug, title from public.blog_posts where slug = any($1::text[])', [slugs]) : { rows: [] },
    personalIds.length
      ? db.query<{ id: string; title: string; content: string }>('select id::text, title, content from public.personal_posts where id = any($1::uuid[])', [personalIds])
      : { rows: [] },
    files.length ? paperFilesOf(db) : new Map<string, { id: string; title: string }>(),
  ]);
  return {
    papers: new Map(papers.rows.map((row) => [row.id, row.title])),
    posts: new Map(posts.rows.map((row) => [row.slug, row.title])),
    personal: new Map(personal.rows.map((row) => [row.id, personalDisplayTitle(row.title, row.content)])),
    paperFiles: new Map([...paperFiles].map(([path, paper]) => [path, paper.title])),
  };
}

/** The site's own pages by name: the home page, each content type's page (its header label), search, the talks' places. */
const PAGE_LABELS = new Map<string, string>([
  ['/', 'Home'],
  ...CONTENT_TYPES.flatMap(({ route, nav }): [string, string][] => (route && nav ? [[route.path, nav.label]] : [])),
  ['/search', 'Search'],
  ['/talks/places', 'Places of talks'],
]);

function pageLabel(path: string, titles: Titles): string {
  const named = PAGE_LABELS.get(path);
  if (named) return named;
  const paper = PAPER_PAGE.exec(path)?.[1];
  if (paper) return titles.papers.get(paper) ?? path;
  const slug = BLOG_PAGE.exec(path)?.[1];
  if (slug) {
    try {
      return titles.posts.get(decodeURIComponent(slug)) ?? path;
    } catch {
      return path;
    }
  }
  const personal = PERSONAL_PAGE.exec(path)?.[1];
  if (personal) return titles.personal.get(personal) ?? path;
  return path;
}

function fileLabel(path: string, titles: Titles): string {
  if (FILE_LABELS[path]) return FILE_LABELS[path];
  const cited = PAPER_CITE.exec(path)?.[1];
  if (cited) return `Citation of ${titles.papers.get(cited) ?? 'a paper'}`;
  const paper = titles.paperFiles.get(path);
  if (paper) return `${paper} (PDF)`;
  try {
    return decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)) || path;
  } catch {
    return path;
  }
}

/** Writes this server's queued events first (the others' are at most a second old), then answers today in the site's time zone. */
async function currentDay(): Promise<string> {
  await flushEvents();
  return dayIn((await collectorSettings()).timeZone);
}

export async function getAnalyticsSummary(range: AnalyticsRange): Promise<AnalyticsSummary> {
  const db = await getDb();
  const to = await currentDay();
  const from = daysBefore(to, range - 1);
  const [daily, pages, downloads, referrers, totals] = await Promise.all([
    db.query<{ day: string; count: number; visitors: number }>(
      `select day::text as day, count, visitors from public.analytics_daily where dimension = 'site' and day between $1::date and $2::date`,
      [from, to],
    ),
    db.query<{ key: string; count: string }>(
      `select key, sum(count)::text as count from public.analytics_daily where dimension = 'page' and day between $1::date and $2::date
       group by key order by sum(count) desc, key`,
      [from, to],
    ),
    db.query<{ key: string; count: string }>(
      `select key, sum(count)::text as count from public.analytics_daily where dimension = 'download' and day between $1::date and $2::date
       group by key order by sum(count) desc, key limit ${TOP_DOWNLOADS}`,
      [from, to],
    ),
    db.query<{ key: string; count: string }>(
      `select key, sum(count)::text as count from public.analytics_daily where dimension = 'referrer' and day between $1::date and $2::date
       group by key order by sum(count) desc, key`,
      [from, to],
    ),
    db.query<{ downloads: string | null }>(
      `select sum(count)::text as downloads from public.analytics_daily where dimension = 'download' and day between $1::date and $2::date`,
      [from, to],
    ),
  ]);
  const byDay = new Map(daily.rows.map((row) => [row.day, row]));
  const days = daysFrom(from, to).map((day) => ({ day, views: byDay.get(day)?.count ?? 0, visitors: byDay.get(day)?.visitors ?? 0 }));
  const pageRows = pages.rows.map((row) => ({ path: row.key, count: Number(row.count) }));
  const titles = await titlesFor(db, [...pageRows.map((row) => row.path), ...downloads.rows.map((row) => row.key)]);
  const labelled = (rows: { path: string; count: number }[]): CountRow[] => rows.map((row) => ({ ...row, label: pageLabel(row.path, titles) }));

  const groups = new Map<string, ReferrerCount>(REFERRER_GROUPS.map((group) => [group, { group, count: 0, hosts: [] }]));
  for (const row of referrers.rows) {
    const host = row.key === '' ? null : row.key;
    const group = groups.get(referrerGroup(host))!;
    group.count += Number(row.count);
    if (host && group.hosts.length < HOSTS_PER_GROUP) group.hosts.push({ host, count: Number(row.count) });
  }

  return {
    range,
    from,
    to,
    days,
    totals: {
      views: days.reduce((sum, day) => sum + day.views, 0),
      visitors: days.reduce((sum, day) => sum + day.visitors, 0),
      downloads: Number(totals.rows[0]?.downloads ?? 0),
    },
    topPages: labelled(pageRows.slice(0, TOP)),
    papers: labelled(pageRows.filter((row) => PAPER_PAGE.test(row.path) && titles.papers.has(PAPER_PAGE.exec(row.path)![1]!)).slice(0, TOP)),
    posts: labelled(pageRows.filter((row) => BLOG_PAGE.test(row.path) || PERSONAL_PAGE.test(row.path)).slice(0, TOP)),
    downloads: downloads.rows.map((row) => ({ path: row.key, count: Number(row.count), label: fileLabel(row.key, titles) })),
    referrers: [...groups.values()],
  };
}

/** Each paper's views and downloads (its PDF, its citation) over the last 90 days, by paper id; papers with none are absent. */
export async function getPaperReadership(): Promise<Record<string, PaperReadership>> {
  const db = await getDb();
  const to = await currentDay();
  const from = daysBefore(to, 89);
  const [counts, files] = await Promise.all([
    db.query<{ dimension: string; key: string; count: string }>(
      `select dimension, key, sum(count)::text as count from public.analytics_daily
       where dimension in ('page', 'download') and day between $1::date and $2::date and (key like '/research/%' or key like '/storage/%')
       group by dimension, key`,
      [from, to],
    ),
    paperFilesOf(db),
  ]);
  const readership: Record<string, PaperReadership> = {};
  const add = (id: string, field: keyof PaperReadership, count: number) => {
    readership[id] ??= { views: 0, downloads: 0 };
    readership[id][field] += count;
  };
  for (const row of counts.rows) {
    const count = Number(row.count);
    if (row.dimension === 'page') {
      const id = PAPER_PAGE.exec(row.key)?.[1];
      if (id) add(id, 'views', count);
    } else {
      const id = PAPER_CITE.exec(row.key)?.[1] ?? files.get(row.key)?.id;
      if (id) add(id, 'downloads', count);
    }
  }
  return readership;
}
