import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from './fixtures/csp';
import { toast } from './fixtures/editors';
import { startSite, type SiteServer } from '../helpers/site-server';

/** A server of its own: the first-run link exists only while no admin does. */
let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite();
});
test.afterAll(async () => {
  await site.stop();
});

function setupLink(output: string): string {
  const match = /(http:\/\/\S+\/admin\/setup\?code=[A-Za-z0-9_-]+)/.exec(output);
  if (!match) throw new Error(`No setup link printed:\n${output}`);
  return match[1];
}

test('first run: the printed one-time setup link creates the owner admin, asks who they are and how the site starts, and then refuses', async ({ page, browser }) => {
  const link = setupLink(site.output());
  const code = new URL(link).searchParams.get('code')!;

  await page.goto(`${site.url}/admin/setup`);
  await expect(page.getByRole('main').getByText('This setup link is not valid')).toBeVisible();
  await page.goto(`${site.url}/admin/setup?code=wrong-${code}`);
  await expect(page.getByRole('main').getByText('This setup link is not valid')).toBeVisible();

  await page.goto(`${site.url}/admin/setup?code=${code}`);
  await expect(page.getByRole('heading', { name: 'Create the owner account' })).toBeVisible();
  await page.getByLabel('Email').fill('first-owner@example.com');
  await page.getByLabel('Password', { exact: true }).fill('first-owner-password');
  await page.getByLabel('Confirm Password').fill('first-owner-password');
  await page.getByRole('button', { name: 'Create Owner Account' }).click();

  // The Welcome: it starts from the owner, with nothing of the sample researcher filled in.
  await expect(page).toHaveURL(`${site.url}/admin/welcome`);
  await expect(page.getByRole('heading', { name: 'Welcome', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Public e-mail')).toHaveValue('');
  await expect(page.getByRole('group', { name: 'Profile links' }).getByLabel('Address')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Keep the sample content/ })).toBeChecked();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'docs/screenshots/first-run-welcome.png', fullPage: true });
  // Evaluated through the DevTools protocol, which the page's script policy does not govern.
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run();
    return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  });
  expect(violations, 'axe-core on the Welcome page').toEqual([]);

  // Bad input is refused beside its field, and loses nothing typed.
  await page.getByLabel('Name', { exact: true }).fill('   ');
  await page.getByRole('button', { name: 'Add Link' }).click();
  await page.getByRole('group', { name: 'Profile links' }).getByLabel('Address').fill('javascript:alert(1)');
  await page.getByLabel('Role Line').fill('Postdoctoral Researcher in Topology');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText('Enter your name: the site shows it in the header, the titles and the footer.')).toBeVisible();
  await expect(page.getByText('Enter an http(s) address, such as https://example.org/.')).toBeVisible();
  await expect(page).toHaveURL(`${site.url}/admin/welcome`);
  await expect(page.getByLabel('Role Line')).toHaveValue('Postdoctoral Researcher in Topology');

  await page.getByLabel('Name', { exact: true }).fill('Jane Doe');
  await page.getByRole('group', { name: 'Profile links' }).getByLabel('Address').fill('https://jane.example.org/');
  await page.getByRole('radio', { name: /Start empty/ }).check();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(toast(page, 'Your site is set up')).toBeVisible();
  await expect(page).toHaveURL(`${site.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Make the site yours' })).toHaveCount(0);
  // The sample went after a backup of the site as it was.
  expect(readdirSync(path.join(site.dataDir, 'backups')).length).toBeGreaterThan(0);

  // The public site is the owner's, and empty: each page shows its empty state, and the sample owner is nowhere.
  const visitor = (await browser.newContext({ baseURL: site.url })).request;
  const home = await (await visitor.get('/')).text();
  for (const text of ['Jane Doe', 'Postdoctoral Researcher in Topology', 'No featured projects yet.', 'No articles yet.', 'No published papers yet.', 'https://jane.example.org/']) {
    expect(home, text).toContain(text);
  }
  expect(await (await visitor.get('/experience')).text()).toContain('No experience yet');
  for (const address of ['/', '/about', '/research', '/blog', '/cv', '/feed.xml', '/sitemap.xml', '/cv.json']) {
    expect(await (await visitor.get(address)).text(), address).not.toContain('Alex Morgan');
  }

  // Asked once: the Welcome now leads to the dashboard, and Settings finds no sample content left.
  await page.goto(`${site.url}/admin/welcome`);
  await expect(page).toHaveURL(`${site.url}/admin`);
  await page.goto(`${site.url}/admin/settings`);
  await expect(page.getByText('The site holds none of the sample content.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove the Sample Content' })).toHaveCount(0);

  // Used once: the same link no longer opens the form.
  await page.goto(`${site.url}/admin/setup?code=${code}`);
  await expect(page.getByRole('main').getByText('This setup link is not valid')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
});
