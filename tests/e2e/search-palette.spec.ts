// @module-tag security
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

import { SEARCH_TYPES, type SearchHit, type SearchResult } from '@/lib/search/types';
import { startSite, type SiteServer } from '../helpers/site-server';
import { hydrated } from './fixtures/hydration';
import { expect, test } from './fixtures/site';

/*
 * The search palette (issue 35): Ctrl-K, ⌘K, `/` or the header's Search button opens it on any public
 * page; results come as you type from GET /api/search, grouped by type; arrows and Enter go, Escape
 * closes. The sample content (supabase/seed.sql) has "zeros" in a paper's abstract and in blog posts.
 */

const WORD = 'zeros';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const input = (page: Page) => dialog(page).getByRole('combobox', { name: 'Search the site' });
const headerSearch = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Search', exact: true });

/** Until the page has hydrated nothing listens for the keys, so the first presses may go unheard. */
async function openWith(page: Page, key: string): Promise<void> {
  await expect(async () => {
    if (await dialog(page).isVisible()) return;
    await page.keyboard.press(key);
    await expect(dialog(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(input(page)).toBeFocused();
}

/** The header's links answer clicks once React has hydrated them (before that, a click follows the link). */
async function headerHydrated(page: Page): Promise<void> {
  await hydrated(page.locator('header a[href="/search"]').first());
}

/** The hits in the palette's order: grouped by type in SEARCH_TYPES' order, each type's best first. */
function paletteOrder(result: SearchResult): SearchHit[] {
  return SEARCH_TYPES.flatMap((type) => result.hits.filter((hit) => hit.type === type));
}

async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the pages' script policy does not govern.
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[] };
    const result = await (window as unknown as { axe: { run(): Promise<Result> } }).axe.run();
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.impact}): ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  });
}

