// @module-tag security
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../helpers/site-server';
import { expect, test } from './fixtures/site';

test.describe.configure({ mode: 'parallel' });

test('every page carries the Content-Security-Policy, and HSTS only when reached over HTTPS', async ({ request }) => {
  for (const page of ['/', '/blog', '/admin/login', '/no-such-page']) {
    const response = await request.get(page);
    const policy = response.headers()['content-security-policy'] ?? '';
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'", "script-src 'self'"]) {
      expect(policy, `${page}: ${directive}`).toContain(directive);
    }
    expect(response.headers()['strict-transport-security'], page).toBeUndefined();
  }
  const overHttps = await request.get('/', { headers: { 'x-forwarded-proto': 'https' } });
  expect(overHttps.headers()['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
});

test('a malformed percent-encoding is a 400 or 404, never a server error', async ({ request }) => {
  for (const url of ['/blog/%ff', '/storage/blog-images/%ff', '/personal/%ff', '/%ff']) {
    const status = (await request.get(url, { maxRedirects: 0 })).status();
    expect([400, 404, 307, 308], `${url} answered ${status}`).toContain(status);
  }
});

/** The ids of the build's 'use cache' functions and server actions, as anyone can read them from the build. */
function serverReferenceIds(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, '.next', 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node?: Record<string, unknown>;
  };
  return Object.keys(manifest.node ?? {});
}

test("anyone calling a cached function or action by its id with a large body gets a refusal or a cheap answer, and the site keeps answering", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const ids = serverReferenceIds();
  expect(ids.length).toBeGreaterThan(0);
  const markup = `$${'\\frac{1}{'.repeat(40)}x${'}'.repeat(40)}$ `.repeat(400);
  for (const id of ids) {
    for (const body of [JSON.stringify([markup.slice(0, 200_000)]), JSON.stringify([{ source: markup }]), 'x'.repeat(600_000)]) {
      const call = request
        .post('/', { headers: { 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8' }, data: body, timeout: 10_000 })
        // The server may refuse before it has read the whole body and close the connection: a refusal too.
        .catch((error: unknown) => {
          if (error instanceof Error && /ECONNRESET|EPIPE|socket hang up/.test(error.message)) return null;
          throw error;
        });
      const home = request.get('/', { timeout: 10_000 });
      const [answer, page] = await Promise.all([call, home]);
      expect(page.status(), `home page while ${id} was called`).toBe(200);
      // A refusal, or an answer that rendered nothing of the caller's: never megabytes of typeset markup.
      if (answer) expect((await answer.body()).length, `answer size for ${id}`).toBeLessThan(200_000);
    }
  }
});

test("without SITE_URL, answers built from the request's host name are kept from shared caches, pages never embed it, and the start-up log says so once", async ({
  request,
  site,
}) => {
  const forged = { 'X-Forwarded-Host': 'poisoned-host.example', 'X-Forwarded-Proto': 'https' };
  for (const path of ['/feed.xml', '/sitemap.xml', '/robots.txt']) {
    const response = await request.get(path, { headers: forged });
    expect(response.status(), path).toBe(200);
    // The document is the one this request asked for (its host is all the server knows)...
    expect(await response.text(), path).toContain('https://poisoned-host.example/');
    // ...so only the browser that asked may keep it, and a cache keying on the URL alone must not.
    expect(response.headers()['cache-control'], path).toBe('private, max-age=0, must-revalidate');
    expect(response.headers()['vary'], path).toContain('X-Forwarded-Host');
  }
  // Pages never take an address from the request: no canonical link, Open Graph address, JSON-LD or citation tag names it.
  const research = await (await request.get('/research')).text();
  const paper = /href="(\/research\/[0-9a-f-]{36})"/.exec(research)?.[1];
  expect(paper).toBeTruthy();
  for (const path of ['/', '/about', '/experience', '/projects', '/research', paper!, '/cv', '/cv.json', '/blog', '/blog/why-the-prime-number-theorem-still-surprises-me', '/personal']) {
    const response = await request.get(path, { headers: { ...forged, Host: 'poisoned-host.example' } });
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).not.toContain('poisoned-host');
  }
  const warning = 'SITE_URL is not set: the feed, the sitemap and robots.txt take their addresses';
  expect(site.output().split(warning).length - 1).toBe(1);
});

test("public pages and the admin area run only their own inline scripts: a policy without 'unsafe-inline' on each, nothing of theirs refused, a foreign one refused", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // Each response carries two policies (a browser enforces both): next.config.mjs's, and one naming the
  // hashes of the page's inline scripts (stored pages) or this response's nonce (the admin area).
  for (const path of ['/', '/about', '/research', '/blog', '/personal', '/blog/why-the-prime-number-theorem-still-surprises-me', '/no-such-page', '/admin/login']) {
    const response = await request.get(path);
    const sources = response
      .headersArray()
      .filter(({ name }) => name.toLowerCase() === 'content-security-policy')
      .map(({ value }) => /script-src ([^;]*)/.exec(value)?.[1] ?? '');
    const strict = sources.filter((source) => !source.includes("'unsafe-inline'"));
    expect(strict.length, `${path}: ${sources.join(' | ')}`).toBe(1);
    expect(strict[0], path).toMatch(path.startsWith('/admin') ? /^'self' 'nonce-[\w+/=]+' 'sha256-[\w+/=]+'$/ : /^'self'( 'sha256-[\w+/=]+')+$/);
    if (path.startsWith('/admin')) continue;
    // A stored page's RSC payload is data, pushed by one fixed script: the policy names a few fixed scripts,
    // not one hash per piece of the payload (issue 42; tests/e2e/header-size.spec.ts measures the largest pages).
    const html = await response.text();
    expect(strict[0]!.split(' ').length, path).toBeLessThanOrEqual(1 + 8);
    expect(html, path).toContain('<script type=application/json data-next-f>');
    expect(html, path).not.toContain('<script>self.__next_f.push(');
  }

  // In the browser nothing of the pages' own is refused (this fixture fails the test on any violation), and a
  // client navigation works.
  for (const path of ['/', '/research', '/blog/why-the-prime-number-theorem-still-surprises-me', '/personal', '/no-such-page', '/admin/login']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Research' }).click();
  await expect(page).toHaveURL(/\/research$/);

  // A script that reached a stored page's HTML another way (what a sanitiser that missed would let through)
  // does not run, while the page's own do.
  const other = await browser.newContext({ baseURL });
  const attacked = await other.newPage();
  const refused: string[] = [];
  attacked.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) refused.push(message.text());
  });
  await attacked.route('**/about', async (route) => {
    const original = await route.fetch();
    // A foreign script, and a copy of one of the page's own payload pushes: neither is named by the policy.
    const html = await original.text();
    const push = /<script type=application\/json data-next-f>([^<]*)<\/script>/.exec(html)?.[1];
    expect(push).toBeTruthy();
    const body = html.replace('</body>', `<script>window.__foreign = true</script><script>self.__next_f.push(${push})</script></body>`);
    await route.fulfill({ response: original, body });
  });
  await attacked.goto('/about');
  await attacked.waitForLoadState('networkidle');
  expect(await attacked.evaluate(() => (window as { __foreign?: boolean }).__foreign)).toBeUndefined();
  expect(refused).toHaveLength(2);
  expect(await attacked.evaluate(() => Array.isArray((window as { __next_f?: unknown }).__next_f))).toBe(true);
  await other.close();
});
