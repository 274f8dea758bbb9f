import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import type { NextConfig } from 'next';
import { config as proxyConfig } from '@/proxy';
import {
  NEVER_STORE,
  PUBLIC_PAGE_SOURCES,
  publicCacheMismatch,
  publicCacheSecondsSchema,
  publicPageHeaderRules,
  SESSION_COOKIE_HEADER,
} from '@/lib/public-page-policy.mjs';
import { PUBLIC_PAGE } from '@/lib/public-pages';

/**
 * Where an anonymous page load's Cache-Control comes from: next.config.mjs's headers (written into the
 * build), and the proxy only for the loads it must decide. Checked with Next's own path and condition
 * matching, the functions its router and its proxy matcher call.
 */
const require = createRequire(import.meta.url);
const { getPathMatch } = require('next/dist/shared/lib/router/utils/path-match.js') as {
  getPathMatch: (source: string) => (pathname: string) => false | object;
};
const { matchHas } = require('next/dist/shared/lib/router/utils/prepare-destination.js') as {
  matchHas: (req: { headers: Record<string, string> }, query: Record<string, string>, has?: unknown[], missing?: unknown[]) => false | object;
};

interface Conditioned {
  source: string;
  has?: unknown[];
  missing?: unknown[];
}

function applies(rule: Conditioned, pathname: string, headers: Record<string, string> = {}, query: Record<string, string> = {}): boolean {
  if (!getPathMatch(rule.source)(pathname)) return false;
  return Boolean(matchHas({ headers }, query, rule.has, rule.missing));
}

/** next.config.mjs has no type declarations of its own: it is loaded as it is, by Next and here. */
const configFile: string = '../../next.config.mjs';
const { default: nextConfig } = (await import(configFile)) as { default: NextConfig };

type HeaderRule = Conditioned & { headers: { key: string; value: string }[] };

/** The Cache-Control next.config.mjs gives a request (a later rule replaces an earlier one, as in Next). */
async function configCacheControl(pathname: string, headers: Record<string, string> = {}, query: Record<string, string> = {}): Promise<string | undefined> {
  const rules = (await nextConfig.headers!()) as HeaderRule[];
  let value: string | undefined;
  for (const rule of rules) {
    if (!applies(rule, pathname, headers, query)) continue;
    for (const header of rule.headers) if (header.key.toLowerCase() === 'cache-control') value = header.value;
  }
  return value;
}

function proxyRuns(pathname: string, headers: Record<string, string> = {}): boolean {
  return (proxyConfig.matcher as (string | Conditioned)[]).some((entry) => applies(typeof entry === 'string' ? { source: entry } : entry, pathname, headers));
}

const PAGES = ['/', '/about', '/experience', '/projects', '/research', '/research/7f0c', '/blog', '/blog/a-post', '/personal', '/personal/3f1c'];
const SESSIONS = ['pf-access=x', 'pf-refresh=y', 'theme=dark; pf-access=x', 'theme=dark;pf-refresh=y', 'sb-abc-auth-token=z', 'a=1; sb-abc-auth-token.0=z'];

