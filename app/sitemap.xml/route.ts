import { connection } from 'next/server';

import { getBlogPostStamps } from '@/lib/content/blog/queries';
import { getPersonalPostStamps } from '@/lib/content/personal/queries';
import { getResearchPaperStamps } from '@/lib/content/research/queries';
import { getTalkStamps } from '@/lib/content/talks/queries';
import { getCourseStamps } from '@/lib/content/courses/queries';
import { siteAddress } from '@/lib/site-url';
import { SITEMAP_URL_LIMIT, sitemapEntries, sitemapXml } from '@/lib/sitemap';

/**
 * Every public page, post and paper (drafts left out), with the last change where it is known: read as
 * addresses and dates only, at most SITEMAP_URL_LIMIT of each, and the whole cut at that limit (a sitemap
 * file's own), so the answer grows with the number of posts and papers, never with their text. A route handler
 * rather than Next's sitemap.ts, so that the answer says who may keep it (lib/site-url.ts).
 */
export async function GET(): Promise<Response> {
  await connection();
  const [site, posts, personal, papers, talks, courses] = await Promise.all([
    siteAddress(),
    getBlogPostStamps(SITEMAP_URL_LIMIT).catch(() => []),
    getPersonalPostStamps(SITEMAP_URL_LIMIT).catch(() => []),
    getResearchPaperStamps(SITEMAP_URL_LIMIT).catch(() => []),
    getTalkStamps(SITEMAP_URL_LIMIT).catch(() => []),
    getCourseStamps(SITEMAP_URL_LIMIT).catch(() => []),
  ]);
  const body = sitemapXml(sitemapEntries(site.address, { posts, personal, papers, talks, courses }));
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', ...site.headers } });
}
