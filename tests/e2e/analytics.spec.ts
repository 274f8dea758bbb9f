import type { Browser, Page } from '@playwright/test';
import { ADMIN, gotoAsOwner } from './fixtures/auth';
import { expect, siteTest } from './fixtures/site';
import { toast } from './fixtures/editors';
import { hydrated } from './fixtures/hydration';

/**
 * Reader analytics (issue 48), end to end on a production server: readers (browsers with an ordinary user agent:
 * Playwright's own says HeadlessChrome, a crawler's, which is not counted) open pages, move between them without
 * a reload, come from Google Scholar and from a social site, open a paper's Cite panel and download the CV; one
 * asks not to be tracked. Then the owner's dashboard shows what was read, where readers came from and what they
 * downloaded, the Research Papers editor each paper's own figures, and nothing of it is public. The beacon's
 * refusals are checked against the real route too. docs/screenshots/analytics-dashboard.png is taken here.
 */

/**
 * A server of this file's own: other specs' browsers with ordinary user agents (the mobile ones) are counted
 * too, and the figures below are this file's readers alone.
 */
const test = siteTest({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

test.describe.configure({ mode: 'serial' });

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function reader(browser: Browser, baseURL: string, userAgent: string, extraHTTPHeaders: Record<string, string> = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL, userAgent, extraHTTPHeaders });
  return context.newPage();
}

/** Opens `path` and waits until its beacon has been answered. */
async function visit(page: Page, path: string, referer?: string): Promise<void> {
  const sent = page.waitForResponse((response) => response.url().endsWith('/insights/event'));
  await page.goto(path, referer ? { referer } : {});
  expect((await sent).status()).toBe(204);
}

