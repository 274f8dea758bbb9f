import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, FRESHNESS_WINDOW_MS, isOpenAdminPath, safeAdminPath } from '@/lib/auth/constants';
import { shouldUseSecureCookies } from '@/lib/auth/cookies';
import { loadOrCreateSecretFile } from '@/lib/auth/secret';
import {
  generateRefreshToken,
  hashToken,
  isFresh,
  readFreshnessStamp,
  signAccessToken,
  signFreshnessStamp,
  verifyAccessToken,
} from '@/lib/auth/tokens';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256!');
const claims = { sub: '7f1d0c1e-0000-4000-8000-000000000001', email: 'owner@example.com', sid: '7f1d0c1e-0000-4000-8000-0000000000aa' };

describe('access tokens', () => {
  it('an issued access token verifies and carries the user, email and session', async () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const { token, expiresAt } = await signAccessToken(secret, claims, now);
    expect(expiresAt).toBe(Math.floor(now.getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS);
    const verdict = await verifyAccessToken(secret, token, now);
    expect(verdict).toEqual({ status: 'valid', claims: expect.objectContaining({ ...claims, exp: expiresAt }) });
  });

  it('is short-lived: expired once its lifetime has passed, which is told apart from a forgery', async () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const { token } = await signAccessToken(secret, claims, now);
    const later = new Date(now.getTime() + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    expect(await verifyAccessToken(secret, token, later)).toEqual({ status: 'expired' });
  });

  it('a token signed with another key, tampered with, or using alg none is invalid', async () => {
    const { token } = await signAccessToken(new TextEncoder().encode('another-secret-another-secret-another!!'), claims);
    expect(await verifyAccessToken(secret, token)).toEqual({ status: 'invalid' });

    const good = (await signAccessToken(secret, claims)).token;
    const [header, , signature] = good.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else', exp: 9999999999 })).toString('base64url');
    expect(await verifyAccessToken(secret, `${header}.${forgedPayload}.${signature}`)).toEqual({ status: 'invalid' });

    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    expect(await verifyAccessToken(secret, none)).toEqual({ status: 'invalid' });
    expect(await verifyAccessToken(secret, undefined)).toEqual({ status: 'invalid' });
  });

  it('a token without the session claim is refused', async () => {
    const token = await new SignJWT({ email: claims.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('academic-portfolio')
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(secret);
    expect(await verifyAccessToken(secret, token)).toEqual({ status: 'invalid' });
  });
});

describe('refresh tokens', () => {
  it('are random and only their hash is stored', () => {
    const a = generateRefreshToken();
    const b = generateRefreshToken();
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(43);
    expect(hashToken(a)).not.toContain(a);
    expect(hashToken(a)).toBe(hashToken(a));
  });
});

describe('the 5-minute freshness stamp', () => {
  const subject = claims.sub;
  const now = Date.parse('2026-01-01T12:00:00Z');

  it('is fresh up to 5 minutes after it was stamped and stale after', () => {
    expect(isFresh(now - 5 * 60 * 1000, now)).toBe(true);
    expect(isFresh(now, now)).toBe(true);
    expect(isFresh(now - FRESHNESS_WINDOW_MS, now)).toBe(true);
    expect(isFresh(now - FRESHNESS_WINDOW_MS - 1, now)).toBe(false);
    expect(isFresh(now - 20 * 60 * 1000, now)).toBe(false);
    expect(isFresh(null, now)).toBe(false);
  });

  it('a stamp from the future does not outlive the window', () => {
    expect(isFresh(now + 30_000, now)).toBe(true);
    expect(isFresh(now + 10 * 60 * 1000, now)).toBe(false);
  });

  it('a stamp reads back only for the user it was made for and only untampered', () => {
    const stamp = signFreshnessStamp(secret, subject, now);
    expect(readFreshnessStamp(secret, subject, stamp)).toBe(now);
    expect(readFreshnessStamp(secret, 'another-user', stamp)).toBeNull();
    const [, mac] = stamp.split('.');
    expect(readFreshnessStamp(secret, subject, `${now + 60_000}.${mac}`)).toBeNull();
    expect(readFreshnessStamp(secret, subject, String(now))).toBeNull();
    expect(readFreshnessStamp(secret, subject, undefined)).toBeNull();
  });
});

describe('the remembered path after login', () => {
  it('keeps same-site paths inside the admin area, with their query', () => {
    expect(safeAdminPath('/admin/users')).toBe('/admin/users');
    expect(safeAdminPath('/admin/blog/edit?tab=create')).toBe('/admin/blog/edit?tab=create');
    expect(safeAdminPath('/admin')).toBe('/admin');
  });

  it('never becomes an open redirect: other hosts, protocol-relative and odd paths fall back to /admin', () => {
    for (const bad of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/admin/../blog',
      '/administrator',
      '/',
      '/admin/login',
      '',
      null,
      undefined,
    ]) {
      expect(safeAdminPath(bad), String(bad)).toBe('/admin');
    }
  });

  it('the login, Access Denied, setup and auth routes are open; everything else in /admin is guarded', () => {
    expect(isOpenAdminPath('/admin/login')).toBe(true);
    expect(isOpenAdminPath('/admin/unauthorized')).toBe(true);
    expect(isOpenAdminPath('/admin/setup')).toBe(true);
    expect(isOpenAdminPath('/admin/auth/refresh')).toBe(true);
    expect(isOpenAdminPath('/admin')).toBe(false);
    expect(isOpenAdminPath('/admin/users')).toBe(false);
    expect(isOpenAdminPath('/admin/login-as-admin')).toBe(false);
  });
});

describe('cookie flags', () => {
  it('Secure over https, and in production on a real host, but not on plain-http loopback', () => {
    expect(shouldUseSecureCookies({ protocol: 'https', host: 'localhost:3000' }, 'development')).toBe(true);
    expect(shouldUseSecureCookies({ protocol: 'http', host: 'portfolio.example' }, 'production')).toBe(true);
    expect(shouldUseSecureCookies({ protocol: 'http', host: '127.0.0.1:4000' }, 'production')).toBe(false);
    expect(shouldUseSecureCookies({ protocol: 'http', host: 'localhost:3000' }, 'production')).toBe(false);
    expect(shouldUseSecureCookies({ protocol: 'http', host: 'portfolio.example' }, 'development')).toBe(false);
  });
});

describe('the signing secret', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('is generated once into DATA_DIR with mode 0600 and reused afterwards', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'auth-secret-'));
    dirs.push(dir);
    const first = loadOrCreateSecretFile(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(dir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecretFile(dir)).toBe(first);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
  });
});
