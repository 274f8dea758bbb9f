import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/csp';

import { startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { startSite, type SiteServer } from '../helpers/site-server';

/**
 * docs/product.md §8, "Public load toasts", on a failure a deployment really meets: the site runs on
 * DATABASE_URL and its Postgres server goes down after the site started. No page was visited before, so
 * no read is answered from the cache and every one fails. (A page rendered before the outage stays
 * served from the route cache.)
 */
let postgres: PostgresServer | undefined;
let site: SiteServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  postgres = await startPostgres();
  site = await startSite({ env: { DATABASE_URL: postgres.url } });
  await postgres.stop();
});

test.afterAll(async () => {
  await site?.stop();
  await postgres?.stop();
});

/** A sonner toast with exactly this text. */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true });

const open = (page: Page, path: string) => page.goto(`${site!.url}${path}`);

test.describe('public load toasts when the database cannot be read', () => {
  for (const [path, message] of [
    ['/', 'Failed to load page data'],
    ['/about', 'Failed to load page data'],
    ['/projects', 'Failed to load projects'],
    ['/experience', 'Failed to load experience data. Please try again later.'],
    ['/research', 'Failed to load research papers'],
    ['/cv', 'Failed to load the CV. Please try again later.'],
    ['/blog', 'Failed to load blog posts'],
    ['/personal', 'Failed to load personal posts'],
  ] as const) {
    test(`${path} shows '${message}' and stays on the page`, async ({ page }) => {
      await open(page, path);
      await expect(toast(page, message)).toBeVisible();
      // The home page's three sections share the toast's id: one toast, not three.
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  test('/cv.pdf and /cv.json answer 503 with a plain message, never stored', async ({ request }) => {
    for (const path of ['/cv.pdf', '/cv.json']) {
      const response = await request.get(`${site!.url}${path}`);
      expect(response.status(), path).toBe(503);
      expect(await response.text(), path).toBe('The CV could not be made. Please try again later.\n');
      expect(response.headers()['cache-control'], path).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
      expect(response.headers()['retry-after'], path).toBe('30');
    }
  });

  test('a page that failed to load answers 500, is never kept by any cache, and the next visitor gets a fresh attempt', async ({ request }) => {
    const attempts = () => site!.output().split('Could not load the research papers').length - 1;
    /**
     * The count once no render of /research is under way: one still running (started by an earlier test's
     * page, or by the last visit) would answer this visit too, as Next gives concurrent requests one render,
     * and its line could come before the count is read. Renders here fail within milliseconds.
     */
    const settled = async () => {
      for (let last = attempts(); ; ) {
        await new Promise((resolve) => setTimeout(resolve, 750));
        if (attempts() === last) return last;
        last = attempts();
      }
    };
    for (let visit = 0; visit < 2; visit += 1) {
      const before = await settled();
      const response = await request.get(`${site!.url}/research`);
      // The page itself, with its toast, but as a failure: Next marks it no-store and keeps no copy.
      expect(response.status()).toBe(500);
      expect(response.headers()['cache-control']).toContain('no-store');
      // The server's log reaches this process through a pipe, which may deliver the line after the response.
      await expect.poll(attempts).toBeGreaterThan(before);
    }
  });

  test("/blog/{slug} shows 'Failed to load blog post', then /blog", async ({ page }) => {
    await open(page, '/blog/why-the-prime-number-theorem-still-surprises-me');
    await expect(toast(page, 'Failed to load blog post')).toBeVisible();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("/personal/{id} shows 'Failed to load personal post', then /personal", async ({ page }) => {
    await open(page, '/personal/6f1c1d1e-8f5e-4d4b-9a55-0d3c2f4b7a10');
    await expect(toast(page, 'Failed to load personal post')).toBeVisible();
    await expect(page).toHaveURL(/\/personal$/);
  });
});
