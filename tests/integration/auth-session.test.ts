// @module-tag security
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  INVALID_CREDENTIALS,
  REUSE_GRACE_MS,
  activeSessionUser,
  authenticate,
  createPasswordUser,
  createSession,
  peekRefreshToken,
  revokeSessions,
  rotateRefreshToken,
} from '@/lib/auth/local-store';
import { hashPassword } from '@/lib/auth/password';
import { ACCOUNT_SLOWDOWN, RATE_LIMIT_MESSAGE, SIGN_IN_LIMIT, accountDelayMs, accountKey, reserveAttempt } from '@/lib/auth/rate-limit';
import { hashToken, verifyAccessToken } from '@/lib/auth/tokens';
import type { AuthUser } from '@/lib/auth/types';
import type { Database } from '@/lib/db/types';
import { openTestPglite } from '../helpers/db';

const secret = new TextEncoder().encode('integration-secret-integration-secret-1234');
let db: Database;
let cleanup: () => Promise<void>;
let user: AuthUser;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  ({ db, cleanup } = await openTestPglite());
  const created = await createPasswordUser(db, 'Owner@Example.com', await hashPassword(PASSWORD));
  if (!created.ok) throw new Error(created.error);
  user = created.data;
});
afterAll(() => cleanup());
beforeEach(async () => {
  await db.query('delete from auth.app_sign_in_attempts');
});

describe('built-in sessions', () => {
  it('a session carries access_token, refresh_token, expires_at, expires_in, token_type and user', async () => {
    const seconds = () => Math.floor(Date.now() / 1000);
    const before = seconds();
    const session = await createSession(db, secret, user, 'vitest');
    const after = seconds();
    expect(session).toMatchObject({ token_type: 'bearer', user: { id: user.id, email: 'owner@example.com' } });
    expect(session.expires_in).toBeGreaterThan(0);
    // expires_at is the moment of issue plus expires_in; a second may turn while the session is made.
    expect(session.expires_at).toBeGreaterThanOrEqual(before + session.expires_in);
    expect(session.expires_at).toBeLessThanOrEqual(after + session.expires_in);
    const verdict = await verifyAccessToken(secret, session.access_token);
    expect(verdict.status).toBe('valid');
    // Only the hash is stored.
    const { rows } = await db.query<{ token_hash: string }>('select token_hash from auth.app_refresh_tokens');
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(session.refresh_token));
    expect(rows.map((r) => r.token_hash)).not.toContain(session.refresh_token);
  });

  it('refreshing rotates the refresh token: the new pair works, the session stays the same', async () => {
    const session = await createSession(db, secret, user, null);
    const outcome = await rotateRefreshToken(db, secret, session.refresh_token);
    expect(outcome.status).toBe('rotated');
    if (outcome.status !== 'rotated') return;
    expect(outcome.session.refresh_token).not.toBe(session.refresh_token);
    expect(outcome.session.user).toEqual(user);
    const before = await verifyAccessToken(secret, session.access_token);
    const after = await verifyAccessToken(secret, outcome.session.access_token);
    expect(before.status === 'valid' && after.status === 'valid' && before.claims.sid === after.claims.sid).toBe(true);
    expect((await rotateRefreshToken(db, secret, outcome.session.refresh_token)).status).toBe('rotated');
  });

  it('reusing an old refresh token after rotation revokes that session', async () => {
    const session = await createSession(db, secret, user, null);
    const t0 = new Date();
    const rotated = await rotateRefreshToken(db, secret, session.refresh_token, { now: t0 });
    if (rotated.status !== 'rotated') throw new Error('not rotated');
    const later = new Date(t0.getTime() + REUSE_GRACE_MS + 1000);
    expect((await rotateRefreshToken(db, secret, session.refresh_token, { now: later })).status).toBe('reused');
    // The thief's replay took the legitimate holder's newer token down with it.
    expect((await rotateRefreshToken(db, secret, rotated.session.refresh_token, { now: later })).status).toBe('invalid');
    expect(await activeSessionUser(db, rotated.sessionId)).toBeNull();
  });

  it('a token presented twice within moments (parallel requests) is a race, not theft: the session survives', async () => {
    const session = await createSession(db, secret, user, null);
    const [a, b] = await Promise.all([
      rotateRefreshToken(db, secret, session.refresh_token),
      rotateRefreshToken(db, secret, session.refresh_token),
    ]);
    expect([a.status, b.status].sort()).toEqual(['concurrent', 'rotated']);
    const rotated = a.status === 'rotated' ? a : b;
    if (rotated.status !== 'rotated') return;
    expect(await activeSessionUser(db, rotated.sessionId)).toEqual(user);
  });

  it('when the new cookies cannot be stored the rotation rolls back and the old token stays valid', async () => {
    const session = await createSession(db, secret, user, null);
    await expect(
      rotateRefreshToken(db, secret, session.refresh_token, {
        persist: () => {
          throw new Error('Cookies can only be modified in a Server Action or Route Handler');
        },
      }),
    ).rejects.toThrow(/Cookies/);
    expect(await peekRefreshToken(db, session.refresh_token)).toMatchObject({ user });
    expect((await rotateRefreshToken(db, secret, session.refresh_token)).status).toBe('rotated');
  });

  it('an unknown or expired refresh token is invalid', async () => {
    expect((await rotateRefreshToken(db, secret, 'not-a-token')).status).toBe('invalid');
    expect((await rotateRefreshToken(db, secret, undefined)).status).toBe('invalid');
    const session = await createSession(db, secret, user, null);
    const farFuture = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    expect((await rotateRefreshToken(db, secret, session.refresh_token, { now: farFuture })).status).toBe('invalid');
  });
});

