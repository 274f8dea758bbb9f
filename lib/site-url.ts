import 'server-only';
import { headers } from 'next/headers';
import { getEnv } from '@/lib/env';
import { publicPageCacheControl } from '@/lib/public-pages';

/**
 * The site's public address for documents that need absolute URLs (sitemap, robots, feeds), with the
 * Cache-Control such a document may carry. With SITE_URL the address is that, nothing of the request
 * reaches it, and the document is as cacheable as a public page. Without it the address is the one this
 * request was made to (Host, X-Forwarded-Host, X-Forwarded-Proto), and a shared cache that does not key
 * on those headers could keep one visitor's forged host and serve it to everyone: such a document is
 * `private` (a browser may keep it and revalidate; a CDN or proxy must not) and says which headers it
 * varies on. The start-up log warns once when SITE_URL is unset in production (lib/startup.ts).
 */
export interface SiteAddress {
  /** The address without a trailing slash: `https://alex.example`. */
  address: string;
  /** The headers to send with a document that embeds `address`. */
  headers: Record<string, string>;
}

/** What a document built from the request's own host name says about caching it. */
const REQUEST_HOST_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'private, max-age=0, must-revalidate',
  Vary: 'Host, X-Forwarded-Host, X-Forwarded-Proto',
};

export async function siteAddress(): Promise<SiteAddress> {
  const env = getEnv();
  if (env.SITE_URL) {
    return { address: env.SITE_URL.replace(/\/+$/, ''), headers: { 'Cache-Control': publicPageCacheControl(env.PUBLIC_CACHE_SECONDS) } };
  }
  const request = await headers();
  const host = request.get('x-forwarded-host')?.split(',')[0]?.trim() || request.get('host') || 'localhost';
  const proto = request.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  return { address: `${proto}://${host}`, headers: { ...REQUEST_HOST_HEADERS } };
}
