import { cacheTag } from 'next/cache';
import { connection } from 'next/server';

import { getAbout } from '@/lib/content/about/queries';
import { ownerNameOf } from '@/lib/content/about/types';
import { getNewestBlogPosts } from '@/lib/content/blog/queries';
import { getSiteSettings } from '@/lib/content/settings/queries';
import { effectiveSiteSettings, siteDefaultsOf } from '@/lib/content/settings/types';
import { TAGS } from '@/lib/content/tags';
import { atomFeed, FEED_LIMIT, feedEntries } from '@/lib/feed';
import { NEVER_STORE } from '@/lib/public-pages';
import { siteAddress } from '@/lib/site-url';

/**
 * The feed as served from `address`, kept until a post, the profile (the author's name) or the site
 * configuration (the feed's title) changes: rendering fifty posts' mathematics is not a per-poll cost.
 */
async function blogFeed(address: string): Promise<string> {
  'use cache';
  cacheTag(TAGS.blog, TAGS.about, TAGS.settings);
  const [posts, about, settings] = await Promise.all([getNewestBlogPosts(FEED_LIMIT), getAbout(), getSiteSettings()]);
  const siteTitle = effectiveSiteSettings(settings, siteDefaultsOf(about)).siteTitle;
  // Atom asks every feed for an author: without a name in the profile, the site's title, else its host.
  const site = { address, siteTitle, author: ownerNameOf(about) || siteTitle || new URL(address).host };
  return atomFeed(site, feedEntries(address, posts));
}

/** The blog as an Atom feed: the newest FEED_LIMIT (50) posts (blog posts have no draft state), in full; only those are read. */
export async function GET(): Promise<Response> {
  await connection();
  try {
    const site = await siteAddress();
    const body = await blogFeed(site.address);
    return new Response(body, {
      headers: { 'content-type': 'application/atom+xml; charset=utf-8', 'x-content-type-options': 'nosniff', ...site.headers },
    });
  } catch (error) {
    console.error('Could not build feed.xml', error);
    return new Response('The blog could not be loaded. Please try again later.\n', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NEVER_STORE } });
  }
}