describe('sign-out scopes', () => {
  async function threeSessions() {
    await db.query('update auth.app_sessions set revoked_at = now() where revoked_at is null');
    const sessions = await Promise.all([1, 2, 3].map(() => createSession(db, secret, user, null)));
    const ids = await Promise.all(
      sessions.map(async (s) => {
        const v = await verifyAccessToken(secret, s.access_token);
        if (v.status !== 'valid') throw new Error('invalid');
        return v.claims.sid;
      }),
    );
    return { sessions, ids };
  }
  const active = async (ids: string[]) => (await Promise.all(ids.map((id) => activeSessionUser(db, id)))).map(Boolean);

  it('local removes only the current session', async () => {
    const { ids } = await threeSessions();
    await revokeSessions(db, ids[0], 'local');
    expect(await active(ids)).toEqual([false, true, true]);
  });

  it('global ends every session of the user', async () => {
    const { ids, sessions } = await threeSessions();
    await revokeSessions(db, ids[0], 'global');
    expect(await active(ids)).toEqual([false, false, false]);
    expect((await rotateRefreshToken(db, secret, sessions[1].refresh_token)).status).toBe('invalid');
  });

  it('others keeps the current session and ends the rest', async () => {
    const { ids } = await threeSessions();
    await revokeSessions(db, ids[0], 'others');
    expect(await active(ids)).toEqual([true, false, false]);
  });
});

