import { expect, test } from './fixtures/site';

/**
 * Each public page shows its loading text until its data arrives, then the content in its place. A
 * browser without JavaScript stays at the first state (the content that streams in after the loading
 * text is never swapped in), so it shows what a visitor sees while the data loads; with JavaScript the
 * loading text gives way to the content.
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

test('each public page shows its loading text while its data loads, and its content after', async ({ browser, baseURL, page }) => {
  const withoutScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const waiting = await withoutScript.newPage();
    for (const [path, loading] of PAGES) {
      await waiting.goto(path);
      await expect(waiting.getByText(loading, { exact: true }), `${path} while loading`).toBeVisible();
    }
  } finally {
    await withoutScript.close();
  }
  for (const [path, loading] of PAGES) {
    await page.goto(path);
    await expect(page.locator('main h1, main h2').first(), `${path} loaded`).toBeVisible();
    await expect(page.getByText(loading, { exact: true }), `${path} loaded`).toHaveCount(0);
  }
});
