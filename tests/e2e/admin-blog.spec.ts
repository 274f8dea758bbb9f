import type { Page } from '@playwright/test';
import { SAMPLES } from '../helpers/storage-samples';
import { ADMIN, ageFreshnessStamp, expect, test } from './fixtures/auth';
import { card as cardIn, openEditor as openEditorAt, toast, unique } from './fixtures/editors';

const EDITOR = '/admin/blog/edit';
const card = (page: Page, title: string) => cardIn(page, 'Blog posts', title);
const openEditor = (page: Page) => openEditorAt(page, EDITOR, 'Blog Management', 'All Posts');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test.describe('admin Blog editor', () => {
  test('write a post with a formula and a pasted image; the slug is normalised; /blog/{slug} shows it; edit and delete', async ({
    page,
    browser,
    baseURL,
  }) => {
    const id = unique();
    const title = `Counting primes ${id}`;
    const slug = `counting-primes-${id}`;
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Post' }).click();

    // Nothing typed: the spec's validation toast.
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(page.locator('[data-sonner-toast]').getByText('Validation Error', { exact: true })).toBeVisible();
    await expect(page.locator('[data-sonner-toast]').getByText('Title, slug, and content are required', { exact: true })).toBeVisible();
    await expect(field(page, 'Title')).toHaveAttribute('aria-invalid', 'true');

    await field(page, 'Title').fill(title);
    await field(page, 'Slug').fill(`  Counting   Primes ${id} `);
    await field(page, 'Excerpt').fill(`How many primes below x? ${id}`);
    await field(page, 'Tags').fill('number theory, , primes ');
    const content = field(page, 'Content');
    await content.fill('## The prime number theorem\n\nWe have $\\pi(x) \\sim x / \\log x$ and\n\n');
    await content.press('End');
    await page.getByRole('button', { name: 'Display formula' }).click();
    // The live preview typesets both formulas with the public renderer.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.locator('.katex-display')).toHaveCount(1);
    await expect(preview.getByRole('heading', { name: 'The prime number theorem' })).toBeVisible();
    // A malformed formula shows where it fails instead of breaking the preview.
    await content.press('ControlOrMeta+End');
    await content.pressSequentially('\n\nBroken: $\\frac{1}{$ end.');
    await expect(preview.locator('.katex-error')).toHaveCount(1);
    await expect(preview.locator('.katex-display')).toHaveCount(1);

    // Pasting an image uploads it into blog-images and puts its markup at the caret.
    await content.evaluate((element, bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'figure.png', { type: 'image/png' }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, Array.from(SAMPLES.png));
    await expect(content).toHaveValue(/!\[figure\]\(\/storage\/blog-images\/[^)]+\.png\)/);
    await expect(preview.locator('img[src^="/storage/blog-images/"]')).toHaveCount(1);

    // Ctrl+S saves from the content editor.
    await content.press('ControlOrMeta+s');
    await expect(toast(page, 'Blog post created successfully')).toBeVisible();
    await expect(card(page, title)).toContainText(`/blog/${slug}`);
    await expect(card(page, title).getByText('primes', { exact: true })).toBeVisible();
    // The create form was cleared.
    await page.getByRole('tab', { name: 'Create New Post' }).click();
    await expect(field(page, 'Title')).toHaveValue('');
    await expect(field(page, 'Content')).toHaveValue('');

    // A second post with the same slug is refused beside the slug field, keeping what was typed.
    await field(page, 'Title').fill(`Another ${id}`);
    await field(page, 'Slug').fill(slug.toUpperCase());
    await field(page, 'Content').fill('Body');
    await page.getByRole('button', { name: 'Create Post' }).click();
    const form = page.getByRole('region', { name: 'New blog post' });
    await expect(form.getByText(`Another post already uses the slug "${slug}". Choose a different one.`)).toBeVisible();
    await expect(toast(page, `Failed to save blog post: Another post already uses the slug "${slug}". Choose a different one.`)).toBeVisible();
    await expect(field(page, 'Slug')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Content')).toHaveValue('Body');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('tab', { name: 'All Posts' }).click();

    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    await reader.goto(`/blog/${slug}`);
    await expect(reader.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(reader.locator('article .katex-display')).toHaveCount(1);
    await expect(reader.locator('meta[name="description"]')).toHaveAttribute('content', `How many primes below x? ${id}`);

    // Edit: a new title; edit mode closes after the update.
    await card(page, title).getByRole('button', { name: /^Edit/ }).click();
    await card(page, title).getByLabel('Title', { exact: true }).fill(`${title} revisited`);
    await card(page, title).getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Blog post updated successfully')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveCount(0);
    await reader.reload();
    await expect(reader.getByRole('heading', { name: `${title} revisited`, level: 1 })).toBeVisible();

    page.once('dialog', (dialog) => void dialog.accept());
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Blog post deleted successfully')).toBeVisible();
    await expect(card(page, title)).toHaveCount(0);
    await reader.goto('/blog');
    await expect(reader.getByText(title)).toHaveCount(0);
    await visitor.close();
  });

  test('unsaved content of a post is kept per post and offered back after a reload', async ({ page }) => {
    const title = `Draft post ${unique()}`;
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Post' }).click();
    await field(page, 'Title').fill(title);
    await field(page, 'Content').fill('Half a thought about $\\zeta(2)');
    // Reloaded once the page shows what was typed, as an admin would.
    await expect(field(page, 'Content')).toHaveValue('Half a thought about $\\zeta(2)');
    await page.reload();
    await expect(page.getByText(/Unsaved changes from .* were restored\./)).toBeVisible();
    await page.getByRole('tab', { name: 'Create New Post' }).click();
    await expect(field(page, 'Title')).toHaveValue(title);
    await expect(field(page, 'Content')).toHaveValue('Half a thought about $\\zeta(2)');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(field(page, 'Title')).toHaveValue('');
  });

  test("the preview's renderer ships with the editor only, never in a public page's JavaScript", async ({ page, browser, baseURL }) => {
    /** The text of every script a page loads. */
    const scriptsOf = async (target: Page, path: string): Promise<string> => {
      const bodies: Promise<string>[] = [];
      const onResponse = (response: import('@playwright/test').Response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
      };
      target.on('response', onResponse);
      await target.goto(path, { waitUntil: 'networkidle' });
      target.off('response', onResponse);
      return (await Promise.all(bodies)).join('\n');
    };
    // KaTeX's parser carries this message; the public pages typeset on the server and never need it.
    const marker = 'KaTeX parse error';
    await openEditor(page);
    expect(await scriptsOf(page, EDITOR)).toContain(marker);
    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    const slug = (await reader.request.get('/blog').then((response) => response.text())).match(/href="\/blog\/([a-z0-9-]+)"/)?.[1];
    expect(slug).toBeTruthy();
    for (const path of ['/', '/blog', `/blog/${slug}`, '/research']) {
      expect(await scriptsOf(reader, path), path).not.toContain(marker);
    }
    await visitor.close();
  });

  test('typed work survives a forced re-login: the stale session goes to the login page and the draft comes back after', async ({
    page,
    context,
    baseURL,
  }) => {
    const title = `Written before the stamp went stale ${unique()}`;
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Post' }).click();
    await field(page, 'Title').fill(title);
    await field(page, 'Content').fill('Euler: $e^{i\\pi} + 1 = 0$');
    await expect(field(page, 'Content')).toHaveValue('Euler: $e^{i\\pi} + 1 = 0$');
    // Six minutes without an admin page: the next admin page asks for the password again.
    await ageFreshnessStamp(context, baseURL!, 6 * 60_000);
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/login/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/blog\/edit$/);
    await expect(page.getByText(/Unsaved changes from .* were restored\./)).toBeVisible();
    await page.getByRole('tab', { name: 'Create New Post' }).click();
    await expect(field(page, 'Title')).toHaveValue(title);
    await expect(field(page, 'Content')).toHaveValue('Euler: $e^{i\\pi} + 1 = 0$');
    await page.getByRole('button', { name: 'Discard changes' }).click();
  });
});
