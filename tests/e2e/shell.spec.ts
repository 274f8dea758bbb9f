import { expect, test } from './fixtures/site';
import { hydrated } from './fixtures/hydration';

const NOT_FOUND_TEXT = "Oops! The page you're looking for doesn't exist or has been moved.";

test.describe('the site shell', () => {
  // As a reader with no preference browses: the rest of the suite asks for reduced motion (playwright.config.ts).
  test.use({ reducedMotion: 'no-preference' });

  test('the home page renders in dark mode with the hero, header and footer', async ({ page, request }) => {
    // The served HTML is dark before any script runs: no light flash.
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Mathematics PhD Student & Researcher' })).toBeVisible();
    await expect(page.getByText('Alex Morgan', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Learn More About Me' })).toHaveAttribute('href', '/about');
    await expect(page.getByRole('link', { name: 'View My Portfolio' })).toHaveAttribute('href', '/projects');
    // The computed colour may be oklch(); a canvas turns it into sRGB bytes.
    const [r, g, b] = await page.evaluate(() => {
      const context = document.createElement('canvas').getContext('2d')!;
      context.fillStyle = getComputedStyle(document.body).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data];
    });
    expect(r + g + b).toBeLessThan(120);

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Alex Morgan. All rights reserved.`);
    await expect(footer.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
  });

  test('the site icon: pages link an SVG icon, and /favicon.ico is served rather than a 404', async ({ page, request }) => {
    await page.goto('/');
    const svgIcon = page.locator('head link[rel="icon"][type="image/svg+xml"]');
    await expect(svgIcon).toHaveCount(1);
    const svg = await request.get((await svgIcon.getAttribute('href'))!);
    expect(svg.status()).toBe(200);
    expect(svg.headers()['content-type']).toContain('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg[^>]*viewBox="0 0 64 64"/);

    const ico = await request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toContain('image/x-icon');
    // An ICO header: reserved 0, type 1 (icon), at least one image.
    const bytes = await ico.body();
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
    // The browser decodes it as an image.
    const size = await page.evaluate(async () => {
      const image = new Image();
      image.src = '/favicon.ico';
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    });
    expect(size[0]).toBeGreaterThanOrEqual(16);
    expect(size[0]).toBe(size[1]);
  });

  test('the header turns translucent once scrolled more than 10 pixels', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(() => header.evaluate((element) => getComputedStyle(element).backdropFilter)).toContain('blur');
  });

  test('the active link: Home on / only; no section on a missing page; Blog and Personal in the dropdown', async ({ page }) => {
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await page.goto('/');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current', 'page');

    await page.goto('/research/no-such-paper/section');
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);

    await page.goto('/');
    await (await hydrated(nav.getByRole('button', { name: 'Personal' }))).click();
    await expect(page.getByRole('menuitem', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    await expect(page.getByRole('menuitem', { name: 'Personal' })).toHaveAttribute('href', '/personal');
  });

  test('on a small screen the menu groups the links and closes on every route change', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/missing-page');
    // A stored page loads its JavaScript after its first paint: the menu opens once React has hydrated it.
    const toggle = await hydrated(page.getByRole('button', { name: 'Toggle menu' }));
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('banner').getByRole('heading', { name: 'Professional' })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('banner');
    await expect(menu.getByRole('heading', { name: 'Professional' })).toBeVisible();
    await expect(menu.getByRole('heading', { name: 'Personal' })).toBeVisible();

    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('heading', { name: 'Professional' })).toBeHidden();

    // Back/forward is a route change too.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.goBack();
    await expect(page).toHaveURL(/\/missing-page$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('each navigation scrolls back to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the page scrolls smoothly, and at once for a reader who asks for reduced motion', async ({ page }) => {
    await page.goto('/');
    const scrollBehavior = () => page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior);
    expect(await scrollBehavior()).toBe('smooth');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await scrollBehavior()).toBe('auto');
  });

  test("a link's page is fetched when the reader points at or focuses the link, not when it comes into view, and the click stays in the page", async ({ page }) => {
    const pageData: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.searchParams.has('_rsc')) pageData.push(url.pathname);
    });
    await page.goto('/research');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await hydrated(nav.getByRole('link', { name: 'About' }));
    // Every header link and every paper's link is in view, and none was fetched.
    expect(pageData).toEqual([]);

    await nav.getByRole('link', { name: 'About' }).hover();
    await expect.poll(() => pageData).toContain('/about');
    await nav.getByRole('link', { name: 'Projects' }).focus();
    await expect.poll(() => pageData).toContain('/projects');
    expect(pageData.filter((pathname) => pathname !== '/about' && pathname !== '/projects')).toEqual([]);

    // A client-side navigation: the document is the one loaded above.
    await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
    await nav.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('main')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
  });

  test('an unknown path answers 404 with the text, Go Home and Go Back, and is logged', async ({ page, site }) => {
    await page.goto('/');
    const response = await page.goto('/no/such/page?x=1');
    expect(response?.status()).toBe(404);
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    await expect.poll(() => site.output()).toContain('[404] GET "/no/such/page?x=1"');

    // The 404 page is stored, so its JavaScript loads after its first paint: Go Back works once hydrated.
    await (await hydrated(page.getByRole('button', { name: 'Go Back' }))).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mathematics PhD Student & Researcher' })).toBeVisible();
  });
});