test.describe('the search palette', () => {
  test('Ctrl-K, ⌘K and / open it on a public page; Escape closes it and focus goes back', async ({ page }) => {
    await page.goto('/about');
    await openWith(page, 'Control+k');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    await openWith(page, 'Meta+k');
    // Ctrl-K again closes it.
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeHidden();

    await openWith(page, '/');
    // The slash opened it and was not typed into it.
    await expect(input(page)).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    // Focus goes back to what had it.
    await page.getByRole('main').getByRole('link').first().focus();
    const focused = await page.evaluate(() => document.activeElement?.outerHTML);
    await openWith(page, 'Control+k');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(focused);
  });

  test('the palette and cmdk are loaded when it is first opened, not with the page', async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    const cmdkLoaded = async () => (await Promise.all(scripts)).some((text) => text.includes('cmdk-input'));
    await page.goto('/');
    await headerHydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await cmdkLoaded()).toBe(false);
    await openWith(page, 'Control+k');
    expect(await cmdkLoaded()).toBe(true);
  });

  test('`/` typed in a field is a character, not the palette', async ({ page }) => {
    await page.goto('/blog');
    await headerHydrated(page);
    const field = page.getByRole('main').getByRole('searchbox', { name: 'Search articles' });
    await field.click();
    await page.keyboard.type('a/b');
    await expect(field).toHaveValue('a/b');
    await expect(dialog(page)).toBeHidden();
  });

  test("the header's Search button opens it with a plain click, is still a link to /search, and a modified click opens the page", async ({ page, context }) => {
    await page.goto('/projects');
    await headerHydrated(page);
    await expect(headerSearch(page)).toHaveAttribute('href', '/search');
    await headerSearch(page).click();
    await expect(dialog(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await expect(page).toHaveURL(/\/projects$/);
    await dialog(page).getByRole('button', { name: 'Close search' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(headerSearch(page)).toBeFocused();

    const [opened] = await Promise.all([context.waitForEvent('page'), headerSearch(page).click({ modifiers: ['ControlOrMeta'] })]);
    // A new tab may begin at about:blank and navigate after it opened: wait for its address.
    await expect(opened).toHaveURL((url) => url.pathname === '/search');
    await opened.close();
    await expect(dialog(page)).toBeHidden();
  });

  test('without JavaScript the Search button is a link to the search page', async ({ browser, baseURL }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await noScript.newPage();
    await page.goto('/about');
    await headerSearch(page).click();
    await expect(page).toHaveURL(/\/search$/);
    await noScript.close();
  });

  test('typing shows the results grouped by type as you type; ArrowDown and Enter go to the item', async ({ page, request }) => {
    const expected = paletteOrder((await (await request.get('/api/search', { params: { q: WORD } })).json()) as SearchResult);
    expect(expected.length).toBeGreaterThan(1);

    await page.goto('/');
    await openWith(page, 'Control+k');
    await input(page).fill(WORD);
    await expect(dialog(page).getByRole('status')).toHaveText(/^\d+ results? for "zeros"\.$/);
    for (const group of ['Research papers', 'Blog posts']) {
      await expect(dialog(page).getByRole('group', { name: group })).toBeVisible();
    }
    const options = dialog(page).getByRole('option');
    // Every hit, then 'Show all results'.
    await expect(options).toHaveCount(expected.length + 1);
    await expect(options.first()).toContainText(expected[0]!.title);
    // A hit's matched words are marked.
    await expect(options.first().locator('mark').first()).toBeVisible();
    // The best hit is selected; ArrowDown moves to the next.
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(input(page)).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname + url.hash === expected[1]!.href);
    await expect(dialog(page)).toBeHidden();
  });

  test('typing sends a request per pause, not per key, and a request still running when the query changes is cancelled', async ({ page }) => {
    await page.goto('/experience');
    await openWith(page, 'Control+k');
    const query = (url: string) => new URL(url).searchParams.get('q');
    const sent: (string | null)[] = [];
    const cancelled: (string | null)[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/search')) sent.push(query(request.url()));
    });
    page.on('requestfailed', (request) => {
      if (request.url().includes('/api/search')) cancelled.push(query(request.url()));
    });
    const status = dialog(page).getByRole('status');

    await input(page).pressSequentially(WORD, { delay: 20 });
    await expect(status).toHaveText(/ for "zeros"\.$/);
    expect(sent.at(-1)).toBe(WORD);
    expect(sent.length).toBeLessThan(WORD.length);

    // The answer for 'zeta' is held back; the query changes before it comes, so it is never shown.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/search?*', async (route) => {
      if (query(route.request().url()) === 'zeta') await held;
      await route.continue().catch(() => undefined);
    });
    await input(page).fill('zeta');
    await expect.poll(() => sent.at(-1)).toBe('zeta');
    await input(page).fill('prime');
    await expect(status).toHaveText(/ for "prime"\.$/);
    await expect.poll(() => cancelled).toContain('zeta');
    release();
    await expect(status).toHaveText(/ for "prime"\.$/);
  });

  test('the last item, Show all results, goes to /search?q=', async ({ page }) => {
    await page.goto('/blog');
    await openWith(page, 'Control+k');
    await input(page).fill(`${WORD} function`);
    const showAll = dialog(page).getByRole('option', { name: 'Show all results for "zeros function"' });
    await expect(showAll).toBeVisible();
    // Arrows go round: up from the first item is the last.
    await expect(dialog(page).getByRole('status')).not.toBeEmpty();
    await page.keyboard.press('ArrowUp');
    await expect(showAll).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'zeros function');
  });

  test('axe finds no serious or critical violation with the palette open, empty or with results', async ({ page }) => {
    await page.goto('/research');
    await openWith(page, 'Control+k');
    expect(await axeViolations(page)).toEqual([]);
    await input(page).fill(WORD);
    await expect(dialog(page).getByRole('group', { name: 'Research papers' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await input(page).fill('qqqzzzxxx');
    await expect(dialog(page).getByRole('status')).toHaveText('No results for "qqqzzzxxx".');
    expect(await axeViolations(page)).toEqual([]);
  });

  test("on a 375 px wide phone the menu's Search link opens it across the screen's width, and it closes by its button", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/');
    await headerHydrated(page);
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    await toggle.click();
    await page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await input(page).fill(WORD);
    await expect(dialog(page).getByRole('option').first()).toBeVisible();
    const box = (await dialog(page).boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(375);
    expect(box.y + box.height).toBeLessThanOrEqual(667);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const option of await dialog(page).getByRole('option').all()) {
      const optionBox = (await option.boundingBox())!;
      expect(optionBox.x + optionBox.width).toBeLessThanOrEqual(375);
    }

    await dialog(page).getByRole('button', { name: 'Close search' }).click();
    await expect(dialog(page)).toBeHidden();
    // The link that had focus is in the closed menu: focus goes to the menu's button instead.
    await expect(toggle).toBeFocused();
  });

  test('GET /api/search answers hostile queries with JSON, never an error', async ({ request }) => {
    const hostile = ['"', ':*', '&|!()', '\\', "'; drop table research_papers; --", 'x'.repeat(2_000), '∂ζ 🧮 zeros 👩🏽‍🔬', 'אפסים של פונקציית זטא', '\u0000zeros\u202E', '-', '""', '(', '!zeros', 'zeros:*'];
    for (const q of hostile) {
      const response = await request.get('/api/search', { params: { q } });
      expect(response.status(), q.slice(0, 40)).toBe(200);
      expect(response.headers()['content-type']).toContain('application/json');
      expect(response.headers()['x-content-type-options']).toBe('nosniff');
      expect(response.headers()['cache-control']).toContain('no-store');
      const body = (await response.json()) as SearchResult;
      expect(Array.isArray(body.hits), q.slice(0, 40)).toBe(true);
      expect(body.hits.length).toBeLessThanOrEqual(8);
      expect(Object.keys(body.counts).sort()).toEqual([...SEARCH_TYPES].sort());
    }
    const long = (await (await request.get('/api/search', { params: { q: 'x'.repeat(2_000) } })).json()) as SearchResult;
    expect(long.cut).toBe(true);

    const empty = await request.get('/api/search?q=');
    expect(empty.status()).toBe(200);
    expect(((await empty.json()) as SearchResult).hits).toEqual([]);

    const blog = (await (await request.get('/api/search', { params: { q: WORD, type: 'blog' } })).json()) as SearchResult;
    expect(blog.hits.length).toBeGreaterThan(0);
    expect(blog.hits.every((hit) => hit.type === 'blog')).toBe(true);
  });
});

