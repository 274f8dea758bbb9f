import type { Browser, Page } from '@playwright/test';
import { ADMIN, expect, gotoAsOwner, signIn, test } from './fixtures/auth';
import { hydrated } from './fixtures/hydration';

/**
 * Admin Settings (/admin/settings): Profile Settings, Site Configuration and Security Settings, each
 * saved through its own server action. The worker's server and its ADMIN account are shared with the
 * other specs of the worker, so every test puts back what it changed (the display name, the site
 * title, and above all the admin's password), also when it fails half-way.
 */

const SETTINGS = '/admin/settings';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A sonner toast with this text. */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true });

const field = {
  displayName: (page: Page) => page.getByLabel('Display Name', { exact: true }),
  email: (page: Page) => page.getByLabel('Email', { exact: true }),
  bio: (page: Page) => page.getByLabel('Bio', { exact: true }),
  siteTitle: (page: Page) => page.getByLabel('Site Title', { exact: true }),
  metaDescription: (page: Page) => page.getByLabel('Meta Description', { exact: true }),
  socialImage: (page: Page) => page.getByLabel('Default Social Image URL', { exact: true }),
  currentPassword: (page: Page) => page.getByLabel('Current Password', { exact: true }),
  newPassword: (page: Page) => page.getByLabel('New Password', { exact: true }),
  confirmPassword: (page: Page) => page.getByLabel('Confirm New Password', { exact: true }),
};

async function settingsShown(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeVisible();
  await expect(field.displayName(page)).toBeEditable();
}

async function gotoSettings(page: Page): Promise<void> {
  await page.goto(SETTINGS);
  await settingsShown(page);
}

async function openSettings(page: Page): Promise<void> {
  await gotoAsOwner(page, SETTINGS);
  await settingsShown(page);
}

