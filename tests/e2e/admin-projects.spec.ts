import type { Page } from '@playwright/test';
import { SAMPLES } from '../helpers/storage-samples';
import { expect, test } from './fixtures/auth';
import {
  card as cardIn,
  confirmDialog,
  dashboardCount,
  escapeRegExp,
  expand as expandIn,
  expectFieldErrors,
  failServerActions,
  openEditor as openEditorAt,
  toast,
  unique,
} from './fixtures/editors';

const EDITOR = '/admin/projects/edit';
const card = (page: Page, title: string) => cardIn(page, 'Projects', title);
const expand = (page: Page, title: string) => expandIn(page, 'Projects', title);
const openEditor = (page: Page) => openEditorAt(page, EDITOR, 'Edit Projects', 'All Projects');

test.describe('admin Projects editor', () => {
  test('create a featured project with an image, edit every field, delete it at once; /, /projects and the dashboard count follow on the next request', async ({
    page,
    browser,
    baseURL,
  }) => {
    const id = unique();
    const title = `Modular Forms Explorer ${id}`;
    await openEditor(page);
    const countBefore = await dashboardCount(page, 'projects');
    await page.getByRole('tab', { name: 'Create New Project' }).click();
    // The defaults of docs/product.md §9.
    await expect(page.getByLabel('Title')).toHaveValue('New Project');
    await expect(page.getByLabel('Description')).toHaveValue('Project description goes here');
    await expect(page.getByLabel('Category')).toHaveValue('web');
    await expect(page.getByRole('list', { name: 'Technologies list' })).toContainText('Technology 1');
    await expect(page.getByLabel(/^Featured/)).not.toBeChecked();

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('Computes <strong>q-expansions</strong> <script>alert(1)</script>of modular forms.');
    await page.getByLabel('Category').selectOption('academic');
    await page.getByRole('button', { name: 'Remove Technology 1' }).click();
    await page.getByLabel('Technologies', { exact: true }).fill('SageMath');
    await page.getByLabel('Technologies', { exact: true }).press('Enter');
    await page.getByLabel('GitHub URL').fill('https://github.com/example/modular');
    await page.getByLabel(/^Featured/).check();
    await page.getByTestId('file-upload-input').setInputFiles([{ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(SAMPLES.png) }]);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Successfully uploaded 1 file(s).')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Project image preview' })).toHaveAttribute('src', /^\/storage\/project-images\/projects\/.+\.png$/);
    const uploaded = (await page.getByRole('img', { name: 'Project image preview' }).getAttribute('src'))!;
    await page.getByRole('button', { name: 'Add Project' }).click();

    await expect(card(page, title)).toContainText('New');
    await expect(card(page, title)).toContainText('Academic');
    await expect(card(page, title)).toContainText('Featured');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Your projects have been saved successfully.')).toBeVisible();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    // Expanded, the saved description is shown as sanitised HTML.
    await expand(page, title);
    await expect(card(page, title).locator('strong', { hasText: 'q-expansions' })).toBeVisible();
    await expect(card(page, title).locator('script')).toHaveCount(0);

    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    await reader.goto('/projects');
    const article = reader.getByRole('article').filter({ has: reader.getByRole('heading', { name: title }) });
    await expect(article).toContainText('Academic');
    await expect(article).toContainText('SageMath');
    await expect(article.getByRole('link', { name: /View Code/ })).toHaveAttribute('href', 'https://github.com/example/modular');
    // The uploaded image reaches visitors through next/image: resized, in a modern format.
    const image = article.locator('img').first();
    await expect(image).toHaveAttribute('src', /\/_next\/image\?url=%2Fstorage%2Fproject-images%2Fprojects%2F/);
    await expect(image).toHaveAttribute('srcset', /w=\d+/);
    const optimised = await reader.request.get((await image.getAttribute('src'))!, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(optimised.status()).toBe(200);
    expect(optimised.headers()['content-type']).toMatch(/^image\/(webp|avif)$/);
    await reader.goto('/');
    await expect(reader.getByText(title)).toBeVisible();

    expect(await dashboardCount(page, 'projects')).toBe(countBefore + 1);

    // Edit every field: title, description, category, technologies, image (a new upload), links, featured off.
    const edited = `Modular Forms Atlas ${id}`;
    await card(page, title).getByRole('button', { name: 'Edit Project' }).click();
    const form = card(page, title);
    await form.getByLabel('Description').fill(`An atlas of modular forms ${id}.`);
    await form.getByLabel('Category').selectOption('mobile');
    await form.getByRole('button', { name: 'Remove SageMath' }).click();
    await form.getByLabel('Technologies', { exact: true }).fill('PARI/GP');
    await form.getByLabel('Technologies', { exact: true }).press('Enter');
    await form.getByTestId('file-upload-input').setInputFiles([{ name: 'atlas.png', mimeType: 'image/png', buffer: Buffer.from(SAMPLES.png) }]);
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(form.getByRole('img', { name: 'Project image preview' })).not.toHaveAttribute('src', uploaded);
    const replacement = (await form.getByRole('img', { name: 'Project image preview' }).getAttribute('src'))!;
    expect(replacement).toMatch(/^\/storage\/project-images\/projects\/.+\.png$/);
    // The new preview is drawn before the clicks below: its loading moved the form under a click once (CI),
    // which then landed beside the Save Changes button.
    await expect
      .poll(() => form.getByRole('img', { name: 'Project image preview' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await form.getByLabel('Live Site URL').fill('https://atlas.example.org');
    await form.getByLabel('GitHub URL').fill('https://github.com/example/atlas');
    await form.getByLabel(/^Featured/).uncheck();
    // The card's header follows the title as it is typed, so the title goes last.
    await form.getByLabel('Title').fill(edited);
    await card(page, edited).getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await expect(card(page, edited)).toContainText('Mobile');
    await expect(card(page, edited)).not.toContainText('Featured');

    await reader.goto('/projects');
    const revised = reader.getByRole('article').filter({ has: reader.getByRole('heading', { name: edited }) });
    await expect(revised).toContainText('Mobile');
    await expect(revised).toContainText(`An atlas of modular forms ${id}.`);
    await expect(revised).toContainText('PARI/GP');
    await expect(revised).not.toContainText('SageMath');
    await expect(revised.getByRole('link', { name: /Visit Site/ })).toHaveAttribute('href', 'https://atlas.example.org');
    await expect(revised.getByRole('link', { name: /View Code/ })).toHaveAttribute('href', 'https://github.com/example/atlas');
    await expect(revised.locator('img').first()).toHaveAttribute('src', new RegExp(escapeRegExp(encodeURIComponent(replacement))));
    await expect(reader.getByRole('heading', { name: title, exact: true })).toHaveCount(0);
    // No longer featured: the home page drops it at the next request.
    await reader.goto('/');
    await expect(reader.getByText(edited)).toHaveCount(0);

    // Delete: asks, then the project is gone at once, from the editor, the site and the dashboard count.
    await expand(page, edited);
    await card(page, edited).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect(toast(page, 'Project deleted successfully')).toBeVisible();
    // Its uploaded image went with it.
    await expect.poll(async () => (await page.request.get(replacement)).status()).toBe(404);
    await expect(card(page, edited)).toHaveCount(0);
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await reader.goto('/projects');
    await expect(reader.getByRole('heading', { name: edited })).toHaveCount(0);
    expect(await dashboardCount(page, 'projects')).toBe(countBefore);
    await visitor.close();
  });

  test('a missing title and links that are not http(s) are refused beside the fields, the typed project is kept, and a draft survives a reload', async ({ page }) => {
    const title = `Lattice Reduction ${unique()}`;
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Project' }).click();
    await page.getByLabel('Title').fill('   ');
    await page.getByLabel('Live Site URL').fill('javascript:alert(1)');
    await page.getByLabel('GitHub URL').fill('github.com/example/lattice');
    await page.getByRole('button', { name: 'Add Project' }).click();
    const notHttp = 'Enter a full http:// or https:// address, or leave it blank.';
    await expectFieldErrors(page, { Title: 'Enter a project title.', 'Live Site URL': notHttp, 'GitHub URL': notHttp });
    await expect(page.getByLabel('GitHub URL')).toHaveValue('github.com/example/lattice');
    await page.getByLabel('Title').fill(title);
    await expect(page.getByLabel('Title')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Live Site URL').fill('https://lattice.example.org');
    await page.getByLabel('GitHub URL').fill('https://github.com/example/lattice');
    await page.getByRole('button', { name: 'Add Project' }).click();
    await expect(card(page, title)).toBeVisible();

    await page.reload();
    await expect(page.getByText(/Unsaved changes from .* were restored\./)).toBeVisible();
    await expect(card(page, title)).toContainText('New');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(card(page, title)).toHaveCount(0);
    await expect(page.getByText('All changes saved.')).toBeVisible();
  });

  test('a save while the network fails keeps the projects as typed and says so; a double click on the next Save Changes stores the project once', async ({ page }) => {
    const title = `Clicked twice ${unique()}`;
    await openEditor(page);
    const countBefore = await dashboardCount(page, 'projects');
    await page.getByRole('tab', { name: 'Create New Project' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Add Project' }).click();

    const restore = await failServerActions(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Save failed: The server could not be reached. Your changes are kept here; please try again.')).toBeVisible();
    await expect(card(page, title)).toHaveCount(1);
    await expect(page.getByText('All changes saved.')).toHaveCount(0);
    await restore();

    await page.getByRole('button', { name: 'Save Changes' }).dblclick();
    await expect(toast(page, 'Your projects have been saved successfully.')).toBeVisible();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    // What the server stored, read back.
    await page.reload();
    await expect(card(page, title)).toHaveCount(1);
    expect(await dashboardCount(page, 'projects')).toBe(countBefore + 1);
    await expand(page, title);
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect(toast(page, 'Project deleted successfully')).toBeVisible();
  });

  test('an unsaved project is removed locally without asking the server', async ({ page }) => {
    const title = `Scratch ${unique()}`;
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Project' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Add Project' }).click();
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await expect(card(page, title)).toHaveCount(0);
    // Removed without asking: no confirmation dialog opened.
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByText('All changes saved.')).toBeVisible();
  });
});
