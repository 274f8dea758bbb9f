import { blogPostPath } from '@/lib/canonical';
import type { BlogPost } from '@/lib/content/blog/types';
import type { PersonalPost } from '@/lib/content/personal/types';
import { CONTENT_TYPES, type ContentKey } from '@/lib/content/registry.mjs';
import { escapeXml } from '@/lib/feed';
import { isCitable } from '@/lib/content/research/scholar';
import type { ResearchPaper } from '@/lib/content/research/types';
import type { Talk } from '@/lib/content/talks/types';
import type { Course } from '@/lib/content/courses/types';

/** The most addresses one sitemap file may list (sitemaps.org); the newest are kept. */
export const SITEMAP_URL_LIMIT = 50_000;

/** What the sitemap is made of; pure, so the builder is tested without a server. */
export interface SitemapContent {
  posts: readonly Pick<BlogPost, 'slug' | 'updatedAt'>[];
  personal: readonly Pick<PersonalPost, 'id' | 'createdAt'>[];
  papers: readonly Pick<ResearchPaper, 'id' | 'status' | 'updatedAt'>[];
  talks: readonly Pick<Talk, 'id' | 'updatedAt'>[];
  /** Every course: each dates /teaching, only those with a page of their own are listed. */
  courses: readonly Pick<Course, 'id' | 'hasPage' | 'updatedAt'>[];
}

/** One address of the sitemap, with its last change where it is known. */
export interface SitemapEntry {
  url: string;
  lastModified?: string;
}

const newest = (dates: readonly string[]): string | undefined => (dates.length > 0 ? dates.reduce((a, b) => (a > b ? a : b)) : undefined);

/**
 * Every public page, post and paper with its last change where it is known (a list page changes when its
 * newest item does; the others are listed undated). Drafts are left out, and courses with no page of their own;
 * `site` is the public address without a trailing slash.
 */
export function sitemapEntries(site: string, { posts, personal, papers, talks, courses }: SitemapContent): SitemapEntry[] {
  const citable = papers.filter(isCitable);
  const listDates: Partial<Record<ContentKey, string>> = {
    research: newest(citable.map((paper) => paper.updatedAt)),
    blog: newest(posts.map((post) => post.updatedAt)),
    personal: newest(personal.map((post) => post.createdAt)),
    talks: newest(talks.map((talk) => talk.updatedAt)),
    courses: newest(courses.map((course) => course.updatedAt)),
  };
  // The home page, then every content type's page (lib/content/registry.mjs), in the header's order.
  const pages: [string, string | undefined][] = [
    ['/', newest([...posts.map((post) => post.updatedAt), ...citable.map((paper) => paper.updatedAt)])],
    ...CONTENT_TYPES.flatMap(({ key, route }): [string, string | undefined][] => (route ? [[route.path, listDates[key]]] : [])),
  ];
  const entries = [
    ...pages.map(([path, lastModified]) => ({ url: path === '/' ? site : `${site}${path}`, ...(lastModified ? { lastModified } : {}) })),
    ...posts.map((post) => ({ url: `${site}${blogPostPath(post.slug)}`, lastModified: post.updatedAt })),
    ...personal.map((post) => ({ url: `${site}/personal/${post.id}`, lastModified: post.createdAt })),
    ...citable.map((paper) => ({ url: `${site}/research/${paper.id}`, lastModified: paper.updatedAt })),
    ...talks.map((talk) => ({ url: `${site}/talks/${talk.id}`, lastModified: talk.updatedAt })),
    ...courses.filter((course) => course.hasPage).map((course) => ({ url: `${site}/teaching/${course.id}`, lastModified: course.updatedAt })),
  ];
  return entries.slice(0, SITEMAP_URL_LIMIT);
}

/** The entries as a sitemaps.org urlset document. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    ({ url, lastModified }) => `<url>\n<loc>${escapeXml(url)}</loc>\n${lastModified ? `<lastmod>${escapeXml(lastModified)}</lastmod>\n` : ''}</url>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}
