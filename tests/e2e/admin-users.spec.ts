import type { Page, Request } from '@playwright/test';
import { ADMIN, expect, gotoAsOwner, register, signIn, test } from './fixtures/auth';

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function openUsers(page: Page) {
  await gotoAsOwner(page, '/admin/users');
  await expect(page.getByRole('list', { name: 'Admin users' })).toBeVisible();
}

test.describe('admin users', () => {
  test('grant then revoke admin access through /admin/users', async ({ page }) => {
    const email = uniqueEmail('colleague');
    await register(page, email, 'colleague-password');
    await openUsers(page);
    const list = page.getByRole('list', { name: 'Admin users' });
    await expect(list).toContainText(ADMIN.email);
    await expect(list.getByText(/^User ID: [0-9a-f-]{36}$/).first()).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Grant Admin Access' }).click();
    await expect(page.getByText(`Admin access granted to ${email} successfully.`)).toBeVisible();
    await expect(list).toContainText(email);
    await expect(list.locator('li', { hasText: email })).toContainText('Unnamed Admin');
    await expect(list.locator('li', { hasText: email })).toContainText('U');

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Grant Admin Access' }).click();
    await expect(page.getByText(`User ${email} already has admin access.`)).toBeVisible();

    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Revoke Admin Access' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Are you sure you want to revoke admin access from ${email}?`);
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText(`Admin access revoked from ${email} successfully.`)).toBeVisible();
    await expect(list).not.toContainText(email);
  });

  test('bad and unknown emails get the messages of docs/product.md §§5 and 6 and keep the input', async ({ page }) => {
    await openUsers(page);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Grant Admin Access' }).click();
    await expect(page.getByText('Please enter a valid email address.').first()).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('not-an-email');

    const ghost = uniqueEmail('ghost');
    await page.getByLabel('Email').fill(ghost);
    await page.getByRole('button', { name: 'Grant Admin Access' }).click();
    await expect(page.getByText(`User with email ${ghost} not found. Make sure they have registered first.`)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(ghost);
  });

  test('the last remaining admin cannot be revoked', async ({ page }) => {
    await openUsers(page);
    const list = page.getByRole('list', { name: 'Admin users' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByRole('button', { name: 'Revoke Admin Access' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('You cannot revoke admin access from the last admin. Grant admin access to another user first.')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(list).toContainText(ADMIN.email);
  });

  test('a direct POST to the grant action without a session, or with a non-admin session, is refused and changes nothing', async ({
    page,
    browser,
    baseURL,
  }) => {
    const intruder = uniqueEmail('intruder');
    await register(page, intruder, 'intruder-password');

    // Learn the action's id and wire format from a real (refused-by-validation) call by the admin.
    await openUsers(page);
    const captured = new Promise<Request>((resolve) =>
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.headers()['next-action']) resolve(request);
      }),
    );
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Grant Admin Access' }).click();
    const sample = await captured;
    const actionId = sample.headers()['next-action'];
    const body = JSON.stringify([{ email: intruder }]);
    const headers = { 'next-action': actionId, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component' };

    const anonymous = await browser.newContext({ baseURL });
    const anonymousAnswer = await anonymous.request.post('/admin/users', { headers, data: body, maxRedirects: 0 });
    expect(await anonymousAnswer.text()).toContain('You need to be signed in to access this area');
    await anonymous.close();

    const readerContext = await browser.newContext({ baseURL });
    const reader = await readerContext.newPage();
    await signIn(reader, { email: intruder, password: 'intruder-password' });
    await expect(reader).toHaveURL(/\/admin\/unauthorized$/);
    const readerAnswer = await readerContext.request.post('/admin/users', { headers, data: body, maxRedirects: 0 });
    expect(await readerAnswer.text()).toContain("Your account doesn't have permission to access this area.");
    await readerContext.close();

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('list', { name: 'Admin users' })).toContainText(ADMIN.email);
    await expect(page.getByRole('list', { name: 'Admin users' })).not.toContainText(intruder);
  });
});
