import { expect, test } from './fixtures/csp';
import { openDatabase } from '@/lib/db/open';
import { parseEnv } from '@/lib/env';
import { startSite, tempDataDir } from '../helpers/site-server';

async function setOwnerName(dataDir: string, name: string): Promise<void> {
  const opened = await openDatabase(parseEnv({ DATA_DIR: dataDir }), { purpose: 'test' });
  try {
    await opened.db.query('update about_data set name = $1', [name]);
  } finally {
    await opened.release();
  }
}

test('every record survives a stop and start, and a crash', async ({ page }) => {
  test.setTimeout(240_000);
  const dataDir = tempDataDir();
  const first = await startSite({ dataDir, env: { ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'long-enough-1' } });
  expect(first.output()).toContain('Seeded sample content into the empty database.');
  expect(first.output()).toContain('Admin owner@example.com created.');
  await page.goto(first.url);
  await expect(page.getByRole('heading', { name: 'Mathematics PhD Student & Researcher' })).toBeVisible();

  // SIGTERM: in-flight work finishes, the database is checkpointed and closed, the lock released.
  expect(await first.stop()).toBe(0);
  expect(first.output()).toContain('Stopped.');

  // Opening the directory here proves the server let go of it.
  await setOwnerName(dataDir, 'Ada Restart');

  const second = await startSite({ dataDir });
  expect(second.output()).not.toContain('Seeded sample content');
  expect(second.output()).not.toContain('No admin account yet');
  await page.goto(second.url);
  await expect(page.getByText('Ada Restart').first()).toBeVisible();

  // A crash: nothing closes the database, and the next start takes over the dead process's lock.
  await second.kill();
  const third = await startSite({ dataDir });
  await page.goto(third.url);
  await expect(page.getByText('Ada Restart').first()).toBeVisible();
  expect(third.output()).not.toContain('No admin account yet');
  expect(await third.stop()).toBe(0);
});