test.describe('the search rate limit', () => {
  // A server of its own: exhausting the per-address limit would refuse the shared server's other searches.
  let site: SiteServer;
  test.beforeAll(async () => {
    site = await startSite();
  });
  test.afterAll(async () => {
    await site.stop();
  });

  test('more than 60 searches from one client in a minute get 429, whatever X-Forwarded-For it claims; the palette and the /search page say so', async ({ playwright, page }) => {
    const api = await playwright.request.newContext({ baseURL: site.url });
    // An empty query is not a search: it is not counted.
    for (let n = 0; n < 5; n += 1) expect((await api.get('/api/search?q=')).status()).toBe(200);
    for (let n = 1; n <= 60; n += 1) {
      const response = await api.get('/api/search', { params: { q: `word${n}` }, headers: { 'x-forwarded-for': `203.0.113.${n}` } });
      expect(response.status(), `search ${n}`).toBe(200);
    }
    const refused = await api.get('/api/search', { params: { q: 'one more' }, headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(refused.status()).toBe(429);
    expect(refused.headers()['retry-after']).toBe('60');
    expect(refused.headers()['cache-control']).toContain('no-store');
    const { error } = (await refused.json()) as { error: string };
    expect(error).toBe('Too many searches from your address in the last minute. Please wait a moment and search again.');
    await api.dispose();

    await page.goto(`${site.url}/about`);
    await openWith(page, 'Control+k');
    await input(page).fill(WORD);
    await expect(dialog(page).getByRole('status')).toHaveText(error);
    // The way to the search page stays.
    await expect(dialog(page).getByRole('option', { name: `Show all results for "${WORD}"` })).toBeVisible();

    // One limit for the palette and the page: the searches above count on /search too.
    await page.goto(`${site.url}/search?${new URLSearchParams({ q: WORD }).toString()}`);
    await expect(page.getByRole('alert').filter({ hasText: error })).toBeVisible();
  });
});
