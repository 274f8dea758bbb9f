import type { ResolvingMetadata } from 'next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { blogPostPath, canonicalMetadata, canonicalUrl, pageAlternates, pageOpenGraph } from '@/lib/canonical';

const env = vi.hoisted(() => ({ SITE_URL: undefined as string | undefined }));
vi.mock('@/lib/env', () => ({ getEnv: () => env }));

/** What the site layout leaves to its pages: the blog feed's link, and its Open Graph as Next resolved it. */
const FEED = { 'application/atom+xml': [{ url: 'https://alex.example/feed.xml', title: 'Alex Morgan — Blog' }] };
const SITE_CARD = { url: 'https://alex.example/og', width: 1200, height: 630, type: 'image/png' };
const parent = Promise.resolve({
  alternates: { canonical: null, languages: null, media: null, types: FEED },
  openGraph: { type: 'website', siteName: 'Alex Morgan', images: [SITE_CARD], title: { absolute: '', template: null }, url: null },
}) as unknown as ResolvingMetadata;

describe('canonical addresses from SITE_URL', () => {
  beforeEach(() => {
    env.SITE_URL = undefined;
  });

  it("joins SITE_URL and the page's path; the home page is the site's address", () => {
    expect(canonicalUrl('/', 'https://alex.example')).toBe('https://alex.example');
    expect(canonicalUrl('/research', 'https://alex.example/')).toBe('https://alex.example/research');
    expect(canonicalUrl(blogPostPath('zeta zeros/2'), 'https://alex.example')).toBe('https://alex.example/blog/zeta%20zeros%2F2');
  });

  it('gives no canonical address without SITE_URL: the host is never guessed', () => {
    expect(canonicalUrl('/about', undefined)).toBeNull();
  });

  it("keeps the layout's feed link beside the page's canonical address", async () => {
    env.SITE_URL = 'https://alex.example';
    expect(await pageAlternates('/blog', parent)).toEqual({ types: FEED, canonical: 'https://alex.example/blog' });
  });

  it('keeps only the feed link without SITE_URL', async () => {
    expect(await pageAlternates('/blog', parent)).toEqual({ types: FEED });
  });
});

describe('og:url, the Open Graph protocol\'s required address, on every public page with SITE_URL', () => {
  beforeEach(() => {
    env.SITE_URL = undefined;
  });

  it("is the canonical address; a page without its own Open Graph keeps the layout's type, site name and image", async () => {
    env.SITE_URL = 'https://alex.example/';
    expect(await pageOpenGraph('/', parent)).toEqual({ type: 'website', siteName: 'Alex Morgan', images: [SITE_CARD], url: 'https://alex.example' });
    expect(await pageOpenGraph('/research', parent)).toMatchObject({ url: 'https://alex.example/research' });
  });

  it("is added to a page's own Open Graph (an article's), which is kept as it is", async () => {
    env.SITE_URL = 'https://alex.example';
    const own = { type: 'article' as const, title: 'Zeta zeros', publishedTime: '2024-05-01' };
    expect(await pageOpenGraph(blogPostPath('zeta zeros'), parent, own)).toEqual({ ...own, url: 'https://alex.example/blog/zeta%20zeros' });
  });

  it("is left out without SITE_URL: the layout's Open Graph, or the page's own, stands unchanged", async () => {
    expect(await pageOpenGraph('/about', parent)).toBeUndefined();
    const own = { type: 'article' as const, title: 'A paper', images: [] };
    expect(await pageOpenGraph('/research/1', parent, own)).toBe(own);
  });

  it('comes with the canonical link, both from the same path', async () => {
    env.SITE_URL = 'https://alex.example';
    const metadata = await canonicalMetadata('/blog', parent);
    expect(metadata.alternates).toEqual({ types: FEED, canonical: 'https://alex.example/blog' });
    expect(metadata.openGraph).toMatchObject({ url: 'https://alex.example/blog' });
    env.SITE_URL = undefined;
    expect(await canonicalMetadata('/blog', parent)).toEqual({ alternates: { types: FEED } });
  });

  it("is in a page's metadata: the blog index's, for one", async () => {
    env.SITE_URL = 'https://alex.example';
    const { generateMetadata } = await import('@/app/(site)/blog/page');
    const metadata = await generateMetadata(undefined, parent);
    expect(metadata.openGraph).toEqual({ type: 'website', siteName: 'Alex Morgan', images: [SITE_CARD], url: 'https://alex.example/blog' });
    expect(metadata.alternates).toMatchObject({ canonical: 'https://alex.example/blog' });
  });
});
