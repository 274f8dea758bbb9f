import type { Browser } from '@playwright/test';

import { createPaper, sessionCookieHeader } from './fixtures/actions';
import { ADMIN, AUTH_SECRET, signIn } from './fixtures/auth';
import { expect, test } from './fixtures/csp';
import { startNextStart } from '../helpers/next-start';
import { startSite } from '../helpers/site-server';

/**
 * Issue 32: the product answers the same however it is served. `npm start` (scripts/start.ts: the build
 * when the sources changed, the connection's address from the first request, a clean stop) and plain
 * `next start` (how the site is deployed) each get a fresh server on the default build, and the very same
 * assertions: status codes, the ETag from the first response on and the 304, Cache-Control, the security
 * headers and the two Content-Security-Policies, and a save shown by the next request. Cache-Control with
 * PUBLIC_CACHE_SECONDS (a build of its own) is checked on both servers by tests/e2e/supabase-mode.spec.ts;
 * the client's address, on both servers and behind nginx, by tests/e2e/client-address.spec.ts.
 */

const SERVERS = { 'npm start': startSite, 'next start': startNextStart } as const;
const PUBLIC = 'public, max-age=0, must-revalidate';
const POST = '/blog/why-the-prime-number-theorem-still-surprises-me';

/** Every answer a visitor or a cache sees, for one server at `url`. */
async function sameAnswers(url: string, browser: Browser): Promise<void> {
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${url}${path}`, { headers, redirect: 'manual' });

  // Status codes: a page, an unknown path, an unknown post (sent to the blog) and paper (its own page
  // saying so: Next's soft 404, vercel/next.js#95380), a path that does not decode, the admin's redirect.
  const statuses: [string, number, string?][] = [
    ['/', 200],
    ['/no-such-page', 404],
    ['/blog/no-such-post', 307, '/blog'],
    ['/research/00000000-0000-4000-8000-000000000000', 200],
    ['/blog/%ff', 400],
    ['/admin', 307, '/admin/login'],
  ];
  for (const [path, status, location] of statuses) {
    const response = await get(path);
    expect(response.status, path).toBe(status);
    // Next sends a redirect's Location twice (from the stored page and again), the same value each time.
    if (location) expect(new Set(response.headers.get('location')!.split(/,\s*/).map((to) => new URL(to, url).pathname)), path).toEqual(new Set([location]));
  }

  // Each public page: the first response already has the ETag and the policy of the stored page, a later
  // one the same; If-None-Match gets a 304 with the same Cache-Control; the security headers everywhere.
  for (const path of ['/about', '/projects', '/research', '/cv', '/blog', POST, '/personal', '/']) {
    const first = await get(path);
    const second = await get(path);
    expect(first.status, path).toBe(200);
    expect(first.headers.get('etag'), `${path}: the first response's ETag`).toMatch(/^"[\w-]+"$/);
    expect(second.headers.get('etag'), path).toBe(first.headers.get('etag'));
    expect(first.headers.get('cache-control'), path).toBe(PUBLIC);
    expect(first.headers.get('content-security-policy'), path).toMatch(/script-src 'self' 'unsafe-inline'.*, script-src 'self'( 'sha256-[\w+/=]+')+$/);
    expect(second.headers.get('content-security-policy'), path).toBe(first.headers.get('content-security-policy'));
    for (const [name, value] of [
      ['x-content-type-options', 'nosniff'],
      ['x-frame-options', 'DENY'],
      ['referrer-policy', 'strict-origin-when-cross-origin'],
    ]) {
      expect(first.headers.get(name), `${path}: ${name}`).toBe(value);
    }
    const confirmed = await get(path, { 'If-None-Match': first.headers.get('etag')! });
    expect(confirmed.status, path).toBe(304);
    expect(confirmed.headers.get('cache-control'), path).toBe(PUBLIC);
  }
  // The CV's files, the PDF typeset in its worker thread under either server: an ETag from the first response, a 304 to it.
  for (const [path, type] of [
    ['/cv.pdf', 'application/pdf'],
    ['/cv.json', 'application/json; charset=utf-8'],
  ]) {
    const first = await get(path);
    expect(first.status, path).toBe(200);
    expect(first.headers.get('content-type'), path).toBe(type);
    expect(first.headers.get('etag'), path).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control'), path).toBe(PUBLIC);
    const confirmed = await get(path, { 'If-None-Match': first.headers.get('etag')! });
    expect(confirmed.status, path).toBe(304);
  }
  // Never for a shared cache: a signed-in visitor's page, the admin area, the App Router's requests.
  expect((await get('/blog', { cookie: 'pf-access=whoever' })).headers.get('cache-control')).toContain('no-store');
  expect((await get('/admin/login')).headers.get('cache-control')).toContain('no-store');
  expect((await get('/admin/login')).headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
  expect((await get('/blog', { RSC: '1' })).headers.get('cache-control')).toContain('no-store');

  // A save shows on the next request, and a copy from before it is not confirmed.
  const before = (await get('/research')).headers.get('etag')!;
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await signIn(page, ADMIN, `${url}/admin/login`);
  const marker = `Both servers ${Date.now()}`;
  expect(await createPaper(context.request, url, marker, await sessionCookieHeader(context))).toContain('"ok":true');
  await context.close();
  const after = await get('/research', { 'If-None-Match': before });
  expect(after.status).toBe(200);
  expect(await after.text()).toContain(marker);
  expect(after.headers.get('etag')).toMatch(/^"[\w-]+"$/);
  expect(after.headers.get('etag')).not.toBe(before);
}

for (const [name, start] of Object.entries(SERVERS)) {
  test(`${name}: status codes, ETag and 304 from the first response on, Cache-Control, security headers and policies, a save on the next request`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const site = await start({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET } });
    try {
      await sameAnswers(site.url, browser);
    } finally {
      await site.stop();
    }
  });
}