describe('the public pages\' Cache-Control without a proxy run (next.config.mjs)', () => {
  it('an anonymous page load gets the public policy from the build, and does not run the proxy', async () => {
    for (const path of PAGES) {
      expect(PUBLIC_PAGE.test(path), path).toBe(true);
      expect(await configCacheControl(path), path).toBe('public, max-age=0, must-revalidate');
      expect(await configCacheControl(path, { cookie: 'theme=dark; pf-accessory=1' }), path).toBe('public, max-age=0, must-revalidate');
      expect(proxyRuns(path), path).toBe(false);
      expect(proxyRuns(path, { cookie: 'theme=dark' }), path).toBe(false);
    }
  });

  it('a page load with a session cookie runs the proxy (no-store) and gets nothing from the build', async () => {
    for (const path of PAGES) {
      for (const cookie of SESSIONS) {
        expect(await configCacheControl(path, { cookie }), `${path} ${cookie}`).toBeUndefined();
        expect(proxyRuns(path, { cookie }), `${path} ${cookie}`).toBe(true);
      }
    }
  });

  it('a cookie\'s name never spans a `;`, so the pattern reads a long Cookie header once, without backtracking over it', () => {
    const session = new RegExp(`^${SESSION_COOKIE_HEADER}$`);
    expect(session.test('sb-;x=1')).toBe(false);
    expect(session.test(`${'; sb-'.repeat(3000)}; pf-access=x`)).toBe(true);
    expect(session.test('; sb-'.repeat(3000))).toBe(false);
  });

  it('a page load asking If-None-Match runs the proxy (its 304), which sets the same policy', async () => {
    for (const path of PAGES) expect(proxyRuns(path, { 'if-none-match': '"abc"' }), path).toBe(true);
  });

  it('the App Router\'s requests and actions get no-store or nothing, never the public policy; only actions run the proxy', async () => {
    for (const path of PAGES) {
      expect(await configCacheControl(path, { rsc: '1' }), path).toBe(NEVER_STORE);
      expect(await configCacheControl(path, { rsc: '1', cookie: 'pf-access=x' }), path).toBe(NEVER_STORE);
      expect(await configCacheControl(path, {}, { _rsc: 'abc' }), path).toBe(NEVER_STORE);
      expect(await configCacheControl(path, { 'next-action': 'x' }), path).toBeUndefined();
      expect(proxyRuns(path, { rsc: '1', cookie: 'pf-access=x', 'if-none-match': '"a"' }), path).toBe(false);
      // Actions still run the proxy, which hands their body on (see proxy.ts).
      expect(proxyRuns(path, { 'next-action': 'x' }), path).toBe(true);
    }
  });

  it('no other address gets the public policy: admin, files, feeds, the API', async () => {
    for (const path of ['/admin', '/admin/login', '/storage/media/a.png', '/feed.xml', '/research.bib', '/api/upload', '/aboutx', '/blogs']) {
      expect(await configCacheControl(path), path).toBeUndefined();
    }
  });

  it('says N seconds for a shared cache when the build is made with PUBLIC_CACHE_SECONDS=N', () => {
    const rules = publicPageHeaderRules(120);
    expect(rules.map((rule) => rule.source)).toEqual(PUBLIC_PAGE_SOURCES);
    for (const rule of rules) expect(rule.headers).toEqual([{ key: 'Cache-Control', value: 'public, max-age=0, s-maxage=120, stale-while-revalidate=120' }]);
    expect(publicPageHeaderRules(undefined)[0]!.headers[0]!.value).toBe('public, max-age=0, must-revalidate');
  });

  it('the proxy\'s matcher spells out the same routes and session pattern (Next reads it literally)', () => {
    const conditioned = (proxyConfig.matcher as (string | Conditioned)[]).filter((entry): entry is Conditioned => typeof entry !== 'string' && Boolean(entry.has));
    const expected = [
      ...PUBLIC_PAGE_SOURCES.flatMap((source) => [
        { source, has: [{ type: 'header', key: 'cookie', value: SESSION_COOKIE_HEADER }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
        { source, has: [{ type: 'header', key: 'if-none-match' }], missing: [{ type: 'header', key: 'rsc', value: '1' }] },
      ]),
      { source: '/:path*', has: [{ type: 'header', key: 'next-action' }] },
    ];
    expect(conditioned).toEqual(expected);
  });
});

describe('PUBLIC_CACHE_SECONDS is part of the build', () => {
  it('a build with an invalid value fails, naming it; loading the config, as `next start` does, leaves it to the start-up check', async () => {
    vi.stubEnv('PUBLIC_CACHE_SECONDS', 'soon');
    try {
      const { default: invalid } = (await import(`${configFile}?invalid`)) as { default: NextConfig };
      expect(invalid.env).toEqual({ BUILT_PUBLIC_CACHE_SECONDS: '' });
      await expect(invalid.headers!()).rejects.toThrow(/^Invalid configuration: PUBLIC_CACHE_SECONDS: /);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('is read as lib/env.ts reads it', () => {
    expect(publicCacheSecondsSchema.parse('')).toBeUndefined();
    expect(publicCacheSecondsSchema.parse('120')).toBe(120);
    expect(publicCacheSecondsSchema.safeParse('1.5').success).toBe(false);
    expect(publicCacheSecondsSchema.safeParse('0').success).toBe(false);
  });

  it('a server whose value differs from the build\'s is refused, with both values and what to do', () => {
    expect(publicCacheMismatch(undefined, '')).toBeNull();
    expect(publicCacheMismatch(120, '120')).toBeNull();
    expect(publicCacheMismatch(120, '')).toMatch(/^PUBLIC_CACHE_SECONDS is 120 here, but this build was made with it unset\. .*run `next build` again/);
    expect(publicCacheMismatch(undefined, '60')).toMatch(/is unset here, but this build was made with it 60\./);
    expect(publicCacheMismatch(30, '60')).not.toBeNull();
  });
});
