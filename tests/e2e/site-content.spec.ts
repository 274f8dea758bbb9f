// @module-tag security
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { ageFreshnessStamp, AUTH_SECRET, expect, register, signIn, test } from './fixtures/auth';
import { chooseArchive, newVisitor, openSiteContent } from './fixtures/site-content';
import { startSite, type SiteServer } from '../helpers/site-server';

/**
 * Settings → Site content (issue 36) end to end, on a server of its own (the worker's server holds files
 * other specs planted there, which an import rightly refuses as `npm run import` does, and its sign-up
 * limit is spent by other specs): export in the browser, change the site, import the export with replace:
 * the public pages are as they were; a damaged archive is refused with the command line's message and
 * changes nothing; the endpoints refuse anonymous, non-admin, stale and cross-site callers, and the
 * owner starting again replaces their own import left open; the panel's loops stop when it goes, and what
 * they left on the server is cancelled.
 */

const PUBLIC_PAGES = ['/', '/about', '/experience', '/projects', '/research', '/blog', '/personal', '/cv'];
const OWNER = { email: 'content-owner@example.com', password: 'content-owner-password-1' };
/** The server the helpers below talk to. */
let site: { url: string };

/** Each public page's HTML as the server sends it to a visitor (no cookie). */
async function publicContent(request: APIRequestContext): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const pagePath of PUBLIC_PAGES) {
    const response = await request.get(`${site.url}${pagePath}`, { headers: { cookie: '' } });
    expect(response.status(), pagePath).toBe(200);
    out[pagePath] = await response.text();
  }
  return out;
}

