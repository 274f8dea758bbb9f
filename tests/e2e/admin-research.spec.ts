import type { Page } from '@playwright/test';
import { SAMPLES } from '../helpers/storage-samples';
import { expect, test } from './fixtures/auth';
import { card as cardIn, openEditor as openEditorAt, toast, unique } from './fixtures/editors';

const EDITOR = '/admin/research/edit';
const card = (page: Page, title: string) => cardIn(page, 'Research papers', title);
const openEditor = (page: Page) => openEditorAt(page, EDITOR, 'Research Papers Management', 'All Papers');

test.describe('admin Research Papers editor', () => {
  test('create a published paper with a formula and a PDF, edit it, delete it; /research and / follow on the next request', async ({
    page,
    browser,
    baseURL,
  }) => {
    const title = `On the zeros of L-functions ${unique()}`;
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Paper' }).click();
    const today = new Date();
    const todayText = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(todayText);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('published');

    // The three required fields, refused together with the spec's message.
    await page.getByRole('button', { name: 'Create Paper' }).click();
    await expect(page.locator('[data-sonner-toast]').getByText('Validation Error: Title, authors, and journal are required.')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter at least one author.')).toBeVisible();

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Journal/Publication', { exact: true }).fill('Annals of Mathematics');
    await page.getByLabel('Authors', { exact: true }).fill(' Ada Lovelace, , Bernhard Riemann ');
    await page.getByLabel('Abstract', { exact: true }).fill('We bound $\\zeta(s)$ on the line $\\Re(s) = \\tfrac12$.');
    // The live preview typesets the formula with the public renderer.
    await expect(page.getByRole('region', { name: 'Abstract preview' }).locator('.katex').first()).toBeVisible();
    await page.getByLabel('Link', { exact: true }).fill('https://arxiv.org/abs/2401.00001');
    await page.getByLabel('Tags', { exact: true }).fill('number theory, , zeta');
    await page.getByTestId('file-upload-input').setInputFiles([{ name: 'paper.pdf', mimeType: 'application/pdf', buffer: Buffer.from(SAMPLES.pdf) }]);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Successfully uploaded 1 file(s).')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Current PDF' })).toHaveAttribute('href', /^\/storage\/research-papers\/.+\.pdf$/);
    await page.getByRole('button', { name: 'Create Paper' }).click();
    await expect(toast(page, 'Research paper created successfully')).toBeVisible();

    // The list shows it, selected, with its read view; the authors and tags were split and cleaned.
    await expect(card(page, title)).toContainText('Annals of Mathematics');
    await expect(card(page, title)).toContainText('Ada Lovelace, Bernhard Riemann');
    await expect(card(page, title).getByText('zeta', { exact: true })).toBeVisible();
    await expect(card(page, title).locator('.katex').first()).toBeVisible();
    // The create form was reset.
    await page.getByRole('tab', { name: 'Create New Paper' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('published');
    await page.getByRole('tab', { name: 'All Papers' }).click();

    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    await reader.goto('/research');
    const article = reader.getByRole('article').filter({ has: reader.getByRole('heading', { name: title }) });
    await expect(article).toContainText('Ada Lovelace');
    await expect(article.locator('.katex').first()).toBeVisible();
    await expect(article.getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', /^\/storage\/research-papers\//);
    await reader.goto('/');
    await expect(reader.getByText(title)).toBeVisible();

    // Edit: a draft status takes it off the home page; edit mode closes after the update.
    await card(page, title).getByRole('button', { name: /^Edit/ }).click();
    await card(page, title).getByLabel('Status', { exact: true }).selectOption('draft');
    await card(page, title).getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Research paper updated successfully')).toBeVisible();
    await expect(card(page, title).getByLabel('Status', { exact: true })).toHaveCount(0);
    await expect(card(page, title)).toContainText('Draft');
    await reader.reload();
    await expect(reader.getByText(title)).toHaveCount(0);

    // Delete asks first.
    page.once('dialog', (dialog) => void dialog.accept());
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Research paper deleted successfully')).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
    await reader.goto('/research');
    await expect(reader.getByRole('heading', { name: title })).toHaveCount(0);
    await visitor.close();
  });

  test('a typed paper survives a reload as a draft', async ({ page }) => {
    const title = `Draft paper ${unique()}`;
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Paper' }).click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Abstract', { exact: true }).fill('Half-written $x^2');
    // Reloaded once the page shows what was typed, as an admin would.
    await expect(page.getByLabel('Abstract', { exact: true })).toHaveValue('Half-written $x^2');
    await page.reload();
    await expect(page.getByText(/Unsaved changes from .* were restored\./)).toBeVisible();
    await page.getByRole('tab', { name: 'Create New Paper' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByLabel('Abstract', { exact: true })).toHaveValue('Half-written $x^2');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
  });
});
