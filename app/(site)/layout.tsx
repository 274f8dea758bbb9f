import { Suspense, type ReactNode } from 'react';
import type { Metadata } from 'next';

import { SiteShell } from '@/components/site/site-shell';
import { SiteToaster } from '@/components/site/site-toaster';
import { StorageStatus } from '@/components/site/storage-status';
import { getSiteSettings } from '@/lib/content/settings/queries';
import { absoluteUrl } from '@/lib/absolute-url';
import { effectiveSiteSettings, siteDefaultsOf, titleTemplate } from '@/lib/content/settings/types';
import { readOr } from '@/lib/content/read';
import { getEnv } from '@/lib/env';
import { FEED_PATH, feedTitle } from '@/lib/feed';
import { OG_IMAGE_SIZE, SITE_CARD_PATH } from '@/lib/og-card';
import { getAbout } from '@/lib/content/about/queries';
import { INSIGHTS_SCRIPT, VERCEL_INSIGHTS_SCRIPT } from '@/lib/analytics/rules';

const onVercel = process.env.VERCEL === '1';

/**
 * Every public page's title template, default description and social image come from Admin Settings'
 * Site Configuration, falling back to the owner's profile (name, biography) while a setting is empty. A page's own title
 * and description (a post's excerpt) take precedence over the defaults. Every public page links the
 * blog's Atom feed.
 */
export async function generateMetadata(): Promise<Metadata> {
  const [stored, about] = await Promise.all([readOr('the site settings', getSiteSettings, null), readOr('the profile for the page metadata', getAbout, null)]);
  const site = effectiveSiteSettings(stored, siteDefaultsOf(about));
  const siteUrl = getEnv().SITE_URL;
  const image = absoluteUrl(site.socialImageUrl, siteUrl);
  // Without a configured image, the site's generated card (app/og) stands in. Link previews need an
  // absolute address, so without SITE_URL no site-path image (the card included) is announced.
  const images = image ? [image] : siteUrl ? [{ url: SITE_CARD_PATH, ...OG_IMAGE_SIZE, type: 'image/png' }] : [];
  // Without a stored title, a page with none of its own is titled as the home page: the owner and their role.
  const defaultTitle = stored?.siteTitle.trim() ? site.siteTitle : [site.siteTitle, about?.title.trim()].filter(Boolean).join(' · ') || 'Home';
  return {
    ...(siteUrl ? { metadataBase: new URL(siteUrl) } : {}),
    title: { template: titleTemplate(site.siteTitle), default: defaultTitle },
    ...(site.metaDescription ? { description: site.metaDescription } : {}),
    openGraph: { type: 'website', ...(site.siteTitle ? { siteName: site.siteTitle } : {}), images },
    // No `images` of its own: the card takes Open Graph's.
    twitter: { card: images.length > 0 ? 'summary_large_image' : 'summary' },
    alternates: { types: { 'application/atom+xml': [{ url: FEED_PATH, title: feedTitle(site.siteTitle) }] } },
  };
}

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <SiteShell>
      {children}
      <Suspense fallback={null}>
        <StorageStatus />
      </Suspense>
      {/* The public pages' toaster: renders nothing, and loads no sonner, until a toast is raised
          (components/site/site-toast.ts). Not in the admin area, which has its own. */}
      <SiteToaster />
      {/* The site's own page-view counts (issue 48): a tiny script from this site, no cookie (docs/product.md
          "Reader analytics"). React hoists it into the head; async, so it never holds up the page. */}
      <script src={INSIGHTS_SCRIPT} async />
      {/* On a Vercel deployment, Vercel's own page-view script too (docs/product.md §1), served there from the
          site's own path; it follows client-side navigations itself. A plain tag, not @vercel/analytics'
          component, whose client chunk every host would load although only Vercel runs it. */}
      {onVercel ? <script src={VERCEL_INSIGHTS_SCRIPT} async /> : null}
    </SiteShell>
  );
}