test('readers are counted without a cookie, and the owner sees views, visitors, papers, downloads and referrers in the dashboard', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  // 1. A reader from Google Scholar: the home page, then Research without a reload, then a paper, its Cite panel.
  const scholar = await reader(browser, baseURL!, CHROME);
  await visit(scholar, '/', 'https://scholar.google.com/scholar?q=analytic+number+theory');
  const research = scholar.getByRole('banner').getByRole('link', { name: 'Research', exact: true });
  await hydrated(research);
  const moved = scholar.waitForResponse((response) => response.url().endsWith('/insights/event'));
  await research.click();
  await expect(scholar).toHaveURL(/\/research$/);
  expect((await moved).status()).toBe(204);
  // A published paper (a draft has no page for readers, so none of its own counts): the sitemap's first.
  const sitemap = await (await scholar.request.get('/sitemap.xml')).text();
  const paperPath = new URL(/<loc>([^<]*\/research\/[0-9a-f-]{36})<\/loc>/.exec(sitemap)![1]!).pathname;
  await visit(scholar, paperPath);
  const cite = scholar.getByRole('button', { name: 'Cite' });
  await hydrated(cite);
  const cited = scholar.waitForResponse((response) => response.url().endsWith(`${paperPath}/cite`));
  await cite.click();
  expect((await cited).status()).toBe(200);
  // No cookie and nothing in the browser's storage, ever.
  expect(await scholar.context().cookies()).toEqual([]);
  expect(await scholar.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

  // 2. A second reader from a social site, who downloads the CV.
  const social = await reader(browser, baseURL!, FIREFOX);
  await visit(social, paperPath, 'https://t.co/abc123');
  expect((await social.request.get('/cv.pdf', { headers: { 'user-agent': FIREFOX } })).status()).toBe(200);

  // 3. A reader who asks not to be tracked: the page loads, the view is not counted.
  const private_ = await reader(browser, baseURL!, CHROME, { DNT: '1', 'Sec-GPC': '1' });
  await private_.goto('/teaching');
  await expect(private_.getByRole('heading', { level: 1 })).toBeVisible();

  // 4. Beacons that are not a reader's, answered with nothing and not counted.
  const post = (data: string | Buffer) => scholar.request.post('/insights/event', { data, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
  expect((await post(JSON.stringify({ p: '/admin' }))).status()).toBe(400);
  expect((await post(JSON.stringify({ p: '/no-such-page' }))).status()).toBe(204);
  const huge = await post(JSON.stringify({ p: '/', r: `https://example.org/${'x'.repeat(100_000)}` }));
  expect(huge.status()).toBe(413);
  expect(await huge.text()).toBe('');
  expect((await post(Buffer.from([0x7b, 0x22, 0x70, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]))).status()).toBe(400);

  // 5. The owner's dashboard: the events are written within a second, and rolled up when the dashboard reads.
  await gotoAsOwner(page, '/admin?days=7');
  const readers = page.getByRole('region', { name: 'Readers' });
  const downloads = readers.getByRole('region', { name: 'Downloads' });
  await expect(async () => {
    await page.reload();
    await expect(downloads.getByRole('link', { name: 'CV (PDF)' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  // The paper, read by both readers; its citation, opened by one.
  const papers = readers.getByRole('region', { name: 'Most read papers' });
  await expect(papers.getByRole('listitem').filter({ has: page.locator(`a[href="${paperPath}"]`) }).locator('.tabular-nums')).toHaveText('2');
  await expect(downloads.getByRole('listitem').filter({ has: page.locator(`a[href="${paperPath}/cite"]`) })).toContainText(/^Citation of .+1$/);
  const referrers = readers.getByRole('region', { name: 'Referrers' });
  await expect(referrers.getByRole('listitem').filter({ hasText: 'Google Scholar' }).first()).toContainText('scholar.google.com');
  await expect(referrers.getByRole('listitem').filter({ hasText: 'Social media' }).first()).toContainText('t.co');
  const pages = readers.getByRole('region', { name: 'Top pages' });
  await expect(pages.getByRole('link', { name: 'Research', exact: true })).toHaveAttribute('href', '/research');
  await expect(pages.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/');
  await expect(pages).not.toContainText('Teaching');
  await expect(pages).not.toContainText('/no-such-page');
  await expect(page.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page');
  // For docs/screenshots: the section whole, in a viewport tall enough that the admin's sticky header is not over it.
  await page.setViewportSize({ width: 1100, height: 2400 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await readers.screenshot({ path: 'docs/screenshots/analytics-dashboard.png' });

  // 6. The paper's own figures in the Research Papers editor.
  await page.goto('/admin/research/edit');
  await expect(page.getByText(/2 views · 1 download in the last 90 days/).first()).toBeVisible();

  // 7. Nothing of it is public: the dashboard needs the admin, and no public page says a count.
  const anonymous = await reader(browser, baseURL!, CHROME);
  await anonymous.goto('/admin?days=7');
  await expect(anonymous).toHaveURL(/\/admin\/login/);
  await scholar.context().close();
  await social.context().close();
  await private_.context().close();
  await anonymous.context().close();
});

test('Settings → Reader Analytics turns counting off and on again, and keeps the retention chosen', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await gotoAsOwner(page, '/admin/settings');
  const form = page.locator('#analytics-settings-form');
  const counting = form.getByLabel('Count page views and downloads');
  const retention = form.getByLabel('Keep raw events for');
  await hydrated(counting);
  await expect(counting).toBeChecked();
  await expect(retention).toHaveValue('90');
  await counting.uncheck();
  await retention.selectOption('30');
  await form.getByRole('button', { name: 'Save Analytics' }).click();
  await expect(toast(page, 'Analytics settings saved')).toBeVisible();
  await page.locator('[data-sonner-toast]').filter({ has: page.getByText('Analytics settings saved', { exact: true }) }).getByRole('button', { name: 'Close toast' }).click();
  await page.reload();
  await expect(form.getByLabel('Count page views and downloads')).not.toBeChecked();
  await expect(form.getByLabel('Keep raw events for')).toHaveValue('30');

  // Off: a reader's view is answered and not counted.
  const off = await reader(browser, baseURL!, CHROME);
  await visit(off, '/projects');
  await off.context().close();
  await page.goto('/admin?days=7');
  await expect(page.getByRole('region', { name: 'Readers' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top pages' }).getByRole('link', { name: 'Projects', exact: true })).toHaveCount(0);

  // On again: counted.
  await page.goto('/admin/settings');
  await hydrated(form.getByLabel('Count page views and downloads'));
  await form.getByLabel('Count page views and downloads').check();
  await form.getByLabel('Keep raw events for').selectOption('90');
  await form.getByRole('button', { name: 'Save Analytics' }).click();
  await expect(toast(page, 'Analytics settings saved')).toBeVisible();
  const on = await reader(browser, baseURL!, CHROME);
  await visit(on, '/projects');
  await on.context().close();
  await expect(async () => {
    await page.goto('/admin?days=7');
    await expect(page.getByRole('region', { name: 'Top pages' }).getByRole('link', { name: 'Projects', exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});
