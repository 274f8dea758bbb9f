/**
 * An absolute address for what link previews, Scholar and feeds need: an http(s) address as it is, a site
 * path joined to the site's public address (SITE_URL); null for anything else, or a path with no address
 * to join it to. Client-safe.
 */
export function absoluteUrl(url: string, siteUrl: string | undefined): string | null {
  if (/^https?:\/\//i.test(url)) return url;
  if (!siteUrl || !url.startsWith('/') || url.startsWith('//')) return null;
  return new URL(url, siteUrl).toString();
}
