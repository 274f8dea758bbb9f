// @module-tag security
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { preparedDataDir, startSite } from '../helpers/site-server';
import { SAMPLES } from '../helpers/storage-samples';
import type { Page } from '@playwright/test';
import { expect, expireAccessToken, gotoAsOwner, signIn, test } from './fixtures/auth';

const file = (name: string, mimeType: string, bytes: Uint8Array) => ({ name, mimeType, buffer: Buffer.from(bytes) });
/** A sonner toast with this text (the upload box also announces results to screen readers). */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true });

test.describe('media library', () => {
  test('an admin uploads two images and a PDF, sees them listed, opens the PDF from its public URL and deletes one', async ({ page, request }) => {
    await gotoAsOwner(page, '/admin/media?bucket=blog-images');
    await expect(page.getByRole('heading', { name: 'Upload to Blog images' })).toBeVisible();
    // Other specs of this worker upload too: this test counts from what the buckets already hold.
    const stored = async (bucket: string) => {
      const list = page.getByRole('list', { name: `Files in ${bucket}` });
      return (await list.count()) ? await list.getByRole('listitem').count() : 0;
    };
    const blogBefore = await stored('blog-images');
    const upload = page.getByRole('button', { name: 'Upload', exact: true });
    await page.getByTestId('file-upload-input').setInputFiles([file('first.png', 'image/png', SAMPLES.png), file('second.jpg', 'image/jpeg', SAMPLES.jpeg)]);
    const pending = page.getByRole('list', { name: 'Files to upload' });
    await expect(pending.getByRole('listitem')).toHaveCount(2);
    await expect(pending.locator('img')).toHaveCount(2);
    await expect(upload).toBeEnabled();
    await upload.click();
    await expect(toast(page, 'Successfully uploaded 2 file(s).')).toBeVisible();
    await expect(pending).toHaveCount(0);
    const blogFiles = page.getByRole('list', { name: 'Files in blog-images' });
    await expect(blogFiles.getByRole('listitem')).toHaveCount(blogBefore + 2);
    await expect(blogFiles.getByText(/^\d{13}-[0-9a-z]{12}\.png$/).first()).toBeVisible();
    await expect(blogFiles.getByText(/^\d{13}-[0-9a-z]{12}\.jpg$/)).toBeVisible();
    const ourPng = (await blogFiles.getByText(/^\d{13}-[0-9a-z]{12}\.png$/).allTextContents()).sort().at(-1)!;
    await expect(blogFiles.getByText('image/jpeg', { exact: false })).toBeVisible();
    // Thumbnails go through next/image's optimiser, which fetches the file from the storage route.
    const thumbnail = blogFiles.locator('img').first();
    await expect(thumbnail).toHaveAttribute('src', /\/_next\/image\?url=%2Fstorage%2Fblog-images%2F/);
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    await page.getByRole('navigation', { name: 'Buckets' }).getByRole('link', { name: 'Research papers' }).click();
    await expect(page.getByRole('heading', { name: 'Upload to Research papers' })).toBeVisible();
    const papersBefore = await stored('research-papers');
    await page.getByTestId('file-upload-input').setInputFiles([file('thesis.pdf', 'application/pdf', SAMPLES.pdf)]);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Successfully uploaded 1 file(s).')).toBeVisible();
    const papers = page.getByRole('list', { name: 'Files in research-papers' });
    await expect(papers.getByRole('listitem')).toHaveCount(papersBefore + 1);

    // File names start with the upload time: the newest is ours.
    const hrefs = await Promise.all((await papers.getByRole('link', { name: /^Open / }).all()).map((link) => link.getAttribute('href')));
    const href = hrefs.filter((value): value is string => Boolean(value)).sort().at(-1);
    expect(href).toMatch(/^\/storage\/research-papers\/\d{13}-[0-9a-z]{12}\.pdf$/);
    const pdf = await request.get(href ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline/);
    expect(pdf.headers()['x-content-type-options']).toBe('nosniff');
    expect(pdf.headers()['cache-control']).toBe('public, max-age=3600');
    expect(Buffer.from(await pdf.body())).toEqual(Buffer.from(SAMPLES.pdf));
    const partial = await request.get(href ?? '', { headers: { Range: 'bytes=0-7' } });
    expect(partial.status()).toBe(206);
    expect(await partial.text()).toBe('%PDF-1.4');
    const etag = pdf.headers()['etag'];
    expect((await request.get(href ?? '', { headers: { 'If-None-Match': etag } })).status()).toBe(304);

    await page.getByRole('navigation', { name: 'Buckets' }).getByRole('link', { name: 'Blog images' }).click();
    await blogFiles.getByRole('button', { name: `Delete ${ourPng}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(blogFiles.getByRole('listitem')).toHaveCount(blogBefore + 1);
    await expect(blogFiles.getByText(ourPng, { exact: true })).toHaveCount(0);
  });

  test('the picker enforces at most 10 files and skips other types; content is checked on the server', async ({ page }) => {
    await gotoAsOwner(page, '/admin/media?bucket=personal-images');
    const input = page.getByTestId('file-upload-input');
    // The bucket's part of the page streams in after its header: wait for it before reading the list.
    await expect(page.getByRole('heading', { name: 'Upload to Personal images' })).toBeVisible();
    // Other specs of this worker may have stored files here: nothing is added by this test.
    const storedList = page.getByRole('list', { name: 'Files in personal-images' });
    const storedNames = async () =>
      (await storedList.count())
        ? { count: await storedList.getByRole('listitem').count(), names: (await storedList.getByText(/^\d{13}-[0-9a-z]{12}\.\w+$/).allTextContents()).sort() }
        : { count: 0, names: [] };
    const storedBefore = await storedNames();
    await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

    await input.setInputFiles(Array.from({ length: 11 }, (_, i) => file(`p${i}.png`, 'image/png', SAMPLES.png)));
    await expect(toast(page, 'You can only upload a maximum of 10 files at once.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Files to upload' })).toHaveCount(0);

    await input.setInputFiles([file('logo.svg', 'image/svg+xml', SAMPLES.svg), file('notes.txt', 'text/plain', SAMPLES.script), file('evil.png', 'image/png', SAMPLES.html)]);
    await expect(toast(page, 'Some files were skipped: only images and PDFs are allowed.')).toBeVisible();
    const pending = page.getByRole('list', { name: 'Files to upload' });
    await expect(pending.getByRole('listitem')).toHaveCount(1);

    // Named and declared as a PNG, but its bytes are HTML: the server refuses it and it stays listed.
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(pending.getByText('evil.png is not a JPEG, PNG, GIF, WebP or PDF file (its content was checked, not its name).')).toBeVisible();
    await expect(pending.getByRole('listitem')).toHaveCount(1);
    await pending.getByRole('button', { name: 'Remove evil.png' }).click();
    await expect(pending).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Upload to Personal images' })).toBeVisible();
    expect(await storedNames()).toEqual(storedBefore);
  });

  test('an admin whose access token expired while the page was open still uploads: the session is renewed', async ({ page, context, baseURL }) => {
    await signIn(page, undefined, '/admin/login');
    await page.goto('/admin/media?bucket=personal-images');
    await expect(page.getByRole('heading', { name: 'Upload to Personal images' })).toBeVisible();
    // Fifteen minutes later, as far as the server is concerned; the refresh token (path /admin) is kept.
    await expireAccessToken(context, baseURL!);
    await page.getByTestId('file-upload-input').setInputFiles([file('later.gif', 'image/gif', SAMPLES.gif)]);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Successfully uploaded 1 file(s).')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Files in personal-images' }).getByText(/^\d{13}-[0-9a-z]{12}\.gif$/).first()).toBeVisible();
  });

  test("a file chosen before the page's script has run is kept and uploaded", async ({ page }) => {
    await gotoAsOwner(page, '/admin');
    // The page's scripts are held back, as on a slow connection: the upload box is only server HTML.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/admin/media?bucket=personal-images', { waitUntil: 'commit' });
    const input = page.getByTestId('file-upload-input');
    await input.setInputFiles([file('early.gif', 'image/gif', SAMPLES.gif)]);
    releaseScripts();
    // Once the script runs, the box takes the file that was already chosen.
    await expect(page.getByText('early.gif')).toBeVisible();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Successfully uploaded 1 file(s).')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Files in personal-images' }).getByText(/^\d{13}-[0-9a-z]{12}\.gif$/).first()).toBeVisible();
  });

  test('an anonymous upload attempt is refused and nothing is stored', async ({ request, site }) => {
    const bucketDir = path.join(site.dataDir, 'storage', 'blog-images');
    const before = readdirSync(bucketDir, { recursive: true });
    const response = await request.post('/api/upload', {
      multipart: { bucket: 'blog-images', file: file('a.png', 'image/png', SAMPLES.png) },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, status: 403 });
    expect((await request.get('/api/upload?bucket=blog-images')).status()).toBe(403);
    // Nothing was written for the anonymous caller (the worker's other tests may have stored files).
    expect(readdirSync(bucketDir, { recursive: true })).toEqual(before);
  });
});

test.describe('serving stored files', () => {
  test('no request path escapes a bucket and unknown buckets are 404', async ({ request }) => {
    for (const url of [
      '/storage/blog-images/..%2F..%2Fpglite%2FPG_VERSION',
      '/storage/blog-images/%2e%2e/%2e%2e/pglite/PG_VERSION',
      '/storage/blog-images/..%5C..%5Cpglite%5CPG_VERSION',
      '/storage/blog-images/.tmp',
      '/storage/.tmp/x',
      '/storage/secrets/x.png',
      '/storage/blog-images/missing.png',
    ]) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(404);
    }
  });
});

test.describe('startup storage check', () => {
  test('with every bucket ready, visitors see no storage toast', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(page.getByText(/storage|media features/i)).toHaveCount(0);
  });

  test('when the check fails, visitors are told some media features may be limited', async ({ page }) => {
    test.setTimeout(120_000);
    const dataDir = await preparedDataDir();
    // A file where the storage folder should be: no bucket can be created, so the whole check fails.
    writeFileSync(path.join(dataDir, 'storage'), 'not a folder');
    const site = await startSite({ dataDir });
    try {
      expect(site.output()).toContain('Storage check failed');
      await page.goto(site.url);
      await expect(toast(page, 'Some media features may be limited. Please contact an administrator.')).toBeVisible();
    } finally {
      await site.stop();
    }
  });
});