describe('password sign-in and the brute-force limit', () => {
  it('the right password signs in whatever the email case; a wrong one or an unknown email gives the same message', async () => {
    expect(await authenticate(db, 'OWNER@example.com', PASSWORD, '10.0.0.1')).toEqual({ ok: true, data: user });
    const wrong = await authenticate(db, 'owner@example.com', 'nope', '10.0.0.1');
    const unknown = await authenticate(db, 'nobody@example.com', 'nope', '10.0.0.1');
    expect(wrong).toEqual({ ok: false, error: INVALID_CREDENTIALS, code: 'invalid_credentials' });
    expect(unknown).toEqual(wrong);
  });

  it('after 5 failures from one address the account is locked from that address, even with the right password, and unknown emails look the same', async () => {
    for (let i = 0; i < SIGN_IN_LIMIT.attempts; i++) {
      expect((await authenticate(db, 'owner@example.com', 'wrong', '10.1.0.1')).ok).toBe(false);
      expect((await authenticate(db, 'ghost@example.com', 'wrong', '10.2.0.1')).ok).toBe(false);
    }
    const locked = await authenticate(db, 'owner@example.com', PASSWORD, '10.1.0.1');
    expect(locked).toEqual({ ok: false, error: RATE_LIMIT_MESSAGE, code: 'rate_limited' });
    expect(await authenticate(db, 'ghost@example.com', 'wrong', '10.2.0.1')).toEqual(locked);
  });

  it("a stranger's failures lock nobody else out: not the owner from another address, not another account from the same address", async () => {
    for (let i = 0; i < SIGN_IN_LIMIT.attempts + 1; i++) await authenticate(db, 'owner@example.com', 'wrong', '192.0.2.7');
    for (let i = 0; i < SIGN_IN_LIMIT.attempts; i++) await authenticate(db, `user${i}@example.com`, 'wrong', '192.0.2.9');
    expect(await authenticate(db, 'owner@example.com', PASSWORD, '192.0.2.8')).toEqual({ ok: true, data: user });
    expect(await authenticate(db, 'owner@example.com', PASSWORD, '192.0.2.9')).toEqual({ ok: true, data: user });
  });

  it('an account under failures from many addresses is slowed, never refused: the right password still signs in', async () => {
    for (let i = 0; i < ACCOUNT_SLOWDOWN.freeAttempts + 1; i++) {
      expect(await authenticate(db, 'owner@example.com', 'wrong', `203.0.113.${i}`)).toMatchObject({ code: 'invalid_credentials' });
    }
    const { rows } = await db.query<{ attempts: number }>('select attempts from auth.app_sign_in_attempts where key = $1', [accountKey('owner@example.com')]);
    // Past the free attempts: this account's next checks wait (accountDelayMs), however many addresses try.
    expect(rows[0]?.attempts).toBe(ACCOUNT_SLOWDOWN.freeAttempts + 1);
    expect(accountDelayMs(rows[0]!.attempts + 1)).toBeGreaterThan(0);
    expect(await authenticate(db, 'owner@example.com', PASSWORD, '203.0.113.200')).toEqual({ ok: true, data: user });
  });

  it('a parallel burst of 50 wrong passwords from one address gets exactly 5 password checks, the rest are refused', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => authenticate(db, 'owner@example.com', `guess-${i}`, '198.51.100.1')));
    expect(results.filter((r) => !r.ok && r.code === 'invalid_credentials')).toHaveLength(SIGN_IN_LIMIT.attempts);
    expect(results.filter((r) => !r.ok && r.code === 'rate_limited')).toHaveLength(50 - SIGN_IN_LIMIT.attempts);
  });

  it('a new window starts after 15 minutes', async () => {
    const start = new Date('2026-01-01T00:00:00Z');
    for (let i = 0; i < SIGN_IN_LIMIT.attempts; i++) expect(await reserveAttempt(db, 'account:window@example.com', SIGN_IN_LIMIT, start)).toBe(true);
    expect(await reserveAttempt(db, 'account:window@example.com', SIGN_IN_LIMIT, start)).toBe(false);
    const later = new Date(start.getTime() + SIGN_IN_LIMIT.windowMs + 1);
    expect(await reserveAttempt(db, 'account:window@example.com', SIGN_IN_LIMIT, later)).toBe(true);
  });

  it('signing up an address that exists already is refused', async () => {
    const again = await createPasswordUser(db, 'owner@EXAMPLE.com', await hashPassword('another password'));
    expect(again).toMatchObject({ ok: false, code: 'user_exists' });
  });
});
