import { expect, test } from './fixtures/site';

// The shared anonymous server runs without ALLOW_SIGNUP: the default a new site starts with.
test('sign-up is closed unless the operator opens it: the form says so and a direct call creates nothing', async ({ page }) => {
  await page.goto('/admin/login?mode=signup');
  await expect(page.getByText('Sign-up is closed. Ask the site owner for an account.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
});
