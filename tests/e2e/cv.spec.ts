import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import { HtmlValidate } from 'html-validate';
import { extractText, getDocumentProxy } from 'unpdf';

import { cvFileName } from '@/lib/cv/rules';

import { createPaper, sessionCookieHeader } from './fixtures/actions';
import { expect, test } from './fixtures/auth';
import { card as cardIn, dashboardCount, expand as expandIn, expectFieldErrors, openEditor as openEditorAt, toast, unique } from './fixtures/editors';

/**
 * The CV (issue 33): the CV editor as the other list editors are tested, and the page, the PDF and JSON Resume
 * following each save on the next request. The PDF is read back with pdf.js (unpdf), as a reader would.
 */

const EDITOR = '/admin/cv/edit';
const LIST = 'CV entries';
const card = (page: Page, title: string) => cardIn(page, LIST, title);
const expand = (page: Page, title: string) => expandIn(page, LIST, title);
const openEditor = (page: Page) => openEditorAt(page, EDITOR, 'Edit CV', 'All CV Entries');

async function pdfText(request: APIRequestContext): Promise<{ text: string; pages: number; width: number; height: number; disposition: string }> {
  const response = await request.get('/cv.pdf');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(await response.body()));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  const [, , width, height] = (await pdf.getPage(1)).view;
  return { text, pages: totalPages, width: Math.round(width!), height: Math.round(height!), disposition: response.headers()['content-disposition'] ?? '' };
}

async function cvJson(request: APIRequestContext): Promise<{ awards?: { title: string }[]; publications?: { name: string }[] }> {
  const response = await request.get('/cv.json');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/json; charset=utf-8');
  return response.json();
}

