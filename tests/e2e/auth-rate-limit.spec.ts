// @module-tag security
import { expect, test } from './fixtures/csp';
import { startSite, type SiteServer } from '../helpers/site-server';
import { submitLogin } from './fixtures/auth';

const RATE_LIMIT_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

// A server of its own: exhausting the per-address limit would lock the shared server's other tests out.
let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite({ env: { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'owner-password-123' } });
});
test.afterAll(async () => {
  await site.stop();
});

test('a client cannot dodge the sign-in limit by sending its own X-Forwarded-For, and the lock keeps nobody else out', async ({ page }) => {
  let n = 0;
  // Every request claims to come from a different address, as an attacker's script would.
  await page.route('**/*', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': `203.0.113.${(n += 1)}` } }),
  );
  await page.goto(`${site.url}/admin/login`);
  for (let n = 1; n <= 5; n += 1) {
    await submitLogin(page, 'owner@example.com', `wrong-password-${n}`);
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    await expect(page.getByText(RATE_LIMIT_MESSAGE)).toHaveCount(0);
  }
  // The claimed addresses changed every time; the real one did not, so the sixth guess is refused.
  await submitLogin(page, 'owner@example.com', 'wrong-password-6');
  await expect(page.getByText(RATE_LIMIT_MESSAGE).first()).toBeVisible();

  // Those failures were for one account: another account from the same address is not refused for them.
  await submitLogin(page, 'someone-else@example.com', 'wrong-password');
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
});
