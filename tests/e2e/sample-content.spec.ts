import { expect, test } from '@playwright/test';

import { startSite, type SiteServer } from '../helpers/site-server';
import { createPaper, sessionCookieHeader } from './fixtures/actions';
import { ADMIN, AUTH_SECRET, signIn } from './fixtures/auth';
import { toast } from './fixtures/editors';

/**
 * An owner made by ADMIN_EMAIL is asked at the first sign-in (the dashboard's welcome), and "Remove the sample
 * content" in Settings removes exactly the sample: what the owner added stays, and the removal says what it did.
 * A server of its own: the removal must not reach the other specs' sample site.
 */

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET } });
});

test.afterAll(async () => {
  await site?.stop();
});

test('the first sign-in is asked; Settings removes exactly the sample content and says what it removed and kept', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: site.url });
  const page = await context.newPage();
  await signIn(page, ADMIN, '/admin/login');
  await page.goto('/admin');
  const welcome = page.getByRole('region', { name: 'Make the site yours' });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('link', { name: 'Set Up Your Site' }).click();
  await expect(page).toHaveURL(/\/admin\/welcome$/);
  await expect(page.getByRole('radio', { name: /Keep the sample content/ })).toBeChecked();

  // A paper of the owner's own, beside the sample's.
  await createPaper(context.request, site.url, 'Knots and their invariants', await sessionCookieHeader(context));

  await page.goto('/admin/settings');
  const section = page.locator('#sample-content-body');
  await expect(section.getByRole('status')).toHaveText(
    /^The site still holds \d+ sample entries \(Experience \d+, Projects \d+, Research Papers \d+, Talks \d+, Teaching \d+, CV \d+, Blog \d+, Personal Posts \d+\) and the sample profile's name, role line, biography/,
  );
  await section.getByRole('button', { name: 'Remove the Sample Content' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Entries you added or edited are kept.');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Sample content removed')).toBeVisible();
  await expect(section.getByRole('status')).toHaveText(/^Removed \d+ sample entries .* Kept as yours: Research Papers 1\. A backup from just before is in \S+\/backups\/\S+\.$/);
  await expect(section.getByRole('button', { name: 'Remove the Sample Content' })).toHaveCount(0);

  // On the next request: only the owner's paper, and no profile of the sample's.
  const visitor = (await browser.newContext({ baseURL: site.url })).request;
  const research = await (await visitor.get('/research')).text();
  expect(research).toContain('Knots and their invariants');
  expect(research.match(/<article id="/g)).toHaveLength(1);
  expect(await (await visitor.get('/')).text()).not.toContain('Alex Morgan');

  // The welcome can be put away without answering it.
  await page.goto('/admin');
  await welcome.getByRole('button', { name: 'Dismiss' }).click();
  await expect(welcome).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(welcome).toHaveCount(0);
  await context.close();
});
