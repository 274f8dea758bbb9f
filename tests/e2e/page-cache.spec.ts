import { expect, signIn, test } from './fixtures/auth';

const HEADER = 'x-page-cache';

test.describe('the page cache', () => {
  test('an anonymous visitor’s second request for a public page is answered from the page cache, byte for byte', async ({ request }) => {
    for (const path of ['/research', '/blog?tag=Number%20Theory']) {
      const first = await request.get(path);
      expect(first.status()).toBe(200);
      const second = await request.get(path);
      expect(second.headers()[HEADER], path).toBe('hit');
      expect(second.headers()['content-type']).toMatch(/^text\/html/);
      expect(await second.text()).toBe(await first.text());
    }
  });

  test('signed-in visitors, App Router requests, the admin area and unknown paths are always rendered', async ({ page, request, context }) => {
    await request.get('/projects');
    expect((await request.get('/projects', { headers: { rsc: '1' } })).headers()[HEADER]).toBeUndefined();
    expect((await request.get('/admin/login')).headers()[HEADER]).toBeUndefined();
    const missing = await request.get('/no-such-page');
    expect(missing.status()).toBe(404);
    expect((await request.get('/no-such-page')).headers()[HEADER]).not.toBe('hit');

    await signIn(page);
    expect((await context.cookies()).some((cookie) => cookie.name === 'pf-access')).toBe(true);
    const response = await page.goto('/projects');
    expect(response?.status()).toBe(200);
    expect(response?.headers()[HEADER]).toBeUndefined();
  });
});
