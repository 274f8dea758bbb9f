import type { MetadataRoute } from 'next';
import { connection } from 'next/server';

import { getBlogPosts } from '@/lib/content/blog/queries';
import { getPersonalPosts } from '@/lib/content/personal/queries';
import { getResearchPapers } from '@/lib/content/research/queries';
import { siteAddress } from '@/lib/site-url';
import { sitemapEntries } from '@/lib/sitemap';

/** Every public page, post and paper (drafts left out), with the last change where it is known. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const [site, posts, personal, papers] = await Promise.all([
    siteAddress(),
    getBlogPosts().catch(() => []),
    getPersonalPosts().catch(() => []),
    getResearchPapers().catch(() => []),
  ]);
  return sitemapEntries(site, { posts, personal, papers });
}
