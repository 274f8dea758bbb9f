// @module-tag security
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The default social image is only named in the public pages' metadata: the server never fetches it, so a
 * public host name that resolves to a private address reaches no internal service from here (link-preview
 * services fetch it from their own networks). If the site ever starts fetching it, this test fails.
 */

const stored = vi.hoisted(() => ({ socialImageUrl: '' }));

vi.mock('@/lib/content/settings/queries', () => ({
  getSiteSettings: async () => ({ siteTitle: 'Notes', metaDescription: 'Primes.', socialImageUrl: stored.socialImageUrl, updatedAt: null }),
}));
// The layout falls back to the owner's profile where a setting is empty: a site with no profile yet.
vi.mock('@/lib/content/about/queries', () => ({ getAbout: async () => null }));
vi.mock('@/lib/env', () => ({ getEnv: () => ({ SITE_URL: 'https://site.example.org' }) }));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the site layout’s metadata and the default social image', () => {
  it('names a configured image without fetching it, and drops an internal one', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('no fetch expected'));
    const { generateMetadata } = await import('@/app/(site)/layout');

    stored.socialImageUrl = 'https://127.0.0.1.nip.io/card.png';
    expect((await generateMetadata()).openGraph?.images).toEqual(['https://127.0.0.1.nip.io/card.png']);

    stored.socialImageUrl = 'https://169.254.169.254/latest/meta-data';
    expect((await generateMetadata()).openGraph?.images).toEqual([{ url: '/og', width: 1200, height: 630, type: 'image/png' }]);

    stored.socialImageUrl = '/storage/profile-images/og.png';
    expect((await generateMetadata()).openGraph?.images).toEqual(['https://site.example.org/storage/profile-images/og.png']);

    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
