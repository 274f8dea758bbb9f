import { blogPostPath } from '@/lib/canonical';
import type { BlogPost } from '@/lib/content/blog/types';
import { markdownToHtml } from '@/lib/markup/html';

/** Where the blog's Atom feed is served (app/feed.xml/route.ts); every public page links to it. */
export const FEED_PATH = '/feed.xml';

/** A feed is read whole on every poll: the newest posts only, so its size stays bounded. */
export const FEED_LIMIT = 50;

/** The feed's title, also the title of the link to it in every public page's head. */
export function feedTitle(siteTitle: string): string {
  return siteTitle ? `${siteTitle} — Blog` : 'Blog';
}

export interface FeedSite {
  /** The site's public address, without a trailing slash ('https://alex.example'). */
  address: string;
  /** The site title of Admin Settings (or its default). */
  siteTitle: string;
  /** The owner, named as every post's author. */
  author: string;
}

export type FeedPost = Pick<BlogPost, 'slug' | 'title' | 'excerpt' | 'content' | 'date' | 'updatedAt' | 'tags'>;

export interface FeedEntry {
  post: Omit<FeedPost, 'content'>;
  /** The post's markup rendered as HTML, every address in it absolute. */
  html: string;
}

/** The public address of a post's page. */
export function postAddress(address: string, slug: string): string {
  return `${address}${blogPostPath(slug)}`;
}

/** The newest posts (the list comes newest first), each rendered for reading away from the site. */
export function feedEntries(address: string, posts: readonly FeedPost[]): FeedEntry[] {
  return posts.slice(0, FEED_LIMIT).map(({ content, ...post }) => ({ post, html: markdownToHtml(content, postAddress(address, post.slug)) }));
}

/** Characters XML 1.0 cannot carry at all, even escaped (controls, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or an attribute value: markup characters escaped, impossible ones dropped. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** RFC 3339, as Atom's dates must be; a calendar date ('2026-03-05') is that day's start in UTC. */
function atomDate(value: string): string | null {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function entryXml({ post, html }: FeedEntry, address: string, fallbackDate: string): string {
  const url = escapeXml(postAddress(address, post.slug));
  const updated = atomDate(post.updatedAt) ?? fallbackDate;
  const published = atomDate(post.date) ?? updated;
  return [
    '  <entry>',
    `    <id>${url}</id>`,
    `    <title type="text">${escapeXml(post.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${url}"/>`,
    `    <published>${published}</published>`,
    `    <updated>${updated}</updated>`,
    ...(post.excerpt.trim() ? [`    <summary type="text">${escapeXml(post.excerpt.trim())}</summary>`] : []),
    `    <content type="html">${escapeXml(html)}</content>`,
    ...post.tags.filter((tag) => tag.trim()).map((tag) => `    <category term="${escapeXml(tag)}"/>`),
    '  </entry>',
  ].join('\n');
}

/**
 * The blog as an Atom feed (RFC 4287): one entry per post, its full content as escaped HTML, its id the
 * post's address. The feed is as new as its newest change; with no posts at all, as `now`.
 */
export function atomFeed(site: FeedSite, entries: readonly FeedEntry[], now: Date = new Date()): string {
  const address = site.address.replace(/\/+$/, '');
  const changes = entries.map(({ post }) => atomDate(post.updatedAt)).filter((date): date is string => date !== null);
  const updated = changes.sort().at(-1) ?? now.toISOString();
  const self = escapeXml(`${address}${FEED_PATH}`);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${self}</id>`,
    `  <title type="text">${escapeXml(feedTitle(site.siteTitle))}</title>`,
    `  <updated>${updated}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${self}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${address}/blog`)}"/>`,
    '  <author>',
    `    <name>${escapeXml(site.author)}</name>`,
    `    <uri>${escapeXml(`${address}/`)}</uri>`,
    '  </author>',
    ...entries.map((entry) => entryXml(entry, address, updated)),
    '</feed>',
    '',
  ].join('\n');
}
