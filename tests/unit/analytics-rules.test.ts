import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { BEACON_MAX_BYTES, INSIGHTS_SCRIPT, pagePathOf, referrerGroup, referrerHostOf } from '@/lib/analytics/rules';

/** What a beacon may say and how it is reduced before anything is kept (issue 48). */

describe('pagePathOf', () => {
  it('keeps the path of a page of this site, without its query, fragment or trailing slash', () => {
    expect(pagePathOf('/')).toBe('/');
    expect(pagePathOf('/blog/')).toBe('/blog');
    expect(pagePathOf('/search?q=private+terms')).toBe('/search');
    expect(pagePathOf('/research/abc#cite')).toBe('/research/abc');
    expect(pagePathOf('/blog/caf%C3%A9')).toBe('/blog/caf%C3%A9');
  });

  it('refuses what is not a reader page of this site', () => {
    for (const path of ['/admin', '/admin/', '/admin/settings', '/api/search', '/storage/x.pdf', '/insights/event', '/_next/static/x.js', '/login'])
      expect(pagePathOf(path), path).toBeNull();
    for (const value of ['', 'blog', 'https://evil.example/', '//evil.example/x', '/\\evil', 42, null, undefined, {}, ['/']]) expect(pagePathOf(value)).toBeNull();
    expect(pagePathOf(`/${'a'.repeat(600)}`)).toBeNull();
    expect(pagePathOf(`/${'a'.repeat(5000)}`)).toBeNull();
  });
});

describe('referrerHostOf', () => {
  it('keeps only the host of another site', () => {
    expect(referrerHostOf('https://scholar.google.com/scholar?q=my+name', ['me.example'])).toBe('scholar.google.com');
    expect(referrerHostOf('https://www.Example.org/path?x=1', ['me.example'])).toBe('example.org');
    expect(referrerHostOf('http://conference.example.net:8080/talks', ['me.example'])).toBe('conference.example.net');
  });

  it('drops this site, a missing referrer, and anything that is not a web address', () => {
    expect(referrerHostOf('https://me.example/blog', ['me.example'])).toBeNull();
    expect(referrerHostOf('https://www.me.example/blog', ['me.example'])).toBeNull();
    for (const value of ['', 'android-app://com.google.android.gm/', 'javascript:alert(1)', 'not a url', 7, null]) expect(referrerHostOf(value, ['me.example'])).toBeNull();
    expect(referrerHostOf(`https://example.org/${'x'.repeat(BEACON_MAX_BYTES)}`, [])).toBeNull();
  });
});

describe('referrerGroup', () => {
  it('groups hosts as the dashboard shows them', () => {
    expect(referrerGroup(null)).toBe('direct');
    expect(referrerGroup('scholar.google.com')).toBe('scholar');
    expect(referrerGroup('scholar.google.co.uk')).toBe('scholar');
    for (const host of ['google.com', 'google.de', 'google.co.uk', 'google.com.au', 'bing.com', 'duckduckgo.com', 'search.brave.com']) expect(referrerGroup(host), host).toBe('search');
    for (const host of ['t.co', 'x.com', 'linkedin.com', 'lnkd.in', 'news.ycombinator.com', 'bsky.app', 'old.reddit.com']) expect(referrerGroup(host), host).toBe('social');
    for (const host of ['arxiv.org', 'conference.example.org', 'googleusercontent.com', 'notgoogle.com', 'tco.example']) expect(referrerGroup(host), host).toBe('other');
  });
});

describe('the page-view script', () => {
  const script = readFileSync(`public${INSIGHTS_SCRIPT}`, 'utf8');

  it('weighs at most 1 kB gzipped', () => {
    expect(gzipSync(script, { level: 9 }).byteLength).toBeLessThanOrEqual(1024);
  });

  it('sends to its own site only, with no cookie or storage, and honours Do Not Track and Global Privacy Control', () => {
    expect(script).toContain("sendBeacon('/insights/event'");
    expect(script).not.toMatch(/https?:\/\//);
    expect(script).not.toMatch(/document\.cookie|localStorage|sessionStorage|indexedDB/);
    expect(script).toMatch(/doNotTrack/);
    expect(script).toMatch(/globalPrivacyControl/);
  });
});
