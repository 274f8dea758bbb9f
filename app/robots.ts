import type { MetadataRoute } from 'next';

import { siteAddress } from '@/lib/site-url';

/** Everything public may be crawled; the admin area may not. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  const site = await siteAddress();
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/admin', '/api/'] }],
    sitemap: `${site}/sitemap.xml`,
  };
}
