import type { ResolvingMetadata } from 'next';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { blogPostPath, canonicalUrl, pageAlternates } from '@/lib/canonical';

const env = vi.hoisted(() => ({ SITE_URL: undefined as string | undefined }));
vi.mock('@/lib/env', () => ({ getEnv: () => env }));

/** What the site layout leaves to its pages: the blog feed's link. */
const FEED = { 'application/atom+xml': [{ url: 'https://alex.example/feed.xml', title: 'Alex Morgan — Blog' }] };
const parent = Promise.resolve({ alternates: { canonical: null, languages: null, media: null, types: FEED } }) as unknown as ResolvingMetadata;

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
