import type { Page } from '@playwright/test';
import { SAMPLES } from '../helpers/storage-samples';
import { ADMIN, ageFreshnessStamp, expect, test } from './fixtures/auth';
import {
  card as cardIn,
  confirmDialog,
  dashboardCount,
  expectFieldErrors,
  failServerActions,
  openEditor as openEditorAt,
  publicText,
  toast,
  unique,
} from './fixtures/editors';

const EDITOR = '/admin/blog/edit';
const card = (page: Page, title: string) => cardIn(page, 'Blog posts', title);
const openEditor = (page: Page) => openEditorAt(page, EDITOR, 'Blog Management', 'All Posts');
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test.describe('admin Blog editor', () => {
  test('write a post with a formula and a pasted image; edit every field; /blog/{slug}, the feed, the sitemap and the dashboard count follow each save and the delete', async ({
    page,
    browser,
    baseURL,
  }) => {
    const id = unique();
    const title = `Counting primes ${id}`;
    const slug = `counting-primes-${id}`;
    await openEditor(page);
    const countBefore = await dashboardCount(page, 'blog');
    await page.getByRole('tab', { name: 'Create New Post' }).click();

    await field(page, 'Title').fill(title);
    await field(page, 'Slug').fill(`  Counting   Primes ${id} `);
    await field(page, 'Excerpt').fill(`How many primes below x? ${id}`);
    await field(page, 'Tags (comma separated)').fill('number theory, , primes ');
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
    const taken = `Another post already uses the slug "${slug}". Choose a different one.`;
    await expectFieldErrors(page, { Slug: taken });
    await expect(toast(page, `Failed to save blog post: ${taken}`)).toBeVisible();
    await expect(field(page, 'Content')).toHaveValue('Body');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('tab', { name: 'All Posts' }).click();

    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    await reader.goto(`/blog/${slug}`);
    await expect(reader.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(reader.locator('article .katex-display')).toHaveCount(1);
    await expect(reader.locator('meta[name="description"]')).toHaveAttribute('content', `How many primes below x? ${id}`);
    expect(await publicText(visitor.request, '/feed.xml')).toContain(title);
    expect(await publicText(visitor.request, '/sitemap.xml')).toContain(`/blog/${slug}</loc>`);
    expect(await dashboardCount(page, 'blog')).toBe(countBefore + 1);

    // Edit every field: title, slug, excerpt, tags, cover image (uploaded) and content; edit mode closes after the update.
    const edited = { title: `${title} revisited`, slug: `primes-revisited-${id}`, excerpt: `Primes, once more ${id}`, tag: `sieves-${id}` };
    await card(page, title).getByRole('button', { name: /^Edit/ }).click();
    const form = card(page, title);
    await form.getByLabel('Title', { exact: true }).fill(edited.title);
    await form.getByLabel('Slug', { exact: true }).fill(edited.slug);
    await form.getByLabel('Excerpt', { exact: true }).fill(edited.excerpt);
    await form.getByLabel('Tags (comma separated)', { exact: true }).fill(`analysis, ${edited.tag}`);
    await form.getByTestId('file-upload-input').setInputFiles([{ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(SAMPLES.png) }]);
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(form.getByLabel('Cover Image URL', { exact: true })).toHaveValue(/^\/storage\/blog-images\/.+\.png$/);
    const cover = await form.getByLabel('Cover Image URL', { exact: true }).inputValue();
    await form.getByLabel('Content', { exact: true }).fill(`A new body ${id}: $e^{x}$.`);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Blog post updated successfully')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveCount(0);
    await expect(card(page, edited.title)).toContainText(`/blog/${edited.slug}`);

    await reader.goto(`/blog/${edited.slug}`);
    await expect(reader.getByRole('heading', { name: edited.title, level: 1 })).toBeVisible();
    await expect(reader.locator('meta[name="description"]')).toHaveAttribute('content', edited.excerpt);
    await expect(reader.getByRole('link', { name: edited.tag }).first()).toHaveAttribute('href', `/blog?tag=${edited.tag}`);
    await expect(reader.locator(`img[src*="${encodeURIComponent(cover)}"], img[src="${cover}"]`).first()).toBeVisible();
    await expect(reader.getByText(`A new body ${id}:`)).toBeVisible();
    await expect(reader.locator('article .katex').first()).toBeVisible();
    // The old address no longer shows the post.
    await reader.goto(`/blog/${slug}`);
    await expect(reader.getByRole('heading', { name: title, level: 1 })).toHaveCount(0);
    const feed = await publicText(visitor.request, '/feed.xml');
    expect(feed).toContain(edited.title);
    expect(feed).toContain(edited.excerpt);
    const sitemap = await publicText(visitor.request, '/sitemap.xml');
    expect(sitemap).toContain(`/blog/${edited.slug}</loc>`);
    expect(sitemap).not.toContain(`/blog/${slug}</loc>`);

    // Delete: gone from the editor, /blog, the post's address, the feed, the sitemap and the dashboard count.
    await card(page, edited.title).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect(toast(page, 'Blog post deleted successfully')).toBeVisible();
    await expect(card(page, edited.title)).toHaveCount(0);
    await reader.goto('/blog');
    await expect(reader.getByText(edited.title)).toHaveCount(0);
    await reader.goto(`/blog/${edited.slug}`);
    await expect(reader.getByRole('heading', { name: edited.title, level: 1 })).toHaveCount(0);
    expect(await publicText(visitor.request, '/feed.xml')).not.toContain(edited.title);
    expect(await publicText(visitor.request, '/sitemap.xml')).not.toContain(`/blog/${edited.slug}</loc>`);
    expect(await dashboardCount(page, 'blog')).toBe(countBefore);
    await visitor.close();
  });

  test('required fields and the slug and cover formats are refused with messages beside the fields, keeping what was typed', async ({ page }) => {
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Post' }).click();

    // Nothing typed: the validation toast of docs/product.md §5, and each required field says what it needs.
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(toast(page, 'Validation Error')).toBeVisible();
    await expect(toast(page, 'Title, slug, and content are required')).toBeVisible();
    await expectFieldErrors(page, {
      Title: 'Enter the title.',
      Slug: 'Enter the slug: the post is published at /blog/{slug}.',
      Content: 'Write the content of the post.',
    });
    // Editing a field clears its message.
    await field(page, 'Title').fill(`Formats ${unique()}`);
    await expect(field(page, 'Title')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter the title.')).toHaveCount(0);

    // A slug that is not one path segment, and a cover address a browser would run.
    await field(page, 'Slug').fill('two/segments?');
    await field(page, 'Cover Image URL').fill('javascript:alert(1)');
    await field(page, 'Content').fill('Body');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expectFieldErrors(page, {
      Slug: 'Use letters, numbers and hyphens in the slug.',
      'Cover Image URL': 'Use an uploaded image or an http(s) address.',
    });
    await expect(field(page, 'Slug')).toHaveValue('two/segments?');
    await expect(field(page, 'Cover Image URL')).toHaveValue('javascript:alert(1)');
    await expect(field(page, 'Content')).toHaveValue('Body');
    await page.getByRole('button', { name: 'Clear' }).click();
  });

  test('a save while the network fails keeps the post as typed and says so; the next save stores it once', async ({ page }) => {
    const title = `Written offline ${unique()}`;
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Post' }).click();
    await field(page, 'Title').fill(title);
    await field(page, 'Slug').fill(title);
    await field(page, 'Tags (comma separated)').fill('offline');
    await field(page, 'Content').fill('Typed while the connection was down.');

    const restore = await failServerActions(page);
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(toast(page, 'Failed to save blog post: the server could not be reached. Your changes are kept here; please try again.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Create New Post' })).toHaveAttribute('aria-selected', 'true');
    await expect(field(page, 'Title')).toHaveValue(title);
    await expect(field(page, 'Tags (comma separated)')).toHaveValue('offline');
    await expect(field(page, 'Content')).toHaveValue('Typed while the connection was down.');
    await expect(page.getByRole('button', { name: 'Create Post' })).toBeEnabled();

    await restore();
    await page.getByRole('button', { name: 'Create Post' }).click();
    await expect(toast(page, 'Blog post created successfully')).toBeVisible();
    await page.reload();
    await expect(card(page, title)).toHaveCount(1);
    await card(page, title).getByRole('button', { name: title }).click();
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect(card(page, title)).toHaveCount(0);
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
