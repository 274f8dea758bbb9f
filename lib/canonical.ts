import type { Metadata, ResolvingMetadata } from 'next';

import { getEnv } from '@/lib/env';

/**
 * A public page's canonical address: SITE_URL joined with the page's path, with no query (a filter such
 * as ?tag= shows the same page). Null without SITE_URL: the site's public host is never guessed.
 */
export function canonicalUrl(path: string, siteUrl: string | undefined): string | null {
  if (!siteUrl) return null;
  return `${siteUrl.replace(/\/+$/, '')}${path === '/' ? '' : path}`;
}

/** The path of a post's page, its slug escaped as a path segment. */
export function blogPostPath(slug: string): string {
  return `/blog/${encodeURIComponent(slug)}`;
}

/**
 * A page's `alternates`: its canonical address (when SITE_URL is set) and the alternate versions the
 * layout declared (the blog's feed). A page's alternates replace its layout's whole, so they are carried
 * over here rather than lost.
 */
export async function pageAlternates(path: string, parent: ResolvingMetadata): Promise<NonNullable<Metadata['alternates']>> {
  const { alternates } = await parent;
  const canonical = canonicalUrl(path, getEnv().SITE_URL);
  return { ...(alternates?.types ? { types: alternates.types } : {}), ...(canonical ? { canonical } : {}) };
}

type OpenGraph = NonNullable<Metadata['openGraph']>;

/**
 * A page's Open Graph with og:url, its canonical address, which the Open Graph protocol requires beside
 * og:title, og:type and og:image (only when SITE_URL is set: the host is never guessed). `own` is the
 * page's own Open Graph (an article's); a page without one gets the layout's type, site name and image,
 * carried over because a page's `openGraph` replaces its layout's whole. og:title and og:description
 * still come from the page's title and description. Undefined when there is nothing to add: the
 * layout's Open Graph stands.
 */
export async function pageOpenGraph(path: string, parent: ResolvingMetadata, own?: OpenGraph): Promise<OpenGraph | undefined> {
  const url = canonicalUrl(path, getEnv().SITE_URL);
  if (own) return url ? { ...own, url } : own;
  if (!url) return undefined;
  const inherited = (await parent).openGraph;
  return {
    type: inherited && 'type' in inherited ? inherited.type : 'website',
    ...(inherited?.siteName ? { siteName: inherited.siteName } : {}),
    ...(inherited?.images ? { images: inherited.images } : {}),
    url,
  } as OpenGraph;
}

/**
 * Every public page's address in its metadata, from its path (no query): the canonical link beside the
 * layout's feed link (pageAlternates) and og:url (pageOpenGraph, with the page's own Open Graph if any).
 */
export async function canonicalMetadata(path: string, parent: ResolvingMetadata, own?: OpenGraph): Promise<Pick<Metadata, 'alternates' | 'openGraph'>> {
  const [alternates, openGraph] = await Promise.all([pageAlternates(path, parent), pageOpenGraph(path, parent, own)]);
  return { alternates, ...(openGraph ? { openGraph } : {}) };
}
