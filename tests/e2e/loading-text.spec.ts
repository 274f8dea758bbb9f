import { expect, test } from './fixtures/site';

/**
 * Spec sections 2 and 4: each public page shows its loading text until its data arrives. The page
 * streams: its shell, with the Suspense fallback, goes out first and the content follows in the same
 * response, so the raw HTML of a first (uncached) request holds both.
 */
const PAGES = [
  ['/about', 'Loading profile data...'],
  ['/projects', 'Loading projects...'],
  ['/experience', 'Loading...'],
  ['/research', 'Loading research papers...'],
  ['/blog', 'Loading articles...'],
  ['/blog/why-the-prime-number-theorem-still-surprises-me', 'Loading article...'],
  ['/personal', 'Loading posts...'],
] as const;

test('each public page streams its loading text before its content', async ({ request }) => {
  for (const [path, loading] of PAGES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const fallbackAt = html.indexOf(loading);
    expect(fallbackAt, `${path} shows '${loading}'`).toBeGreaterThan(-1);
    // A pending Suspense boundary holds the fallback; the content arrives after it, in the same response.
    expect(html.lastIndexOf('<!--$?-->', fallbackAt), path).toBeGreaterThan(-1);
    expect(html.indexOf('<div hidden id="S:', fallbackAt), path).toBeGreaterThan(fallbackAt);
  }
});