async function exportArchive(page: Page): Promise<string> {
  await openSiteContent(page, `${site.url}/admin/settings`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/-export-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
  const file = path.join(os.tmpdir(), `site-content-${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  // The page follows the download as the server sends it, to the end.
  await expect(page.getByRole('status').filter({ hasText: `Downloaded ${download.suggestedFilename()} (` })).toBeVisible();
  return file;
}

test.describe('on a site of its own', () => {
  let own: SiteServer;
  test.beforeAll(async () => {
    own = await startSite({ env: { ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, AUTH_SECRET, ALLOW_SIGNUP: 'true' } });
  });
  test.afterAll(async () => {
    await own?.stop();
  });
  test.beforeEach(() => {
    site = own;
  });

  test('export in the browser, change the site, import the export with replace: the public pages are as before, and a backup was taken first', async ({ page, playwright }) => {
    test.setTimeout(180_000);
    const visitor = await newVisitor(playwright);
    const before = await publicContent(visitor);
    await signIn(page, OWNER, `${site.url}/admin/login`);
    const file = await exportArchive(page);

    // A change: the About name.
    await page.goto(`${site.url}/admin/about/edit`);
    await expect(page.getByLabel('Name', { exact: true })).toBeEditable();
    await page.getByLabel('Name', { exact: true }).fill('Someone Else Entirely');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    expect((await publicContent(visitor))['/about']).toContain('Someone Else Entirely');

    await openSiteContent(page, `${site.url}/admin/settings`);
    await chooseArchive(page, file);
    // The preview before anything is written: every kind of content, the choice, the files.
    const preview = page.getByRole('table', { name: /What the import does/ });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole('row', { name: /^About/ })).toContainText('1');
    await expect(page.getByRole('radio', { name: /^Replace/ })).toBeChecked();
    await expect(page.getByText(/stored files? \(/)).toBeVisible();
    // Nothing changed yet.
    expect((await publicContent(visitor))['/about']).toContain('Someone Else Entirely');

    await page.getByRole('button', { name: "Replace the site's content" }).click();
    const done = page.getByRole('status').filter({ hasText: 'Imported' });
    await expect(done).toBeVisible({ timeout: 60_000 });
    await expect(done).toContainText('A backup was taken right before');
    await expect(done).toContainText('npm run restore -- ');

    // The public site, on the next request, is as it was before the change.
    expect(await publicContent(visitor)).toEqual(before);
    await visitor.dispose();

    // The backup is listed, with its restore command.
    await openSiteContent(page, `${site.url}/admin/settings`);
    await expect(page.getByRole('heading', { name: 'Backups', exact: true })).toBeVisible();
    await expect(page.getByText(/npm run restore -- .*backups\/backup-/).first()).toBeVisible();
  });

  test('a damaged archive is refused with the command line\'s message, and nothing changes', async ({ page, request }) => {
    const before = await publicContent(request);
    await signIn(page, OWNER, `${site.url}/admin/login`);
    const good = await exportArchive(page);
    // One byte of the About row changed inside the tar: its checksum no longer matches the manifest.
    const tar = gunzipSync(readFileSync(good));
    const at = tar.indexOf('"name"', tar.indexOf('content/about_data.json'));
    expect(at).toBeGreaterThan(0);
    tar[at + 1] = 'N'.charCodeAt(0);
    const damaged = good.replace(/\.tar\.gz$/, '-damaged.tar.gz');
    writeFileSync(damaged, gzipSync(tar));

    // Dropped on the drop zone this time, as from a file manager.
    await openSiteContent(page, `${site.url}/admin/settings`);
    const bytes = [...readFileSync(damaged)];
    const dropped = await page.evaluateHandle((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], 'damaged-export.tar.gz', { type: 'application/gzip' }));
      return transfer;
    }, bytes);
    await page.getByText('Export archive (.tar.gz): drop it here or choose it').locator('..').dispatchEvent('drop', { dataTransfer: dropped });
    await page.getByRole('button', { name: /^Upload and check damaged-export\.tar\.gz/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Nothing was imported.' });
    await expect(alert).toContainText('content/about_data.json does not match its checksum: the archive is damaged.');
    await expect(alert).toContainText('Nothing was imported.');
    expect(await publicContent(request)).toEqual(before);
  });

  test('the endpoints refuse anonymous, non-admin, stale and cross-site callers, and one import at a time', async ({ page, playwright, browser }) => {
    const anonymous = await playwright.request.newContext({ baseURL: site.url });
    for (const [method, url] of [
      ['POST', '/admin/site-content/export'],
      ['GET', '/admin/site-content/export/00000000-0000-4000-8000-000000000000/download'],
      ['POST', '/admin/site-content/import'],
      ['PUT', '/admin/site-content/import/00000000-0000-4000-8000-000000000000?offset=0'],
    ] as const) {
      const response = await anonymous.fetch(url, { method, data: method === 'POST' ? { size: 10 } : undefined, maxRedirects: 0 });
      expect([401, 307], `${method} ${url}`).toContain(response.status());
    }
    await anonymous.dispose();

    // A registered account without the admin role.
    const other = await browser.newContext({ baseURL: site.url });
    const otherPage = await other.newPage();
    const reader = { email: `content-reader-${Date.now()}@example.com`, password: 'content-reader-password-1' };
    await register(otherPage, reader.email, reader.password);
    await signIn(otherPage, reader, '/admin/login');
    const asReader = await otherPage.request.post('/admin/site-content/export');
    expect(asReader.status()).toBe(403);
    expect((await asReader.json()) as { error: string }).toEqual({ error: "Your account doesn't have permission to access this area." });
    await other.close();

    await signIn(page, OWNER, `${site.url}/admin/login`);
    // From another site: refused even with the admin's cookies.
    const crossSite = await page.request.post(`${site.url}/admin/site-content/import`, { data: { size: 10 }, headers: { origin: 'https://attacker.example' } });
    expect(crossSite.status()).toBe(403);

    // One import at a time, and the owner's own import left open gives way when they start again.
    const first = await page.request.post(`${site.url}/admin/site-content/import`, { data: { size: 10 }, headers: { origin: site.url } });
    expect(first.status()).toBe(201);
    const second = await page.request.post(`${site.url}/admin/site-content/import`, { data: { size: 10 }, headers: { origin: site.url } });
    expect(second.status()).toBe(201);
    expect((await page.request.get(`${site.url}/admin/site-content/import/${((await first.json()) as { id: string }).id}`)).status()).toBe(404);
    const { id } = (await second.json()) as { id: string };
    expect((await page.request.delete(`${site.url}/admin/site-content/import/${id}`, { headers: { origin: site.url } })).status()).toBe(200);

    // A stale freshness stamp: signed in, but not recently enough.
    await ageFreshnessStamp(page.context(), site.url, 6 * 60_000);
    const stale = await page.request.post(`${site.url}/admin/site-content/export`, { headers: { origin: site.url } });
    expect(stale.status()).toBe(401);
    expect((await stale.json()) as { error: string }).toEqual({ error: 'Session expired. Please sign in again.' });
  });

  test('the panel\'s loops stop when it goes: an export left before its download, or an import previewed then reloaded, is cancelled', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, OWNER, `${site.url}/admin/login`);
    const file = await exportArchive(page);
    const status = (url: string) => async () => (await page.request.get(`${site.url}${url}`)).status();

    // Left for the dashboard (a client-side navigation) while the export is followed: its next answer,
    // 'ready', is held back until the panel has gone.
    await openSiteContent(page, `${site.url}/admin/settings`);
    // Leaving an untouched Settings page asks nothing (admin-settings.spec.ts): any question is a failure.
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/admin\/site-content\/export\/[^/]+$/, async (route) => {
      if (route.request().method() === 'GET') await released;
      await route.continue().catch(() => undefined);
    });
    const polled = page.waitForRequest((request) => request.method() === 'GET' && /\/admin\/site-content\/export\/[^/]+$/.test(request.url()));
    await page.getByRole('button', { name: 'Download export' }).click();
    const exportUrl = (await polled).url();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('/admin/site-content/')) polls.push(request.url());
    });
    release();
    await expect.poll(status(new URL(exportUrl).pathname)).toBe(404);
    await page.waitForTimeout(1_500);
    expect(polls).toEqual([]);
    expect(downloads).toEqual([]);
    await page.unroute(/\/admin\/site-content\/export\/[^/]+$/);

    // Previewed, then the page reloaded: the import is cancelled, and the owner may start again at once.
    await openSiteContent(page, `${site.url}/admin/settings`);
    const uploaded = page.waitForResponse((response) => response.url().endsWith('/admin/site-content/import') && response.request().method() === 'POST');
    await chooseArchive(page, file);
    const { id: importId } = (await (await uploaded).json()) as { id: string };
    await expect(page.getByRole('table', { name: /What the import does/ })).toBeVisible();
    await page.reload();
    await expect.poll(status(`/admin/site-content/import/${importId}`)).toBe(404);
    await openSiteContent(page, `${site.url}/admin/settings`);
    await chooseArchive(page, file);
    await expect(page.getByRole('table', { name: /What the import does/ })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page.getByRole('table', { name: /What the import does/ })).toBeHidden();
    expect(asked).toEqual([]);
  });
});
