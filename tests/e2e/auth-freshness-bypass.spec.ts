import { expect, test } from './fixtures/csp';
import { startSite, type SiteServer } from '../helpers/site-server';
import { ADMIN, AUTH_SECRET, ageFreshnessStamp, register, signIn } from './fixtures/auth';

// A server of its own, started with the bypass: the shared server must keep enforcing the stamp.
let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET, ADMIN_FRESHNESS_BYPASS: 'true', ALLOW_SIGNUP: 'true' },
  });
});
test.afterAll(async () => {
  await site.stop();
});


test('ADMIN_FRESHNESS_BYPASS skips only the freshness stamp: a stale admin gets in, anonymous and non-admin visitors do not', async ({
  browser,
}) => {
  const owner = await browser.newContext({ baseURL: site.url });
  const page = await owner.newPage();
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // A stamp an hour old would send the admin to login without the bypass (tests/e2e/auth.spec.ts).
  await ageFreshnessStamp(owner, site.url, 60 * 60 * 1000);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Manage Admin Users' })).toBeVisible();
  await expect(page.getByText('Please sign in again to access admin area')).toHaveCount(0);
  await owner.close();

  // The session check still holds.
  const anonymous = await browser.newContext({ baseURL: site.url });
  const visitor = await anonymous.newPage();
  await visitor.goto('/admin/users');
  await expect(visitor).toHaveURL(/\/admin\/login$/);
  await anonymous.close();

  // And so does the role check.
  const readerContext = await browser.newContext({ baseURL: site.url });
  const reader = await readerContext.newPage();
  await register(reader, 'reader@example.com', 'reader-password-1');
  await signIn(reader, { email: 'reader@example.com', password: 'reader-password-1' });
  await expect(reader).toHaveURL(/\/admin\/unauthorized$/);
  await reader.goto('/admin/users');
  await expect(reader).toHaveURL(/\/admin\/unauthorized$/);
  await readerContext.close();
});
