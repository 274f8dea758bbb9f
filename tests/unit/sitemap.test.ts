import { describe, expect, it } from 'vitest';

import { sitemapEntries, sitemapXml } from '@/lib/sitemap';

const SITE = 'https://alex.example';

describe('sitemap builder', () => {
  it('lists every public page, post and paper with its last change, list pages dated by their newest item', () => {
    const entries = sitemapEntries(SITE, {
      posts: [
        { slug: 'zeros of zeta', updatedAt: '2026-03-01T10:00:00.000Z' },
        { slug: 'older', updatedAt: '2025-01-01T00:00:00.000Z' },
      ],
      personal: [{ id: 'p1', createdAt: '2026-02-01T00:00:00.000Z' }],
      papers: [
        { id: 'a', status: 'published', updatedAt: '2026-01-05T00:00:00.000Z' },
        { id: 'b', status: 'preprint', updatedAt: '2026-04-01T00:00:00.000Z' },
        { id: 'secret', status: 'draft', updatedAt: '2026-12-01T00:00:00.000Z' },
      ],
      talks: [{ id: 't1', updatedAt: '2026-02-10T00:00:00.000Z' }],
      courses: [
        { id: 'c1', hasPage: true, updatedAt: '2026-01-20T00:00:00.000Z' },
        // No page of its own: it dates /teaching, and is not listed.
        { id: 'c2', hasPage: false, updatedAt: '2026-02-20T00:00:00.000Z' },
      ],
    });
    expect(entries).toEqual([
      { url: SITE, lastModified: '2026-04-01T00:00:00.000Z' },
      { url: `${SITE}/about` },
      { url: `${SITE}/experience` },
      { url: `${SITE}/projects` },
      { url: `${SITE}/research`, lastModified: '2026-04-01T00:00:00.000Z' },
      { url: `${SITE}/talks`, lastModified: '2026-02-10T00:00:00.000Z' },
      { url: `${SITE}/teaching`, lastModified: '2026-02-20T00:00:00.000Z' },
      { url: `${SITE}/cv` },
      { url: `${SITE}/blog`, lastModified: '2026-03-01T10:00:00.000Z' },
      { url: `${SITE}/personal`, lastModified: '2026-02-01T00:00:00.000Z' },
      { url: `${SITE}/blog/zeros%20of%20zeta`, lastModified: '2026-03-01T10:00:00.000Z' },
      { url: `${SITE}/blog/older`, lastModified: '2025-01-01T00:00:00.000Z' },
      { url: `${SITE}/personal/p1`, lastModified: '2026-02-01T00:00:00.000Z' },
      { url: `${SITE}/research/a`, lastModified: '2026-01-05T00:00:00.000Z' },
      { url: `${SITE}/research/b`, lastModified: '2026-04-01T00:00:00.000Z' },
      { url: `${SITE}/talks/t1`, lastModified: '2026-02-10T00:00:00.000Z' },
      { url: `${SITE}/teaching/c1`, lastModified: '2026-01-20T00:00:00.000Z' },
    ]);
    // A draft's date does not even leak through the list page's.
    expect(JSON.stringify(entries)).not.toContain('2026-12-01');
  });

  it('an empty site still lists its pages, undated', () => {
    expect(sitemapEntries(SITE, { posts: [], personal: [], papers: [], talks: [], courses: [] }).map((entry) => entry)).toEqual(
      ['', '/about', '/experience', '/projects', '/research', '/talks', '/teaching', '/cv', '/blog', '/personal'].map((path) => ({ url: `${SITE}${path}` })),
    );
  });

  it('writes a sitemaps.org urlset, addresses escaped', () => {
    expect(sitemapXml([{ url: `${SITE}/blog/a&b<c>`, lastModified: '2026-03-01T10:00:00.000Z' }, { url: `${SITE}/about` }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        `<url>\n<loc>${SITE}/blog/a&amp;b&lt;c&gt;</loc>\n<lastmod>2026-03-01T10:00:00.000Z</lastmod>\n</url>\n` +
        `<url>\n<loc>${SITE}/about</loc>\n</url>\n` +
        '</urlset>\n',
    );
  });
});
