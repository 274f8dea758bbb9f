import { gzipSync } from 'node:zlib';
import { test, expect } from './fixtures/site';

/**
 * Issue 23: every public page of the sample content weighs at most 80 kB of HTML (the whole response
 * body: the HTML and the RSC payload inlined in it), and at most 20 kB gzipped. A page's weight is what
 * its server hashes (Next's ETag), writes and sends on every request. This is a size check of the
 * responses, not a timing: npm run bench prints the same figures beside the throughput.
 */

const HTML_LIMIT_BYTES = 80_000;
const GZIP_LIMIT_BYTES = 20_000;

const LISTS = ['/', '/about', '/projects', '/experience', '/research', '/cv', '/blog', '/personal'] as const;

/** Every detail page the lists link to: each blog post, personal post and paper of the sample content. */
const DETAIL_LINK = /href="(\/(?:blog|personal|research)\/[^"/?#]+)"/g;

test('every public page of the sample content is at most 80 kB of HTML and 20 kB gzipped', async ({ request }) => {
  const pages = new Set<string>(LISTS);
  for (const list of ['/blog', '/personal', '/research']) {
    const html = await (await request.get(list)).text();
    for (const [, path] of html.matchAll(DETAIL_LINK)) pages.add(path);
  }
  // Four posts, three personal posts and four papers in the sample content.
  expect(pages.size).toBe(LISTS.length + 11);
  pages.add('/no-such-page');

  for (const path of pages) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
    const body = await response.body();
    expect(body.length, `${path}: bytes of HTML`).toBeLessThanOrEqual(HTML_LIMIT_BYTES);
    expect(gzipSync(body).length, `${path}: bytes gzipped`).toBeLessThanOrEqual(GZIP_LIMIT_BYTES);
  }
});
