// @module-tag security
import { expect, test } from './fixtures/csp';
import { ADMIN, AUTH_SECRET, signIn } from './fixtures/auth';
import { createPaper, sessionCookieHeader } from './fixtures/actions';
import { startNextStart } from '../helpers/next-start';

/**
 * Issue 12: a visitor's first load carries the page's content itself. Under plain `next start` (the
 * deployment the design promises) every public page is rendered whole on its first request, kept in
 * Next's route cache, answered with an ETag (304 to If-None-Match), and an admin save shows on the very
 * next request. No page sends its content behind a loading text to be swapped in by script.
 */

const POST = '/blog/why-the-prime-number-theorem-still-surprises-me';

/** Each public page, a text of its content, and the loading text docs/product.md §2 gives it. */
const PAGES = [
  { path: '/', text: 'Featured Projects', loading: null },
  { path: '/about', text: 'Research Interests', loading: 'Loading profile data...' },
  { path: '/projects', text: 'All Projects', loading: 'Loading projects...' },
  { path: '/experience', text: 'Highlights', loading: 'Loading...' },
  { path: '/research', text: 'All Papers', loading: 'Loading research papers...' },
  { path: '/cv', text: 'Best Student Paper Prize', loading: 'Loading the CV...' },
  { path: '/blog', text: 'Why the Prime Number Theorem Still Surprises Me', loading: 'Loading articles...' },
  { path: POST, text: 'Why the Prime Number Theorem Still Surprises Me', loading: 'Loading article...' },
  { path: '/personal', text: 'All Posts', loading: 'Loading posts...' },
] as const;

/** React sends a boundary's content after the page, hidden, to be swapped in by script: `<div hidden id="S:0">`. */
const SWAPPED_IN = /<div hidden id="S:\d+">/;

test('under plain next start every public page is whole in its first HTML, then served from the route cache with an ETag', async ({ browser }) => {
  test.setTimeout(180_000);
  const site = await startNextStart({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET } });
  try {
    const personalPath = /href="(\/personal\/[0-9a-f-]{36})"/.exec(await (await fetch(`${site.url}/personal`)).text())?.[1];
    expect(personalPath, 'a personal post on /personal').toBeTruthy();
    const paperPath = /href="(\/research\/[0-9a-f-]{36})"/.exec(await (await fetch(`${site.url}/research`)).text())?.[1];
    expect(paperPath, 'a paper on /research').toBeTruthy();
    const pages = [
      ...PAGES,
      { path: personalPath!, text: 'Back to all posts', loading: 'Loading post...' },
      { path: paperPath!, text: 'All research papers', loading: 'Loading paper...' },
    ];
    const etags = new Map<string, string>();
    for (const { path, text, loading } of pages) {
      const first = await fetch(`${site.url}${path}`);
      const html = await first.text();
      expect(first.status, path).toBe(200);
      expect(html, `${path}: its content in the first HTML`).toContain(text);
      if (loading) expect(html, `${path}: no loading text`).not.toContain(loading);
      expect(html, `${path}: nothing swapped in later`).not.toMatch(SWAPPED_IN);
      expect(first.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');

      const second = await fetch(`${site.url}${path}`);
      expect(second.headers.get('x-nextjs-cache'), `${path}: from the route cache`).toBe('HIT');
      expect(await second.text()).toBe(html);
      const etag = second.headers.get('etag');
      expect(etag, path).toBeTruthy();
      // The first response (for most pages the one that rendered it) already has what the route cache keeps
      // with the page (issues 31, 32): the ETag, and the policy naming the hashes of its inline scripts.
      expect(first.headers.get('etag'), `${path}: the first response's ETag`).toBe(etag);
      const policies = (response: Response) => response.headers.get('content-security-policy') ?? '';
      expect(policies(first), path).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+(,|$)/);
      expect(policies(first), path).toBe(policies(second));
      const revalidated = await fetch(`${site.url}${path}`, { headers: { 'If-None-Match': etag! } });
      expect(revalidated.status, `${path}: If-None-Match`).toBe(304);
      expect(revalidated.headers.get('etag'), path).toBe(etag);
      expect(revalidated.headers.get('cache-control'), path).toBe('public, max-age=0, must-revalidate');
      // Another page's ETag, or the same address with a query, is not this copy.
      expect((await fetch(`${site.url}${path}`, { headers: { 'If-None-Match': '"another-page"' } })).status, path).toBe(200);
      expect((await fetch(`${site.url}${path}?from=feed`, { headers: { 'If-None-Match': etag! } })).status, `${path}?from=feed`).toBe(200);
      etags.set(path, etag!);
    }

    // A browser without JavaScript sees the content, not a loading text.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    for (const { path, text } of pages) {
      await plain.goto(`${site.url}${path}`);
      await expect(plain.getByText(text, { exact: true }).first(), path).toBeVisible();
    }
    await noScript.close();

    // An admin save shows on the very next request, and the page is whole again.
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    await signIn(page, ADMIN, `${site.url}/admin/login`);
    const cookie = await sessionCookieHeader(context);
    const marker = `Route cache check ${Date.now()}`;
    expect(await createPaper(context.request, site.url, marker, cookie)).toContain('"ok":true');
    // The copy a browser kept from before the save is not confirmed: it gets the new page.
    const after = await fetch(`${site.url}/research`, { headers: { 'If-None-Match': etags.get('/research')! } });
    expect(after.status).toBe(200);
    const afterHtml = await after.text();
    expect(afterHtml).toContain(marker);
    expect(afterHtml).not.toMatch(SWAPPED_IN);
    expect((await fetch(`${site.url}/`, { headers: { 'If-None-Match': etags.get('/')! } })).status, 'home after the save').toBe(200);
    // …and the page stored after the save has an ETag of its own, confirmed as before.
    const stored = await fetch(`${site.url}/research`);
    const newEtag = stored.headers.get('etag');
    expect(newEtag).toBeTruthy();
    // The response that rendered the page again carried them already.
    expect(after.headers.get('x-nextjs-cache')).toBe('MISS');
    expect(after.headers.get('etag')).toBe(newEtag);
    expect(after.headers.get('content-security-policy')).toBe(stored.headers.get('content-security-policy'));
    expect(newEtag).not.toBe(etags.get('/research'));
    expect((await fetch(`${site.url}/research`, { headers: { 'If-None-Match': newEtag! } })).status).toBe(304);
    // A page the save did not touch still confirms its copy.
    expect((await fetch(`${site.url}/about`, { headers: { 'If-None-Match': etags.get('/about')! } })).status, '/about after the save').toBe(304);
    expect((await (await fetch(`${site.url}/`)).text()).includes(marker), 'home lists the newest paper').toBe(true);
    await context.close();

    // Signed-in visitors' responses are never for a shared cache.
    const signedIn = await fetch(`${site.url}/research`, { headers: { cookie } });
    expect(signedIn.headers.get('cache-control')).toContain('no-store');
  } finally {
    await site.stop();
  }
});

test('PUBLIC_CACHE_SECONDS is part of the build: a server started with another value is refused, and says what to do', async () => {
  // This build was made without it (tests/e2e/supabase-mode.spec.ts runs a build made with it).
  const site = await startNextStart({ env: { PUBLIC_CACHE_SECONDS: '120', AUTH_SECRET }, timeoutMs: 60_000 });
  const { code } = await site.exited;
  expect(code).not.toBe(0);
  expect(site.output()).toContain('PUBLIC_CACHE_SECONDS is 120 here, but this build was made with it unset.');
  expect(site.output()).toContain('run `next build` again');
});
