import {
  ADMIN,
  COOKIE,
  ageFreshnessStamp,
  cookie,
  expect,
  expireAccessToken,
  register,
  signIn,
  test,
} from './fixtures/auth';

test.describe('admin login', () => {
  test('the Admin Portal card offers only a Login tab, the signup form only at ?mode=signup, and Back to Home', async ({ page }) => {
    await page.goto('/admin/login');
    await expect(page.getByRole('main').getByText('Admin Portal')).toBeVisible();
    await expect(page.getByRole('main').getByText('Sign in or register to access the admin dashboard')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(1);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Confirm Password')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    await page.goto('/admin/login?mode=signup');
    await expect(page.getByLabel('Confirm Password')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(1);
  });

  test('an anonymous visitor is sent to login and, after signing in, back to the requested path (then forgotten)', async ({ page, context }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\/login$/);

    // A wrong password first: the service message, and nothing is remembered wrongly.
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('status').getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { name: 'Manage Admin Users' })).toBeVisible();
    // History was replaced: Back does not return to the login form.
    expect(await cookie(context, COOKIE.requestedPath)).toBeUndefined();

    // The remembered path was used once: the next login lands on the dashboard.
    await context.clearCookies();
    await signIn(page);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('a blank password is refused with the message of docs/product.md §5', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill('   ');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('status').getByText('Please enter both email and password')).toBeVisible();
  });

  test('login success says so and lands on the dashboard; a signed-in visitor at the login page is sent on', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.goto('/admin/login');
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('session cookies are httpOnly, SameSite=Lax, path-scoped, and not Secure on plain-http loopback', async ({ page, context }) => {
    await signIn(page);
    const access = await cookie(context, COOKIE.access);
    const refresh = await cookie(context, COOKIE.refresh);
    const fresh = await cookie(context, COOKIE.fresh);
    for (const c of [access, refresh, fresh]) {
      expect(c).toBeDefined();
      expect(c!.httpOnly).toBe(true);
      expect(c!.sameSite).toBe('Lax');
      expect(c!.secure).toBe(false);
    }
    expect(access!.path).toBe('/');
    expect(refresh!.path).toBe('/admin');
    expect(fresh!.path).toBe('/admin');
    // Invisible to page scripts.
    expect(await page.evaluate(() => document.cookie)).not.toContain(COOKIE.access);
  });

  test('admin pages are never indexed nor cached', async ({ page, request }) => {
    const response = await request.get('/admin/login');
    expect(response.headers()['x-robots-tag']).toContain('noindex');
    await page.goto('/admin/login');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await signIn(page);
    const dashboard = await page.request.get('/admin');
    expect(dashboard.headers()['cache-control']).toMatch(/no-store/);
  });
});

test.describe('the 5-minute freshness stamp', () => {
  test('a stamp older than 5 minutes sends the admin to login with a toast, and signing in returns them', async ({ page, context, baseURL }) => {
    await signIn(page);
    await ageFreshnessStamp(context, baseURL!, 6 * 60 * 1000);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\/login\?reason=stale$/);
    await expect(page.getByText('Please sign in again to access admin area')).toBeVisible();
    expect(await cookie(context, COOKIE.fresh)).toBeUndefined();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
  });

  test('a client-side navigation with a stale stamp also goes to login', async ({ page, context, baseURL }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await ageFreshnessStamp(context, baseURL!, 6 * 60 * 1000);
    await page.getByRole('link', { name: /Admin Users/ }).click();
    await expect(page).toHaveURL(/\/admin\/login(\?reason=stale)?$/);
    await expect(page.getByText('Please sign in again to access admin area')).toBeVisible();
  });

  test('a stamp within 5 minutes lets the admin in and slides forward', async ({ page, context, baseURL }) => {
    await signIn(page);
    await ageFreshnessStamp(context, baseURL!, 4 * 60 * 1000);
    const before = (await cookie(context, COOKIE.fresh))!.value;
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\/users$/);
    const after = (await cookie(context, COOKIE.fresh))!.value;
    expect(Number(after.split('.')[0])).toBeGreaterThan(Number(before.split('.')[0]) + 3 * 60 * 1000);
  });

  test('a forged stamp is not fresh', async ({ page, context, baseURL }) => {
    await signIn(page);
    await context.addCookies([
      { name: COOKIE.fresh, value: `${Date.now()}.${'A'.repeat(43)}`, domain: new URL(baseURL!).hostname, path: '/admin' },
    ]);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login\?reason=stale$/);
  });

  test('returning to a hidden tab re-checks: a stale stamp shows Session expired and goes to login', async ({ page, context, baseURL }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await ageFreshnessStamp(context, baseURL!, 10 * 60 * 1000);
    // The tab comes back; until the page has hydrated nothing listens yet, so it may have to come back again.
    await expect(async () => {
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(page.getByText('Session expired. Please sign in again.')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('main').getByText('Admin Portal')).toBeVisible();
  });

  test('an expired access token with a valid refresh token does not log the admin out', async ({ page, context, baseURL }) => {
    await signIn(page);
    const refreshBefore = (await cookie(context, COOKIE.refresh))!.value;
    await expireAccessToken(context, baseURL!);
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { name: 'Manage Admin Users' })).toBeVisible();
    // The refresh token rotated on use.
    expect((await cookie(context, COOKIE.refresh))!.value).not.toBe(refreshBefore);
  });
});

test.describe('sign-out and Access Denied', () => {
  test('Exit Admin signs out, goes home with a toast, and the admin area asks for login again', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Exit Admin' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('a replayed session cookie is refused after sign-out', async ({ page, context }) => {
    await signIn(page);
    const saved = await context.cookies();
    await page.getByRole('button', { name: 'Exit Admin' }).click();
    await expect(page).toHaveURL(/\/$/);
    await context.addCookies(saved);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/(login|unauthorized)/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toHaveCount(0);
  });

  test('a registered user without the admin role reaches Access Denied', async ({ page }) => {
    const email = `reader-${Date.now()}@example.com`;
    await register(page, email, 'reader-password-1');
    await signIn(page, { email, password: 'reader-password-1' });
    await expect(page).toHaveURL(/\/admin\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByRole('main').getByText("Your account doesn't have permission to access this area.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/admin/login');
  });

  test('an anonymous visitor at Access Denied is told to log in', async ({ page }) => {
    await page.goto('/admin/unauthorized');
    await expect(page.getByRole('main').getByText('You need to be signed in to access this area. Please log in to continue.')).toBeVisible();
  });

  test('signup validation: missing fields and mismatched passwords', async ({ page }) => {
    await page.goto('/admin/login?mode=signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Missing fields')).toBeVisible();
    await page.getByLabel('Email').fill('mismatch@example.com');
    await page.getByLabel('Password', { exact: true }).fill('password-one');
    await page.getByLabel('Confirm Password').fill('password-two');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password mismatch')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('mismatch@example.com');
  });
});
