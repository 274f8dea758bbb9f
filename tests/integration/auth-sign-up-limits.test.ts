import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/lib/db/types';
import { openTestPglite } from '../helpers/db';

/** The built-in adapter's sign-up, on the real schema: limited per address and for the whole site, before any hashing. */
const database: { db?: Database } = {};
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));

const { localAuth } = await import('@/lib/auth/local');
const { SIGN_UP_LIMITS, SIGN_UP_RATE_LIMIT_MESSAGE } = await import('@/lib/auth/rate-limit');

let cleanup: () => Promise<void>;
beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanup = opened.cleanup;
});
afterAll(async () => {
  await cleanup();
});
beforeEach(async () => {
  await database.db!.query('delete from auth.app_sign_in_attempts');
  await database.db!.query('delete from auth.users');
});

const client = (ip: string) => ({ ip, userAgent: null });
const users = async () => (await database.db!.query<{ email: string }>('select email from auth.users order by email')).rows.map((r) => r.email);

describe('sign-up is rate-limited like sign-in', () => {
  it('refuses the sixth sign-up from one address within 15 minutes, and writes no row for it', async () => {
    for (let i = 0; i < SIGN_UP_LIMITS.address.attempts; i++) {
      expect((await localAuth.signUp({ email: `reader${i}@example.com`, password: 'long-enough-1' }, client('192.0.2.1'))).ok).toBe(true);
    }
    const refused = await localAuth.signUp({ email: 'one-more@example.com', password: 'long-enough-1' }, client('192.0.2.1'));
    expect(refused).toEqual({ ok: false, error: SIGN_UP_RATE_LIMIT_MESSAGE, code: 'rate_limited' });
    expect(await users()).not.toContain('one-more@example.com');
    // Another address is not affected.
    expect((await localAuth.signUp({ email: 'elsewhere@example.com', password: 'long-enough-1' }, client('192.0.2.2'))).ok).toBe(true);
  });

  it('limits the whole site too, whatever addresses the sign-ups come from', async () => {
    const site = SIGN_UP_LIMITS.site.attempts;
    for (let i = 0; i < site; i++) await database.db!.query(
      `insert into auth.app_sign_in_attempts (key, attempts, window_started_at) values ('sign-up-site', $1, now())
       on conflict (key) do update set attempts = $1`,
      [i + 1],
    );
    const refused = await localAuth.signUp({ email: 'late@example.com', password: 'long-enough-1' }, client('198.51.100.9'));
    expect(refused).toMatchObject({ ok: false, code: 'rate_limited' });
    expect(await users()).toEqual([]);
  });
});
