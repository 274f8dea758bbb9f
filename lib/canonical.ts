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
