// @module-tag security
import { CONTENT_TYPES } from '@/lib/content/registry.mjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Database } from '@/lib/db/types';
import { FEED_LIMIT, feedEntries } from '@/lib/feed';
import { SITEMAP_URL_LIMIT, sitemapEntries } from '@/lib/sitemap';
import { openTestPglite } from '../helpers/db';

/**
 * Issue 24: the feed and the sitemap with 5,000 posts and 5,000 papers read a bounded amount. The feed
 * reads only the 50 posts it carries (it read every post with its text before); the sitemap reads
 * addresses and dates only, at most SITEMAP_URL_LIMIT of each, and lists at most that many in all.
 */
const database: { db?: Database } = {};
vi.mock('next/cache', () => ({ cacheTag: vi.fn() }));
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));

const { getNewestBlogPosts, getBlogPostStamps } = await import('@/lib/content/blog/queries');
const { getPersonalPostStamps } = await import('@/lib/content/personal/queries');
const { getResearchPaperStamps } = await import('@/lib/content/research/queries');
const { getTalkStamps } = await import('@/lib/content/talks/queries');
const { getCourseStamps } = await import('@/lib/content/courses/queries');

const MANY = 5_000;
// 460 bytes a row, 6.7 MB for the 15,000: enough that reading the text would show in the size checked
// below, and cheap to store (each row's search vector is made from its text as it is written).
const TEXT = 'The zeta function $\\zeta(s)$ and the primes. '.repeat(10);
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanup = opened.cleanup;
  await opened.db.query(
    `insert into blog_posts (title, slug, content, date)
     select 'Post ' || n, 'post-' || n, $1, date '2020-01-01' + n from generate_series(1, ${MANY}) n`,
    [TEXT],
  );
  await opened.db.query(
    `insert into research_papers (title, journal, authors, date, abstract, status)
     select 'Paper ' || n, 'J', array['A'], date '2020-01-01' + n, $1, case when n % 10 = 0 then 'draft' else 'published' end
     from generate_series(1, ${MANY}) n`,
    [TEXT],
  );
  await opened.db.query(`insert into personal_posts (title, content) select 'Note ' || n, $1 from generate_series(1, ${MANY}) n`, [TEXT]);
  await opened.db.query(
    `insert into talks (title, start_date, abstract) select 'Talk ' || n, to_char(date '2020-01-01' + n, 'YYYY-MM-DD'), $1 from generate_series(1, ${MANY}) n`,
    [TEXT.slice(0, 20_000)],
  );
  // One course in five has no page of its own: the sitemap dates /teaching by it but does not list it.
  await opened.db.query(
    `insert into courses (title, start_date, description, has_page) select 'Course ' || n, to_char(date '2020-01-01' + n, 'YYYY-MM-DD'), $1, n % 5 <> 0 from generate_series(1, ${MANY}) n`,
    [TEXT],
  );
});

afterAll(async () => {
  await cleanup();
});

describe('the feed with 5,000 posts', () => {
  it('reads the newest 50 posts only, newest first, and renders those', async () => {
    const posts = await getNewestBlogPosts(FEED_LIMIT);
    expect(posts).toHaveLength(FEED_LIMIT);
    expect(posts[0]!.slug).toBe(`post-${MANY}`);
    expect(feedEntries('https://example.org', posts)).toHaveLength(FEED_LIMIT);
  });
});

describe('the sitemap with 5,000 posts, papers, personal posts, talks and courses', () => {
  it('reads addresses and dates, never the text, drafts left out', async () => {
    const [posts, personal, papers, talks, courses] = await Promise.all([
      getBlogPostStamps(SITEMAP_URL_LIMIT),
      getPersonalPostStamps(SITEMAP_URL_LIMIT),
      getResearchPaperStamps(SITEMAP_URL_LIMIT),
      getTalkStamps(SITEMAP_URL_LIMIT),
      getCourseStamps(SITEMAP_URL_LIMIT),
    ]);
    expect(courses).toHaveLength(MANY);
    expect(Object.keys(courses[0]!).sort()).toEqual(['hasPage', 'id', 'updatedAt']);
    expect(talks).toHaveLength(MANY);
    expect(Object.keys(talks[0]!).sort()).toEqual(['id', 'updatedAt']);
    expect(posts).toHaveLength(MANY);
    expect(Object.keys(posts[0]!).sort()).toEqual(['slug', 'updatedAt']);
    expect(Object.keys(personal[0]!).sort()).toEqual(['createdAt', 'id']);
    expect(papers).toHaveLength(MANY - MANY / 10);
    expect(papers.every((paper) => paper.status !== 'draft')).toBe(true);
    const entries = sitemapEntries('https://example.org', { posts, personal, papers, talks, courses });
    // The home page and the registry's list pages (lib/content/registry.mjs), then every post, personal post, public
    // paper, talk and course with a page of its own.
    expect(entries).toHaveLength(1 + CONTENT_TYPES.filter((type) => type.route).length + MANY + MANY + (MANY - MANY / 10) + talks.length + (MANY - MANY / 5));
    expect(entries.filter((entry) => entry.url.includes('/teaching/'))).toHaveLength(MANY - MANY / 5);
    // What the sitemap is built from is a few hundred kB, not the 6.7 MB of text.
    expect(JSON.stringify([posts, personal, papers]).length).toBeLessThan(1_500_000);
  });

  it('reads at most the limit asked for, and lists at most 50,000 addresses in all', async () => {
    expect(await getBlogPostStamps(10)).toHaveLength(10);
    const stamp = { slug: 'x', updatedAt: '2024-01-01T00:00:00.000Z' };
    const entries = sitemapEntries('https://example.org', { posts: Array.from({ length: 60_000 }, (_, index) => ({ ...stamp, slug: `p${index}` })), personal: [], papers: [], talks: [], courses: [] });
    expect(entries).toHaveLength(SITEMAP_URL_LIMIT);
    expect(entries[0]!.url).toBe('https://example.org');
  });
});
