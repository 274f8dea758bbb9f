import 'server-only';
import { headers } from 'next/headers';
import { getEnv } from '@/lib/env';

/**
 * The site's public address for documents that need absolute URLs and are never cached for other hosts
 * (sitemap, robots, feeds): SITE_URL when configured, else the address this request was made to.
 */
export async function siteAddress(): Promise<string> {
  const configured = getEnv().SITE_URL;
  if (configured) return configured.replace(/\/+$/, '');
  const request = await headers();
  const host = request.get('x-forwarded-host')?.split(',')[0]?.trim() || request.get('host') || 'localhost';
  const proto = request.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http';
  return `${proto}://${host}`;
}
