import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

async function load(supabaseUrl?: string) {
  vi.resetModules();
  if (supabaseUrl) vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', supabaseUrl);
  return await import('@/lib/image-source');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('optimised or plain: which images go through /_next/image', () => {
  it('optimises only uploads under /storage/, exactly as images.localPatterns will see them', async () => {
    const { optimisable } = await load();
    expect(optimisable('/storage/profile-images/about/1700000000000-abcdefghijkl.png')).toBe(true);
    expect(optimisable('/storage/personal-images/a%20b.jpg')).toBe(true);
    // Other site paths are not allowed by localPatterns: next/image would throw in development.
    expect(optimisable('/uploads/no-such-photo.jpg')).toBe(false);
    expect(optimisable('/storage')).toBe(false);
    // Paths the URL parser would rewrite, so the pattern check would see something else.
    expect(optimisable('/storage/../admin/x.png')).toBe(false);
    expect(optimisable('/storage/./x.png')).toBe(false);
    expect(optimisable('/storage/a b.png')).toBe(false);
    expect(optimisable('/storage/x.png#frag')).toBe(false);
    // Without Supabase, no remote host is optimised.
    expect(optimisable('https://abc.supabase.co/storage/v1/object/public/blog-images/1-a.webp')).toBe(false);
    expect(optimisable('/storage/blog-images/diagram.SVG')).toBe(false);
  });

  it('rejects a Supabase public URL the remote pattern check would see differently', async () => {
    const { optimisable } = await load('https://abc.supabase.co');
    expect(optimisable('https://abc.supabase.co/storage/v1/object/public/blog-images/1-a.webp')).toBe(true);
    expect(optimisable('https://abc.supabase.co/storage/v1/object/public/../sign/blog-images/1-a.webp')).toBe(false);
    expect(optimisable('https://ABC.supabase.co/storage/v1/object/public/blog-images/1-a.webp')).toBe(false);
  });

  it('markup images of the site get a srcset through the optimiser at one configured width; others stay as they are', async () => {
    const { markupImageSources } = await load();
    expect(markupImageSources('/storage/blog-images/1-a.png')).toEqual({
      src: '/storage/blog-images/1-a.png',
      srcSet: '/_next/image?url=%2Fstorage%2Fblog-images%2F1-a.png&w=1920&q=75 1x',
    });
    expect(markupImageSources('/placeholder.svg')).toEqual({ src: '/placeholder.svg' });
    expect(markupImageSources('https://example.org/a.png')).toEqual({ src: 'https://example.org/a.png' });
  });

  it('agrees with next.config.mjs: whatever it optimises, the optimiser\'s own localPatterns check accepts', async () => {
    const { optimisable } = await load();
    const { default: config } = (await import(/* @vite-ignore */ path.join(process.cwd(), 'next.config.mjs'))) as {
      default: { images: { localPatterns: LocalPattern[] } };
    };
    const { hasLocalMatch } = (await import('next/dist/shared/lib/match-local-pattern.js')) as {
      hasLocalMatch: (patterns: LocalPattern[], url: string) => boolean;
    };
    const samples = [
      '/storage/project-images/projects/1-a.png',
      '/storage/personal-images/a%20b.jpg',
      '/storage/x.png?v=2',
      '/storage/../admin/x.png',
      '/uploads/x.png',
      '/api/upload',
      '/placeholder.svg',
    ];
    for (const src of samples) {
      if (optimisable(src)) expect(hasLocalMatch(config.images.localPatterns, src), src).toBe(true);
    }
    // And the optimiser refuses what the site never optimises: other routes, query strings.
    expect(hasLocalMatch(config.images.localPatterns, '/api/upload')).toBe(false);
    expect(hasLocalMatch(config.images.localPatterns, '/storage/x.png?v=2')).toBe(false);
  });
});

type LocalPattern = { pathname?: string; search?: string };