test.describe('the CV', () => {
  test('add a CV row, reorder it within its section, edit it, delete it: /cv, /cv.pdf, /cv.json and the dashboard follow each save', async ({ page, browser, baseURL }) => {
    const id = unique();
    const title = `Whitehead Prize ${id}`;
    await openEditor(page);
    const countBefore = await dashboardCount(page, 'cv');

    // A bad row is refused field by field, and what was typed stays.
    await page.getByRole('tab', { name: 'Create New Entry' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('New entry');
    await expect(page.getByLabel('From')).toHaveValue(String(new Date().getFullYear()));
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('From').fill('2026');
    await page.getByLabel('To').fill('2025');
    await page.getByLabel('Link').fill('ftp://example.org');
    await page.getByRole('button', { name: 'Add New Entry' }).last().click();
    await expectFieldErrors(page.locator('[data-create-form]'), {
      To: 'The end cannot be before the start.',
      Link: 'Enter a full http:// or https:// address, or leave it blank.',
    });
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByLabel('To').fill('');
    await page.getByLabel('Link').fill('https://example.org/prize');
    await page.getByLabel('Place').fill('London Mathematical Society');
    await page.getByLabel('Description').fill('For work on $L^2$ bounds of $\\zeta(s)$.');
    await page.getByRole('button', { name: 'Add New Entry' }).last().click();
    await expect(card(page, title)).toContainText('New');
    await expect(card(page, title)).toContainText('2026 • London Mathematical Society');

    // New rows go first: the prize is above the sample's first award; Move down puts it second.
    await expand(page, title);
    await expect(card(page, title).getByRole('button', { name: 'Move up' })).toBeDisabled();
    await card(page, title).getByRole('button', { name: 'Move down' }).click();
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();

    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    await reader.goto('/cv');
    const awards = reader.getByRole('region', { name: 'Honours & Awards' });
    await expect(awards.getByRole('listitem').nth(0)).toContainText('Best Student Paper Prize');
    await expect(awards.getByRole('listitem').nth(1)).toContainText(title);
    await expect(awards.getByRole('listitem').nth(1)).toContainText('For work on L² bounds of ζ(s).');
    await expect(awards.getByRole('link', { name: title })).toHaveAttribute('href', 'https://example.org/prize');
    expect(await dashboardCount(page, 'cv')).toBe(countBefore + 1);

    const pdf = await pdfText(visitor.request);
    expect(pdf.text).toContain(title);
    expect(pdf.text).toContain('For work on L² bounds of ζ(s).');
    expect(pdf.text.indexOf('Best Student Paper Prize')).toBeLessThan(pdf.text.indexOf(title));
    expect((await cvJson(visitor.request)).awards?.map((award) => award.title)).toContain(title);

    // Edit: the next request shows the new title everywhere.
    const renamed = `Adams Prize ${id}`;
    await card(page, title).getByRole('button', { name: 'Edit' }).click();
    await card(page, title).getByLabel('Title').fill(renamed);
    await card(page, renamed).getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await reader.reload();
    await expect(reader.getByRole('region', { name: 'Honours & Awards' })).toContainText(renamed);
    expect((await pdfText(visitor.request)).text).toContain(renamed);

    // Delete.
    await expand(page, renamed);
    await card(page, renamed).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await reader.reload();
    await expect(reader.getByText(renamed)).toHaveCount(0);
    expect((await pdfText(visitor.request)).text).not.toContain(renamed);
    expect((await cvJson(visitor.request)).awards?.map((award) => award.title)).not.toContain(renamed);
    expect(await dashboardCount(page, 'cv')).toBe(countBefore);
    await visitor.close();
  });

  test('a paper saved in the admin is in the next /cv, /cv.pdf and /cv.json; the CV settings hide a section, reorder them and set the paper size', async ({
    page,
    browser,
    baseURL,
  }) => {
    const marker = `Moments of zeta ${unique()}`;
    await openEditor(page);
    const visitor = await browser.newContext({ baseURL });
    const before = await pdfText(visitor.request);
    expect(before.width).toBe(595);
    // The file is named after the owner as About names them now (other specs on this server may rename them).
    const owner = ((await (await visitor.request.get('/cv.json')).json()) as { basics: { name: string } }).basics.name;
    expect(before.disposition).toBe(`inline; filename="${cvFileName(owner)}"`);
    expect(before.disposition).toMatch(/^inline; filename="[A-Za-z0-9-]+-CV\.pdf"$/);

    expect(await createPaper(page.request, baseURL!, marker, await sessionCookieHeader(page.context()))).toContain('"ok":true');
    expect((await pdfText(visitor.request)).text).toContain(marker);
    expect((await cvJson(visitor.request)).publications?.map((paper) => paper.name)).toContain(marker);
    const reader = await visitor.newPage();
    await reader.goto('/cv');
    await expect(reader.getByRole('region', { name: 'Publications' })).toContainText(marker);

    // Settings → CV: Skills hidden, Talks moved above everything, US Letter, a summary.
    await page.goto('/admin/settings');
    const form = page.locator('#cv-settings-form');
    await form.getByRole('checkbox', { name: 'Skills' }).uncheck();
    for (let i = 0; i < 7; i += 1) await form.getByRole('button', { name: 'Move Talks up' }).click();
    await expect(form.getByRole('button', { name: 'Move Talks up' })).toBeDisabled();
    await form.getByRole('radio', { name: 'US Letter' }).check();
    await form.getByLabel('Summary').fill('Analytic number theorist.');
    await form.getByRole('button', { name: 'Save CV Settings' }).click();
    await expect(toast(page, 'CV settings saved')).toBeVisible();

    await reader.reload();
    const headings = await reader.locator('article section > h2').allTextContents();
    expect(headings[0]).toBe('Talks');
    expect(headings).not.toContain('Skills');
    await expect(reader.getByText('Analytic number theorist.')).toBeVisible();
    const letter = await pdfText(visitor.request);
    expect([letter.width, letter.height]).toEqual([612, 792]);
    expect(letter.text).toContain('Analytic number theorist.');
    expect(letter.text.indexOf('Talks')).toBeLessThan(letter.text.indexOf('Education'));

    // Put the settings back for the other tests on this server.
    await form.getByRole('checkbox', { name: 'Skills' }).check();
    await form.getByRole('radio', { name: 'A4' }).check();
    await form.getByLabel('Summary').fill('');
    await form.getByRole('button', { name: 'Save CV Settings' }).click();
    await expect(toast(page, 'CV settings saved').last()).toBeVisible();
    await visitor.close();
  });

  test('/cv.pdf and /cv.json carry an ETag, answer 304 to it, and may be kept by caches that ask again', async ({ request }) => {
    for (const path of ['/cv.pdf', '/cv.json']) {
      const first = await request.get(path);
      expect(first.status(), path).toBe(200);
      const etag = first.headers()['etag'];
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      expect(first.headers()['cache-control'], path).toBe('public, max-age=0, must-revalidate');
      expect(first.headers()['x-content-type-options'], path).toBe('nosniff');
      const again = await request.get(path, { headers: { 'If-None-Match': etag! } });
      expect(again.status(), path).toBe(304);
      expect((await again.body()).length, path).toBe(0);
    }
  });

  test('/cv, the CV editor and the Settings page have no accessibility violations (axe-core); /cv is valid HTML (html-validate)', async ({ page, request }) => {
    // Evaluated through the DevTools protocol, which the pages' script policy does not govern (a script tag would be refused).
    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const violations = async (path: string) => {
      await page.goto(path);
      // The page as a reader gets it: its heading drawn (the admin area's guard shows a spinner first) and nothing loading.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await page.evaluate(axeSource);
      return page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run();
        return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
      });
    };
    expect(await violations('/cv')).toEqual([]);
    await openEditor(page);
    expect(await violations(EDITOR)).toEqual([]);
    expect(await violations('/admin/settings')).toEqual([]);

    const report = await new HtmlValidate({ extends: ['html-validate:standard'] }).validateString(await (await request.get('/cv')).text());
    expect(report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId}: ${message.message} (${message.selector})`))).toEqual([]);
  });

  test('/about links to the PDF and the page; the header links to /cv', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Download CV' })).toHaveAttribute('href', '/cv.pdf');
    await page.getByRole('link', { name: 'View CV' }).click();
    await expect(page).toHaveURL(/\/cv$/);
    await expect(page.getByRole('heading', { name: 'CV', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation').first().getByRole('link', { name: 'CV', exact: true })).toHaveAttribute('href', '/cv');
  });
});
