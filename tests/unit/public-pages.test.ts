import { describe, expect, it } from 'vitest';
import { cacheControlFor, NEVER_STORE, publicPageCacheControl, type PageRequest } from '@/lib/public-pages';

function request(pathname: string, headers: Record<string, string> = {}, method = 'GET', search = ''): PageRequest {
  return { method, pathname, search, header: (name) => headers[name.toLowerCase()] ?? null };
}

describe('who may keep a copy of a response (Cache-Control)', () => {
  it('public pages for anonymous visitors: revalidated every time by default, kept N seconds with PUBLIC_CACHE_SECONDS=N', () => {
    for (const path of ['/', '/about', '/experience', '/projects', '/research', '/research/7f0c', '/blog', '/blog/a-post', '/personal', '/personal/3f1c']) {
      expect(cacheControlFor(request(path), undefined), path).toBe('public, max-age=0, must-revalidate');
      expect(cacheControlFor(request(path), 300), path).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=300');
      expect(cacheControlFor(request(path, {}, 'HEAD'), 300), path).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=300');
    }
  });

  it('the default never says no-cache: Next.js copies it onto the request, which would then never get a 304', () => {
    expect(publicPageCacheControl(undefined)).not.toMatch(/no-cache/);
  });

  it('signed-in visitors (built-in or Supabase cookies) and App Router requests are never kept by a shared cache', () => {
    for (const cookie of ['pf-access=x', 'theme=dark; pf-refresh=y', 'sb-abc-auth-token=z']) {
      expect(cacheControlFor(request('/blog', { cookie }), 300), cookie).toBe(NEVER_STORE);
    }
    expect(cacheControlFor(request('/blog', { cookie: 'theme=dark' }), 300)).toContain('s-maxage=300');
    expect(cacheControlFor(request('/blog', { rsc: '1' }), 300)).toBe(NEVER_STORE);
    expect(cacheControlFor(request('/blog', {}, 'GET', '?_rsc=abc'), 300)).toBe(NEVER_STORE);
  });

  it('leaves everything else to Next.js and the proxy: actions, the admin area, files, feeds, unknown paths', () => {
    expect(cacheControlFor(request('/', {}, 'POST'), 300)).toBeNull();
    for (const path of ['/admin', '/admin/login', '/storage/x/y.png', '/feed.xml', '/research.bib', '/no-such-page', '/blog/a/b']) {
      expect(cacheControlFor(request(path), 300), path).toBeNull();
    }
  });
});
