import { afterEach, describe, expect, it, vi } from 'vitest';

async function load(supabaseUrl?: string) {
  vi.resetModules();
  if (supabaseUrl) vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', supabaseUrl);
  return await import('@/components/site/fallback-image');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('which images next/image optimises', () => {
  it('optimises the site’s own files, never SVGs, query strings or other hosts', async () => {
    const { optimisable } = await load();
    expect(optimisable('/storage/project-images/projects/1-a.png')).toBe(true);
    expect(optimisable('/placeholder.svg')).toBe(false);
    expect(optimisable('/storage/x.png?v=2')).toBe(false);
    expect(optimisable('//evil.example/x.png')).toBe(false);
    expect(optimisable('https://images.example.org/x.png')).toBe(false);
  });

  it('optimises Supabase Storage public files in Supabase mode, and nothing else of that host', async () => {
    const { optimisable } = await load('https://abc.supabase.co/');
    expect(optimisable('https://abc.supabase.co/storage/v1/object/public/blog-images/1-a.webp')).toBe(true);
    expect(optimisable('https://abc.supabase.co/storage/v1/object/sign/blog-images/1-a.webp')).toBe(false);
    expect(optimisable('https://other.supabase.co/storage/v1/object/public/blog-images/1-a.webp')).toBe(false);
  });
});
