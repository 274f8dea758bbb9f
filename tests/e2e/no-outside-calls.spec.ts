import { expect, test } from './fixtures/site';

/**
 * Issue 3, "good citizens of the web": off Vercel, a visitor's browser talks to this site only. No
 * analytics, fonts, images or scripts from another host, on any public page of the sample content.
 */
const PAGES = ['/', '/about', '/experience', '/projects', '/research', '/cv', '/blog', '/blog/why-the-prime-number-theorem-still-surprises-me', '/personal'];

test('no public page makes the browser call another host', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    if (url.origin !== origin) outside.push(`${page.url()} → ${request.url()}`);
  });
  for (const path of PAGES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
  // A personal post, reached the way a visitor does, with its image grid.
  await page.goto('/personal');
  await page.locator('a[href^="/personal/"]').first().click();
  await page.waitForURL(/\/personal\/[^/]+$/);
  await page.waitForLoadState('networkidle');
  expect(outside).toEqual([]);
});