/** Holds every server-action POST of the page for a moment, so the form's in-flight state can be seen. */
async function slowActions(page: Page, ms = 800): Promise<void> {
  await page.route('**/admin/settings', async (route) => {
    if (route.request().method() === 'POST' && route.request().headers()['next-action']) await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

async function saveSiteConfiguration(page: Page, values: { title: string; description: string; image: string }): Promise<void> {
  await field.siteTitle(page).fill(values.title);
  await field.metaDescription(page).fill(values.description);
  await field.socialImage(page).fill(values.image);
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await expect(toast(page, 'Site configuration saved')).toBeVisible();
}

async function changePassword(page: Page, current: string, next: string): Promise<void> {
  await field.currentPassword(page).fill(current);
  await field.newPassword(page).fill(next);
  await field.confirmPassword(page).fill(next);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(toast(page, 'Password updated')).toBeVisible();
}

/** Signs in through the login form in a fresh browser; answers whether the password was accepted. */
async function canSignIn(browser: Browser, baseURL: string | undefined, password: string): Promise<boolean> {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    // Whichever comes first; the other wait is settled quietly when the context closes.
    const outcome = await Promise.race([
      page.waitForURL((url) => url.pathname !== '/admin/login', { timeout: 15_000 }).then(
        () => true,
        () => null,
      ),
      page
        .getByRole('status')
        .getByText('Invalid email or password')
        .waitFor({ timeout: 15_000 })
        .then(
          () => false,
          () => null,
        ),
    ]);
    if (outcome === null) throw new Error('The login form neither signed in nor refused the password');
    return outcome;
  } finally {
    await context.close();
  }
}

test.describe('admin Settings', () => {
  test('the page shows the three sections and the sidebar leads to it', async ({ page }) => {
    await gotoAsOwner(page, '/admin');
    await (await hydrated(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings', exact: true }))).click();
    await expect(page).toHaveURL(new RegExp(`${SETTINGS}$`));
    for (const section of ['Profile Settings', 'Site Configuration', 'Security Settings']) {
      await expect(page.getByRole('button', { name: new RegExp(`^${section}`) })).toHaveAttribute('aria-expanded', 'true');
    }
    // Collapsible: the section's fields hide and come back.
    const profile = page.getByRole('button', { name: /^Profile Settings/ });
    await profile.click();
    await expect(profile).toHaveAttribute('aria-expanded', 'false');
    await expect(field.displayName(page)).toBeHidden();
    await profile.click();
    await expect(field.displayName(page)).toBeVisible();
  });

  test('leaving Settings untouched asks nothing', async ({ page }) => {
    // Every dialog is answered yes, so the page goes on either way, and noted.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    const dashboard = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' });
    /** A settled Settings page the admin has clicked in (Chromium shows a page's beforeunload prompt only after a click). */
    const settle = async () => {
      await hydrated(field.displayName(page));
      await field.email(page).click();
    };

    await openSettings(page);
    await settle();
    await (await hydrated(dashboard)).click();
    await expect(page).toHaveURL(/\/admin$/);
    expect(dialogs, 'a sidebar link').toEqual([]);

    await gotoSettings(page);
    await settle();
    await page.reload();
    await expect(field.displayName(page)).toBeEditable();
    expect(dialogs, 'a reload').toEqual([]);

    await settle();
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\/users$/);
    expect(dialogs, 'a typed address').toEqual([]);

    // Saved as they were: what the server answers is the form's new starting point.
    await gotoSettings(page);
    await settle();
    await page.getByRole('button', { name: 'Save CV Settings' }).click();
    await expect(toast(page, 'CV settings saved')).toBeVisible();
    await dashboard.click();
    await expect(page).toHaveURL(/\/admin$/);
    expect(dialogs, 'a sidebar link after Save CV Settings').toEqual([]);

    // A change not saved still asks.
    await gotoSettings(page);
    await settle();
    await page.getByRole('checkbox', { name: /List draft papers/ }).click();
    await dashboard.click();
    await expect(page).toHaveURL(/\/admin$/);
    expect(dialogs).toEqual(['confirm: You have unsaved changes. Leave this page and lose them?']);
  });

  test('Save Profile stores the display name and bio; Admin Users shows the name', async ({ page }) => {
    const name = `Alex Settings ${unique()}`;
    const bio = `Works on L-functions ${unique()}.`;
    await openSettings(page);
    await expect(field.email(page)).toHaveValue(ADMIN.email);
    await expect(field.email(page)).not.toBeEditable();
    const before = { name: await field.displayName(page).inputValue(), bio: await field.bio(page).inputValue() };

    try {
      await field.displayName(page).fill(name);
      await field.bio(page).fill(bio);
      await slowActions(page);
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
      await expect(toast(page, 'Profile saved')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
      await page.unrouteAll({ behavior: 'wait' });

      // Stored: a fresh load shows it, and so does Admin Users.
      await gotoSettings(page);
      await expect(field.displayName(page)).toHaveValue(name);
      await expect(field.bio(page)).toHaveValue(bio);
      await page.goto('/admin/users');
      const list = page.getByRole('list', { name: 'Admin users' });
      await expect(list.locator('li', { hasText: ADMIN.email })).toContainText(name);
    } finally {
      await gotoSettings(page);
      await field.displayName(page).fill(before.name);
      await field.bio(page).fill(before.bio);
      await page.getByRole('button', { name: 'Save Profile' }).click();
      await expect(toast(page, 'Profile saved')).toBeVisible();
    }
  });

  test("a saved site title, description and social image show in a public page's metadata on the next request", async ({ page, browser, baseURL }) => {
    const title = `Number Theory Notes ${unique()}`;
    const description = `Primes, zeros and sieves ${unique()}.`;
    const image = `https://images.example.org/social-${unique()}.png`;

    // An anonymous visitor reads /blog first (twice, so the route cache holds a copy the save must replace).
    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    await reader.goto('/blog');
    await reader.goto('/blog');
    await expect(reader).toHaveTitle(/^Blog \| /);
    await expect(reader).not.toHaveTitle(`Blog | ${title}`);

    await openSettings(page);
    try {
      await saveSiteConfiguration(page, { title, description, image });

      await reader.goto('/blog');
      await expect(reader).toHaveTitle(`Blog | ${title}`);
      await expect(reader.locator('meta[property="og:image"]').first()).toHaveAttribute('content', image);
      await expect(reader.locator('meta[name="twitter:image"]').first()).toHaveAttribute('content', image);
      await expect(reader.locator('meta[property="og:site_name"]').first()).toHaveAttribute('content', title);
      // The home page has no title of its own beyond the site's: it takes the configured title and description.
      await reader.goto('/');
      await expect(reader).toHaveTitle(title);
      await expect(reader.locator('meta[name="description"]').first()).toHaveAttribute('content', description);

      // Kept after a reload of the settings page.
      await gotoSettings(page);
      await expect(field.siteTitle(page)).toHaveValue(title);
      await expect(field.metaDescription(page)).toHaveValue(description);
      await expect(field.socialImage(page)).toHaveValue(image);
    } finally {
      // Empty fields: the public pages fall back to the built-in values, as the other specs expect.
      await gotoSettings(page);
      await saveSiteConfiguration(page, { title: '', description: '', image: '' });
    }
    // The owner's name from About (another spec may have renamed the sample owner on this server).
    await reader.goto('/blog');
    await expect(reader).toHaveTitle(/^Blog \| .+/);
    await expect(reader).not.toHaveTitle(`Blog | ${title}`);
    await expect(reader.locator('meta[property="og:image"]')).toHaveCount(0);
    await visitor.close();
  });

  test('a refused save shows the errors beside the fields and keeps what was typed', async ({ page }) => {
    const title = `Kept title ${unique()}`;
    await openSettings(page);

    await field.siteTitle(page).fill(title);
    await field.socialImage(page).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page, 'Failed to save site configuration')).toBeVisible();
    await expect(page.locator('#settings-social-image-error')).toHaveText('Enter an https:// address or a site path starting with /.');
    await expect(field.socialImage(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(field.socialImage(page)).toHaveValue('javascript:alert(1)');
    await expect(field.siteTitle(page)).toHaveValue(title);

    // Too short, then not matching: each error beside its own field, the typed passwords kept.
    await field.currentPassword(page).fill(ADMIN.password);
    await field.newPassword(page).fill('short');
    await field.confirmPassword(page).fill('short');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(toast(page, 'Failed to update password')).toBeVisible();
    await expect(page.locator('#settings-new-password-error')).toHaveText('The new password must be at least 8 characters.');
    await expect(field.newPassword(page)).toHaveValue('short');
    await expect(field.currentPassword(page)).toHaveValue(ADMIN.password);

    await field.newPassword(page).fill('long enough 1');
    await field.confirmPassword(page).fill('long enough 2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.locator('#settings-confirm-password-error')).toHaveText('The passwords do not match.');
    await expect(page.locator('#settings-new-password-error')).toHaveCount(0);
    await expect(field.confirmPassword(page)).toHaveValue('long enough 2');

    // A wrong current password: refused by the server, beside the Current Password field.
    await field.currentPassword(page).fill('not-the-password');
    await field.confirmPassword(page).fill('long enough 1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.locator('#settings-current-password-error')).toHaveText('The current password is incorrect.');
    await expect(field.currentPassword(page)).toHaveValue('not-the-password');
    await expect(field.newPassword(page)).toHaveValue('long enough 1');

    // Nothing was stored: the page reloads with the stored (empty) title, and the password is unchanged.
    await gotoSettings(page);
    await expect(field.siteTitle(page)).not.toHaveValue(title);
  });

  test('Update Password checks the current one, signs out every other browser and keeps this one', async ({ page, browser, baseURL }) => {
    const newPassword = `changed-password-${unique()}`;

    // Another browser signed in as the same admin.
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    await signIn(other, ADMIN, '/admin/login');
    await other.goto('/admin');
    await expect(other).toHaveURL(/\/admin$/);

    await openSettings(page);
    let changed = false;
    try {
      await slowActions(page);
      await field.currentPassword(page).fill(ADMIN.password);
      await field.newPassword(page).fill(newPassword);
      await field.confirmPassword(page).fill(newPassword);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
      await expect(toast(page, 'Password updated')).toBeVisible();
      changed = true;
      await page.unrouteAll({ behavior: 'wait' });
      // The form empties after a change.
      await expect(field.currentPassword(page)).toHaveValue('');
      await expect(field.newPassword(page)).toHaveValue('');

      // This browser stays signed in.
      await page.goto('/admin/users');
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(page.getByRole('list', { name: 'Admin users' })).toContainText(ADMIN.email);

      // The other browser is signed out on its next admin navigation.
      await other.goto('/admin/about/edit');
      await expect(other).toHaveURL(/\/admin\/login/);

      // The old password no longer signs in; the new one does.
      expect(await canSignIn(browser, baseURL, ADMIN.password)).toBe(false);
      expect(await canSignIn(browser, baseURL, newPassword)).toBe(true);
    } finally {
      await otherContext.close();
      if (changed) {
        // Put the shared admin's password back for the other specs of this worker.
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await gotoSettings(page);
        await changePassword(page, newPassword, ADMIN.password);
      }
    }
    expect(await canSignIn(browser, baseURL, ADMIN.password)).toBe(true);
  });
});
