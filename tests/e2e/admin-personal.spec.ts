import type { Page } from '@playwright/test';
import { SAMPLES } from '../helpers/storage-samples';
import { expect, test } from './fixtures/auth';
import { card as cardIn, confirmDialog, dashboardCount, expectFieldErrors, failServerActions, openEditor as openEditorAt, publicText, toast, unique } from './fixtures/editors';

const EDITOR = '/admin/personal/edit';
const card = (page: Page, title: string) => cardIn(page, 'Personal posts', title);
const openEditor = (page: Page) => openEditorAt(page, EDITOR, 'Personal Posts Management', 'All Posts');
const content = (page: Page) => page.getByRole('textbox', { name: 'Content' });

test.describe('admin Personal Posts editor', () => {
  test('create a post with rich text and five images, edit every field, delete it; /personal/{id}, /personal, the sitemap and the dashboard count follow', async ({ page, browser, baseURL }) => {
    const title = `A walk by the Cam ${unique()}`;
    await openEditor(page);
    const countBefore = await dashboardCount(page, 'personal');
    await page.getByRole('tab', { name: 'Create New Post' }).click();
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('story');

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Type', { exact: true }).selectOption('update');
    await content(page).click();
    await page.keyboard.type('The river was ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('frozen');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' this morning.');

    await page.getByRole('button', { name: 'Add Images' }).click();
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `photo-${i}.png`, mimeType: 'image/png', buffer: Buffer.from(SAMPLES.png) }));
    await page.getByTestId('file-upload-input').setInputFiles(files);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Successfully uploaded 5 file(s).')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Post images' }).getByRole('listitem')).toHaveCount(5);
    await page.getByRole('button', { name: 'Hide Upload' }).click();
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(toast(page, 'Personal post created successfully')).toBeVisible();

    // Read view: the content, four thumbnails and '+1 more'.
    await expect(card(page, title)).toContainText('Update');
    await expect(card(page, title).locator('b, strong', { hasText: 'frozen' })).toBeVisible();
    await expect(card(page, title).getByRole('list', { name: 'Images' }).getByRole('img')).toHaveCount(4);
    await expect(card(page, title)).toContainText('+1 more');
    // After create the type is back to story.
    await page.getByRole('tab', { name: 'Create New Post' }).click();
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('story');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
    await page.getByRole('tab', { name: 'All Posts' }).click();

    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    await reader.goto('/personal');
    await reader.getByRole('link', { name: new RegExp(title) }).first().click();
    await expect(reader).toHaveURL(/\/personal\/[0-9a-f-]{36}$/);
    await expect(reader.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(reader.locator('b, strong', { hasText: 'frozen' })).toBeVisible();
    const postPath = new URL(reader.url()).pathname;
    expect(await publicText(visitor.request, '/sitemap.xml')).toContain(`${postPath}</loc>`);
    expect(await dashboardCount(page, 'personal')).toBe(countBefore + 1);

    // Edit every field: title, type, content and images (one removed, one added); the date is kept.
    const edited = `${title}, thawed`;
    await card(page, title).getByRole('button', { name: /^Edit/ }).click();
    const form = card(page, title);
    await form.getByLabel('Title', { exact: true }).fill(edited);
    await form.getByLabel('Type', { exact: true }).selectOption('thought');
    await form.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('By noon the ice had gone.');
    await form.getByRole('button', { name: 'Remove image 1' }).click();
    await form.getByRole('button', { name: 'Remove image 1' }).click();
    await form.getByRole('button', { name: 'Add Images' }).click();
    await form.getByTestId('file-upload-input').setInputFiles([{ name: 'thaw.png', mimeType: 'image/png', buffer: Buffer.from(SAMPLES.png) }]);
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(form.getByRole('list', { name: 'Post images' }).getByRole('listitem')).toHaveCount(4);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Personal post updated successfully')).toBeVisible();
    await expect(card(page, edited)).toContainText('Thought');
    await expect(card(page, edited)).not.toContainText('+1 more');

    await reader.reload();
    await expect(reader.getByRole('heading', { name: edited, level: 1 })).toBeVisible();
    await expect(reader.getByText('Thought', { exact: true }).first()).toBeVisible();
    await expect(reader.getByText('By noon the ice had gone.')).toBeVisible();
    await expect(reader.locator('b, strong', { hasText: 'frozen' })).toHaveCount(0);
    await expect(reader.getByRole('img', { name: `${edited}: image 4 of 4` })).toBeVisible();
    await reader.goto('/personal');
    await expect(reader.getByRole('heading', { name: edited })).toBeVisible();

    // Delete: gone from the editor, its address, /personal, the sitemap and the dashboard count.
    await card(page, edited).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect(toast(page, 'Personal post deleted successfully')).toBeVisible();
    await expect(card(page, edited)).toHaveCount(0);
    const gone = await reader.goto(postPath);
    expect(gone?.status()).toBeLessThan(500);
    await expect(reader.getByRole('heading', { name: edited, level: 1 })).toHaveCount(0);
    await reader.goto('/personal');
    await expect(reader.getByText(edited)).toHaveCount(0);
    expect(await publicText(visitor.request, '/sitemap.xml')).not.toContain(`${postPath}</loc>`);
    expect(await dashboardCount(page, 'personal')).toBe(countBefore);
    await visitor.close();
  });

  test('a missing title or content is refused with the toast of docs/product.md §5 and a message beside the field, keeping what was typed', async ({ page }) => {
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Post' }).click();
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(toast(page, 'Title and content are required.')).toBeVisible();
    await expectFieldErrors(page, { Content: 'Write the content of the post.' });

    // Content without a title or a '# ' line to serve as one.
    await content(page).click();
    await page.keyboard.type('A thought without a heading.');
    await expect(content(page)).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expectFieldErrors(page, { Title: 'Enter the title.' });
    await expect(content(page)).toContainText('A thought without a heading.');
    await page.getByRole('button', { name: 'Clear' }).click();
  });

  test('a save while the network fails keeps the post as typed and says so; a double click on the next save stores it once', async ({ page }) => {
    const title = `Written offline ${unique()}`;
    await openEditor(page);
    const countBefore = await dashboardCount(page, 'personal');
    await page.getByRole('tab', { name: 'Create New Post' }).click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Type', { exact: true }).selectOption('thought');
    await content(page).click();
    await page.keyboard.type('Typed while the connection was down.');

    const restore = await failServerActions(page);
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(toast(page, 'Failed to save personal post: the server could not be reached. Your changes are kept here; please try again.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Create New Post' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByLabel('Type', { exact: true })).toHaveValue('thought');
    await expect(content(page)).toContainText('Typed while the connection was down.');
    await expect(page.getByRole('button', { name: 'Create Post' })).toBeEnabled();

    await restore();
    await page.getByRole('button', { name: 'Create Post' }).dblclick();
    await expect(toast(page, 'Personal post created successfully')).toBeVisible();
    // What the server stored, read back.
    await page.reload();
    await expect(card(page, title)).toHaveCount(1);
    expect(await dashboardCount(page, 'personal')).toBe(countBefore + 1);
    // Selected first: a post's actions show on the selected card.
    await card(page, title).getByRole('button', { name: new RegExp(title) }).first().click();
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect(toast(page, 'Personal post deleted successfully')).toBeVisible();
  });

  test('a post titled by its first "# " line, and a draft restored after a reload', async ({ page }) => {
    const heading = `Thoughts on sieves ${unique()}`;
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Post' }).click();
    await content(page).click();
    await page.keyboard.type(`# ${heading}`);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Brun would have liked this.');
    // Reloaded once the page shows what was typed, as an admin would.
    await expect(content(page)).toContainText('Brun would have liked this.');
    await page.reload();
    await expect(page.getByText(/Unsaved changes from .* were restored\./)).toBeVisible();
    await page.getByRole('tab', { name: 'Create New Post' }).click();
    await expect(content(page)).toContainText('Brun would have liked this.');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(toast(page, 'Personal post created successfully')).toBeVisible();
    await expect(card(page, heading)).toBeVisible();
    await card(page, heading).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect(card(page, heading)).toHaveCount(0);
  });
});
