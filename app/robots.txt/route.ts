import { connection } from 'next/server';

import { siteAddress } from '@/lib/site-url';

/**
 * Everything public may be crawled; the admin area may not. A route handler rather than Next's robots.ts,
 * so that the answer says who may keep it: the sitemap's address comes from the request when SITE_URL is
 * unset, and then no shared cache may (lib/site-url.ts).
 */
export async function GET(): Promise<Response> {
  await connection();
  const site = await siteAddress();
  const body = ['User-Agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${site.address}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', ...site.headers } });
}
