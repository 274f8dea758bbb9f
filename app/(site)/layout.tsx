import { Suspense, type ReactNode } from 'react';
import type { Metadata } from 'next';

import { SiteShell } from '@/components/site/site-shell';
import { StorageStatus } from '@/components/site/storage-status';
import { getSiteSettings } from '@/lib/content/settings/queries';
import { absoluteUrl } from '@/lib/absolute-url';
import { effectiveSiteSettings } from '@/lib/content/settings/types';
import { readOr } from '@/lib/content/read';
import { getEnv } from '@/lib/env';
import { SITE_DEFAULTS } from '@/lib/site';

/**
 * Every public page's title template, default description and social image come from Admin Settings'
 * Site Configuration, falling back to the built-in values while a setting is empty. A page's own title
 * and description (a post's excerpt) take precedence over the defaults.
 */
export async function generateMetadata(): Promise<Metadata> {
  const stored = await readOr('the site settings', getSiteSettings, null);
  const site = effectiveSiteSettings(stored, SITE_DEFAULTS);
  const image = absoluteUrl(site.socialImageUrl, getEnv().SITE_URL);
  // Without a stored title, a page with none of its own keeps the title it has always had.
  const defaultTitle = stored?.siteTitle.trim() ? site.siteTitle : `${SITE_DEFAULTS.title} · Mathematics`;
  return {
    title: { template: `%s | ${site.siteTitle}`, default: defaultTitle },
    description: site.metaDescription,
    openGraph: { type: 'website', siteName: site.siteTitle, ...(image ? { images: [image] } : {}) },
    twitter: image ? { card: 'summary_large_image', images: [image] } : { card: 'summary' },
  };
}

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <SiteShell>
      {children}
      <Suspense fallback={null}>
        <StorageStatus />
      </Suspense>
    </SiteShell>
  );
}
