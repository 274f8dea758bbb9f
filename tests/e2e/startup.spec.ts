import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures/csp';
import { startSite } from '../helpers/site-server';

test('SEED_SAMPLE_CONTENT=false starts an empty site and says how to create the first admin', async ({ page }) => {
  test.setTimeout(120_000);
  const site = await startSite({ fresh: true, env: { SEED_SAMPLE_CONTENT: 'false' } });
  try {
    expect(site.output()).not.toContain('Seeded sample content');
    expect(site.output()).toContain("npm run admin:create -- --email you@example.com --password 'a-long-password'");
    expect(site.output()).toContain(`Ready on ${site.url} (embedded mode, data in ${site.dataDir})`);
    expect(existsSync(path.join(site.dataDir, 'pglite', 'PG_VERSION'))).toBe(true);

    await page.goto(site.url);
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    // Nothing about the owner is in the code: an empty site names no one, in the header, the footer or the title.
    await expect(page.locator('body')).not.toContainText('Alex Morgan');
    await expect(page.locator('body')).not.toContainText('Mathematics PhD Student');
    await expect(page).toHaveTitle('Home');
    await page.goto(`${site.url}/blog`);
    await expect(page).toHaveTitle('Blog');
  } finally {
    await site.stop();
  }
});
