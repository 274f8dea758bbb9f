// @module-tag security
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { expect, test } from './fixtures/auth';
import { CHUNK_LOADER } from '@/lib/content-security-policy.mjs';
import { hydrated } from './fixtures/hydration';
import { card as cardIn, confirmDialog, openEditor as openEditorAt, toast, unique } from './fixtures/editors';

/**
 * /search (issue 35): the database's full-text search over the public content, from the header, grouped by
 * type with a filter kept in the address, not indexed, accessible and valid HTML; a save is found on the
 * next request and a draft never is; hostile queries always get a page.
 */

const PAPER = 'A zero-density estimate for Dirichlet L-functions in short intervals';
const EDITOR = '/admin/research/edit';
const card = (page: Page, title: string) => cardIn(page, 'Research papers', title);

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the pages' script policy does not govern.
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }> } }).axe.run();
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  });
}

test.describe('site search', () => {
  test('from the header to /search: results grouped by type with counts, a filter kept in the address, noindex, accessible and valid', async ({ page, request }) => {
    await page.goto('/research');
    // The header's search button is a link to /search (with script it opens the palette: search-palette.spec.ts).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Search', exact: true })).toHaveAttribute('href', '/search');
    await page.goto('/search');
    await expect(page.getByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    const box = page.getByRole('search', { name: 'Search the site' }).getByLabel('Search');
    await box.fill('dirichlet');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=dirichlet$/);
    await expect(page.getByRole('status').filter({ hasText: /results? for/ })).toContainText('dirichlet');
    const papers = page.getByRole('list', { name: 'Research papers' });
    // The paper with the word in its title comes first.
    await expect(papers.getByRole('listitem').first().getByRole('link')).toHaveText(PAPER);
    await expect(papers.getByRole('listitem').first().locator('mark').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Projects \(\d+\)$/ })).toBeVisible();

    const filters = page.getByRole('navigation', { name: 'Filter results by type' });
    await filters.getByRole('link', { name: /^Projects \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/\/search\?q=dirichlet&type=projects$/);
    await expect(filters.getByRole('link', { name: /^Projects/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('list', { name: 'Research papers' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Projects' }).getByRole('listitem').first()).toContainText('L-function Explorer');

    expect(await seriousViolations(page)).toEqual([]);
    const html = await (await request.get('/search?q=dirichlet')).text();
    const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(html);
    expect(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message} (${message.selector})`))).toEqual([]);

    // Nothing found: said, with a way on.
    await page.goto('/search?q=xylophonequartz');
    await expect(page.getByRole('heading', { name: 'Nothing found' })).toBeVisible();
  });

  test('hostile queries always get a page: operators, open quotes, backslashes, SQL, emoji, right-to-left, other languages, 2,000 characters', async ({ request }) => {
    // Few enough to leave room in the address's 60 searches a minute for the palette's spec on the same server
    // (tests/unit/search-query.test.ts and tests/integration/search.test.ts try many more against the query itself).
    const queries = ['"spectral gap', ':* &|!()', '\\\\x \\', "'; drop table research_papers; --", '🙂 zeta', 'שלום עולם', 'Primzahlsatz über 素数定理', '-- -', 'a'.repeat(2_000)];
    for (const query of queries) {
      const answer = await request.get(`/search?q=${encodeURIComponent(query)}`);
      expect(answer.status(), query.slice(0, 40)).toBe(200);
      const body = await answer.text();
      expect(body, query.slice(0, 40)).not.toMatch(/syntax error|tsquery|Failed to load search results/);
    }
    const long = await (await request.get(`/search?q=${'zeta '.repeat(400)}`)).text();
    expect(long).toContain('only its first 200 characters were searched');
  });

  test('a paper saved in the editor is found on the next request; as a draft it is not', async ({ page, request }) => {
    const word = `quasimodular${unique()}`;
    const title = `Sums of ${word} forms`;
    await openEditorAt(page, EDITOR, 'Research Papers Management', 'All Papers');
    await page.getByRole('tab', { name: 'Create New Paper' }).click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Journal/Publication', { exact: true }).fill('Journal of Number Theory');
    await page.getByLabel('Authors (comma separated)', { exact: true }).fill('Alex Morgan');
    await page.getByRole('button', { name: 'Create Paper' }).click();
    await expect(toast(page, 'Research paper created successfully')).toBeVisible();

    const found = async () => (await request.get(`/search?q=${word.slice(0, -3)}`)).text();
    // The last word is matched as a prefix: a word cut short while typing finds it.
    expect(await found()).toContain(title);

    await card(page, title).getByRole('button', { name: /^Edit/ }).click();
    await card(page, title).getByLabel('Status', { exact: true }).selectOption('draft');
    await card(page, title).getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Research paper updated successfully')).toBeVisible();
    expect(await found()).not.toContain(title);

    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect(card(page, title)).toHaveCount(0);
  });

  test('/search and /talks, rendered per request, load their JavaScript after the first paint as stored pages do, and hydrate', async ({ page, request }) => {
    // Under npm start the HTTP server's hooks are installed by the first request the server takes.
    await request.get('/');
    const pages = new Map<string, string>();
    for (const path of ['/', '/search?q=prime', '/talks']) {
      const html = await (await request.get(path)).text();
      pages.set(path, html);
      // Nothing is fetched before the first paint but the polyfill old browsers take: not Next's chunks, not
      // React's bootstrap script (nor its preload), not the page-view script.
      expect(html.match(/<script src="[^"]*"(?! noModule)[^>]*>/g) ?? [], `${path}: no script loads before the first paint`).toEqual([]);
      expect(html, path).not.toContain('rel="preload" as="script"');
      expect(html, path).toContain('<script type=application/json data-after-paint="/insights/script.js"></script>');
      expect(html.match(/<script type=application\/json data-after-paint="\/_next\/static\/chunks\/[\w.~-]+\.js"><\/script><script>\(globalThis\["TURBOPACK"\]/g)?.length, `${path}: the bootstrap script, after the content`).toBe(1);
    }
    for (const path of ['/search?q=prime', '/talks']) {
      const html = pages.get(path)!;
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, `${path}: no chunk script in the head`).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async="">/);
      expect(head.match(/<script type=application\/json data-after-paint="\/_next\/static\/chunks\/[\w.~-]+\.js"><\/script>/g)?.length ?? 0, path).toBeGreaterThan(0);
      expect(html.endsWith(`<script>${CHUNK_LOADER}</script></body></html>`), `${path}: ends with the loader`).toBe(true);

      const chunks: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname.startsWith('/_next/static/chunks/') && sent.resourceType() === 'script') chunks.push(sent.url());
      });
      await page.goto(path);
      // React hydrates once the loader has added the chunks: the header's Search button then opens the palette.
      await (await hydrated(page.getByRole('banner').getByRole('link', { name: 'Search', exact: true }))).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(chunks.length, `${path}: its chunks were loaded`).toBeGreaterThan(0);
      page.removeAllListeners('request');
    }
  });
});
