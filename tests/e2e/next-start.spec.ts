import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures/csp';
import { startNextStart } from '../helpers/next-start';
import { ADMIN, AUTH_SECRET, signIn } from './fixtures/auth';

test('plain `next start` on an empty data directory runs the whole product: sample content, the admin from the environment, the lock, a clean stop', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const site = await startNextStart({ fresh: true, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET } });
  try {
    expect(site.output()).toContain('Seeded sample content into the empty database.');
    expect(site.output()).toContain(`Admin ${ADMIN.email} created.`);

    await page.goto(`${site.url}/blog`);
    await expect(page.getByRole('heading', { name: 'Why the Prime Number Theorem Still Surprises Me' })).toBeVisible();

    await page.goto(`${site.url}/admin/login`);
    await signIn(page, ADMIN, page.url());
    await expect(page).toHaveURL(`${site.url}/admin`);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // A second server on the same data directory is refused with the reason, and serves nothing.
    const second = await startNextStart({ dataDir: site.dataDir, timeoutMs: 60_000 });
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain('Only one process may use a data directory at a time');

    // The first one still serves.
    expect((await fetch(`${site.url}/about`)).status).toBe(200);
  } finally {
    await site.stop();
  }
  // Next drained the requests and the database closed before the exit: the lock is gone.
  expect(existsSync(path.join(site.dataDir, '.lock'))).toBe(false);
  expect(site.output()).toContain('Stopped.');
});
