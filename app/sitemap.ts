import type { MetadataRoute } from 'next';
import { connection } from 'next/server';

import { getBlogPosts } from '@/lib/content/blog/queries';
import { getPersonalPosts } from '@/lib/content/personal/queries';
import { getResearchPapers } from '@/lib/content/research/queries';
import { isCitable } from '@/lib/content/research/scholar';
import { siteAddress } from '@/lib/site-url';

const PAGES = ['/', '/about', '/experience', '/projects', '/research', '/blog', '/personal'];

/** Every public page, post and paper (drafts left out), with the last change where it is known. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const site = await siteAddress();
  const [posts, personal, papers] = await Promise.all([
    getBlogPosts().catch(() => []),
    getPersonalPosts().catch(() => []),
    getResearchPapers().catch(() => []),
  ]);
  return [
    ...PAGES.map((path) => ({ url: `${site}${path === '/' ? '' : path}` || site })),
    ...posts.map((post) => ({ url: `${site}/blog/${encodeURIComponent(post.slug)}`, lastModified: post.updatedAt })),
    ...personal.map((post) => ({ url: `${site}/personal/${post.id}`, lastModified: post.createdAt })),
    ...papers.filter(isCitable).map((paper) => ({ url: `${site}/research/${paper.id}`, lastModified: paper.updatedAt })),
  ];
}
