import { expect, test } from './fixtures/csp';
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

test('first run: the printed one-time setup link creates the owner admin, and then refuses', async ({ page }) => {
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
  await expect(page).toHaveURL(`${site.url}/admin`);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // Used once: the same link no longer opens the form.
  await page.goto(`${site.url}/admin/setup?code=${code}`);
  await expect(page.getByRole('main').getByText('This setup link is not valid')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
});
