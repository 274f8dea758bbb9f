import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { fieldErrorsOf } from '@/lib/action-result';
import { EMPTY_SITE_SETTINGS, effectiveSiteSettings, siteDefaultsOf, titleTemplate } from '@/lib/content/settings/rules';
import { absoluteUrl as absoluteSocialImage } from '@/lib/absolute-url';
import { supabaseAuthPort, type CookieJar } from '@/lib/auth/supabase-client';
import { passwordChangeSchema, profileSettingsSchema, SETTINGS_MESSAGES, siteSettingsSchema } from '@/lib/validation/settings';

/** Admin Settings' input rules and the public pages' fallbacks to the built-in metadata. */

function errorsOf(result: { success: boolean; error?: Parameters<typeof fieldErrorsOf>[0] }): Record<string, string> {
  return result.success || !result.error ? {} : fieldErrorsOf(result.error);
}

describe('profileSettingsSchema', () => {
  it('trims the display name and bio; both may be empty', () => {
    expect(profileSettingsSchema.parse({ displayName: '  Alex Morgan ', bio: ' Number theory. \n' })).toEqual({ displayName: 'Alex Morgan', bio: 'Number theory.' });
    expect(profileSettingsSchema.parse({ displayName: '', bio: '' })).toEqual({ displayName: '', bio: '' });
  });

  it('refuses a name or bio that is too long, or not text, with the error on that field', () => {
    expect(Object.keys(errorsOf(profileSettingsSchema.safeParse({ displayName: 'x'.repeat(121), bio: '' })))).toEqual(['displayName']);
    expect(Object.keys(errorsOf(profileSettingsSchema.safeParse({ displayName: 'A', bio: 'x'.repeat(2001) })))).toEqual(['bio']);
    expect(profileSettingsSchema.safeParse({ displayName: 42, bio: '' }).success).toBe(false);
  });
});

describe('siteSettingsSchema', () => {
  const valid = { siteTitle: ' Number Theory Notes ', metaDescription: ' Primes. ', socialImageUrl: ' https://cdn.example.org/card.png ' };

  it('trims every field and accepts empty ones (the built-in values apply)', () => {
    expect(siteSettingsSchema.parse(valid)).toEqual({ siteTitle: 'Number Theory Notes', metaDescription: 'Primes.', socialImageUrl: 'https://cdn.example.org/card.png' });
    expect(siteSettingsSchema.parse({ siteTitle: '', metaDescription: '', socialImageUrl: '' })).toEqual({ siteTitle: '', metaDescription: '', socialImageUrl: '' });
  });

  it('accepts an https address or a site path as the social image', () => {
    for (const url of ['https://example.org/a.png', '/storage/profile-images/og.png', '/placeholder.svg']) {
      expect(siteSettingsSchema.safeParse({ ...valid, socialImageUrl: url }).success).toBe(true);
    }
  });

  it('refuses anything a browser would run or that leaves the site oddly, beside the social image field', () => {
    for (const url of ['http://example.org/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.png', '/\\evil.example', 'ftp://example.org/a.png', 'not a url']) {
      expect(errorsOf(siteSettingsSchema.safeParse({ ...valid, socialImageUrl: url }))).toEqual({ socialImageUrl: SETTINGS_MESSAGES.socialImageUrl });
    }
  });

  it('bounds the title, description and address', () => {
    expect(Object.keys(errorsOf(siteSettingsSchema.safeParse({ ...valid, siteTitle: 'x'.repeat(121) })))).toEqual(['siteTitle']);
    expect(Object.keys(errorsOf(siteSettingsSchema.safeParse({ ...valid, metaDescription: 'x'.repeat(301) })))).toEqual(['metaDescription']);
    expect(Object.keys(errorsOf(siteSettingsSchema.safeParse({ ...valid, socialImageUrl: `https://example.org/${'x'.repeat(2048)}` })))).toEqual(['socialImageUrl']);
  });
});

describe('passwordChangeSchema', () => {
  const valid = { currentPassword: 'old password', newPassword: 'new password', confirmPassword: 'new password' };

  it('accepts a new password of 8 characters or more that matches its confirmation, untrimmed', () => {
    expect(passwordChangeSchema.parse(valid)).toEqual(valid);
    expect(passwordChangeSchema.parse({ ...valid, newPassword: ' 8 chars', confirmPassword: ' 8 chars' }).newPassword).toBe(' 8 chars');
  });

  it('refuses a new password under 8 characters beside the New Password field', () => {
    expect(errorsOf(passwordChangeSchema.safeParse({ ...valid, newPassword: 'short12', confirmPassword: 'short12' }))).toEqual({
      newPassword: SETTINGS_MESSAGES.newPasswordTooShort,
    });
  });

  it('refuses a confirmation that does not match beside the Confirm field', () => {
    expect(errorsOf(passwordChangeSchema.safeParse({ ...valid, confirmPassword: 'new passwort' }))).toEqual({ confirmPassword: SETTINGS_MESSAGES.confirmMismatch });
  });

  it('refuses a missing current password beside its field', () => {
    expect(errorsOf(passwordChangeSchema.safeParse({ ...valid, currentPassword: '' }))).toEqual({ currentPassword: SETTINGS_MESSAGES.currentPasswordMissing });
  });

  it('refuses a new password equal to the current one', () => {
    expect(errorsOf(passwordChangeSchema.safeParse({ currentPassword: 'same password', newPassword: 'same password', confirmPassword: 'same password' }))).toEqual({
      newPassword: SETTINGS_MESSAGES.newPasswordSame,
    });
  });

  it('refuses non-text input', () => {
    expect(passwordChangeSchema.safeParse({ currentPassword: 1, newPassword: null, confirmPassword: undefined }).success).toBe(false);
    expect(passwordChangeSchema.safeParse(null).success).toBe(false);
  });
});

const JANE = { name: ' Jane Doe ', bio: 'Jane Doe studies sieves.\n\nSecond paragraph.' };
const SITE_DEFAULTS = siteDefaultsOf(JANE);

describe('effectiveSiteSettings: the public pages fall back to the owner’s profile', () => {
  it('uses the owner’s name and first paragraph (and no image) when nothing is stored', () => {
    const expected = { siteTitle: 'Jane Doe', metaDescription: 'Jane Doe studies sieves.', socialImageUrl: '' };
    expect(SITE_DEFAULTS).toEqual({ title: 'Jane Doe', description: 'Jane Doe studies sieves.' });
    expect(effectiveSiteSettings(null, SITE_DEFAULTS)).toEqual(expected);
    expect(effectiveSiteSettings(EMPTY_SITE_SETTINGS, SITE_DEFAULTS)).toEqual(expected);
    expect(effectiveSiteSettings({ siteTitle: '   ', metaDescription: ' ', socialImageUrl: ' ', updatedAt: null }, SITE_DEFAULTS)).toEqual(expected);
  });

  it('uses each stored value that is not blank, field by field', () => {
    expect(effectiveSiteSettings({ siteTitle: 'Notes', metaDescription: '', socialImageUrl: '/storage/x.png', updatedAt: null }, SITE_DEFAULTS)).toEqual({
      siteTitle: 'Notes',
      metaDescription: 'Jane Doe studies sieves.',
      socialImageUrl: '/storage/x.png',
    });
  });

  it('names no one while the profile is empty: no title suffix, no description', () => {
    expect(siteDefaultsOf(null)).toEqual({ title: '', description: '' });
    expect(effectiveSiteSettings(null, siteDefaultsOf({ name: '  ', bio: '' }))).toEqual({ siteTitle: '', metaDescription: '', socialImageUrl: '' });
    expect(titleTemplate('')).toBe('%s');
    expect(titleTemplate('Jane Doe')).toBe('%s | Jane Doe');
  });

  it('drops a stored image address that is not http(s) or a site path', () => {
    expect(effectiveSiteSettings({ ...EMPTY_SITE_SETTINGS, socialImageUrl: 'javascript:alert(1)' }, SITE_DEFAULTS).socialImageUrl).toBe('');
  });
});

describe('absoluteSocialImage', () => {
  it('keeps an http(s) address, joins a site path to the site address, and gives none for empty', () => {
    expect(absoluteSocialImage('https://cdn.example.org/card.png', undefined)).toBe('https://cdn.example.org/card.png');
    expect(absoluteSocialImage('/storage/profile-images/og.png', 'https://alex.example.org')).toBe('https://alex.example.org/storage/profile-images/og.png');
    expect(absoluteSocialImage('', 'https://alex.example.org')).toBeNull();
  });
});

/**
 * The Supabase adapter's password change against a small double of Supabase Auth (auth/v1): the
 * password grant checks the current password, PUT /user stores the new one, and logout with
 * scope=others ends the other sessions while this browser keeps its own.
 */
describe('Supabase adapter: changePassword', () => {
  const SECRET = new TextEncoder().encode('settings-double-secret-settings-double-secret');
  const USER_ID = '5b0e7a4c-2d1f-4c3a-9a77-1f0c2e9d8b11';
  const EMAIL = 'owner@example.com';
  const state = { password: 'old password 1', sessions: 0 };
  const calls: { method: string; path: string; query: URLSearchParams; body: Record<string, unknown> | null }[] = [];
  let server: Server;
  let baseUrl: string;

  const user = () => ({ id: USER_ID, aud: 'authenticated', role: 'authenticated', email: EMAIL, app_metadata: {}, user_metadata: {}, identities: [], factors: [], created_at: '2026-01-01T00:00:00Z' });
  async function session() {
    state.sessions += 1;
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ email: EMAIL, role: 'authenticated', session_id: `s${state.sessions}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(USER_ID)
      .setAudience('authenticated')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(SECRET);
    return { access_token: token, token_type: 'bearer', expires_in: 3600, expires_at: now + 3600, refresh_token: `refresh-${state.sessions}`, user: user() };
  }
  function send(res: ServerResponse, status: number, body?: unknown) {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  }
  async function authorized(req: IncomingMessage): Promise<boolean> {
    try {
      await jwtVerify(req.headers.authorization?.replace(/^Bearer /, '') ?? '', SECRET);
      return true;
    } catch {
      return false;
    }
  }
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://double');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    calls.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body });
    if (req.method === 'POST' && url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'password') {
      if (body?.email === EMAIL && body?.password === state.password) return send(res, 200, await session());
      return send(res, 400, { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    }
    if (url.pathname === '/auth/v1/user' && (req.method === 'GET' || req.method === 'PUT')) {
      if (!(await authorized(req))) return send(res, 401, { code: 401, error_code: 'bad_jwt', msg: 'invalid JWT' });
      if (req.method === 'PUT' && typeof body?.password === 'string') state.password = body.password;
      return send(res, 200, user());
    }
    if (req.method === 'POST' && url.pathname === '/auth/v1/logout') {
      res.writeHead(204);
      return res.end();
    }
    send(res, 404, { code: 404, error_code: 'not_found', msg: `No route ${req.method} ${url.pathname}` });
  }

  function memoryJar() {
    const cookies = new Map<string, string>();
    const jar: CookieJar = {
      getAll: () => [...cookies].map(([name, value]) => ({ name, value })),
      setAll: (list) =>
        list.forEach(({ name, value, options }) => {
          if (!value || options.maxAge === 0) cookies.delete(name);
          else cookies.set(name, value);
        }),
    };
    return { jar, cookies };
  }
  const port = (jar: CookieJar) => supabaseAuthPort({ url: baseUrl, anonKey: 'anon-key-for-the-double' }, async () => jar);
  const client = { ip: '127.0.0.1', userAgent: 'vitest' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      handle(req, res).catch((error: unknown) => send(res, 500, { msg: String(error) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    calls.length = 0;
    state.password = 'old password 1';
  });

  async function signedIn() {
    const browser = memoryJar();
    const signIn = await port(browser.jar).signInWithPassword({ email: EMAIL, password: state.password }, client);
    expect(signIn.ok).toBe(true);
    calls.length = 0;
    return browser;
  }

  it('refuses a wrong current password with the field message and changes nothing', async () => {
    const { jar } = await signedIn();
    const result = await port(jar).changePassword({ currentPassword: 'wrong password', newPassword: 'new password 2' }, client);
    expect(result).toEqual({ ok: false, error: SETTINGS_MESSAGES.currentPasswordWrong, code: 'invalid_credentials' });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(calls.some((call) => call.path === '/auth/v1/logout')).toBe(false);
    expect(state.password).toBe('old password 1');
    // Still signed in.
    expect(await port(jar).getUser()).toEqual({ id: USER_ID, email: EMAIL });
  });

  it('checks the current password, stores the new one, ends the other sessions and keeps this browser signed in', async () => {
    const { jar } = await signedIn();
    const result = await port(jar).changePassword({ currentPassword: 'old password 1', newPassword: 'new password 2' }, client);
    expect(result).toEqual({ ok: true, data: null });
    const sequence = calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`);
    expect(sequence).toEqual(['POST /auth/v1/token', 'PUT /auth/v1/user', 'POST /auth/v1/logout']);
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ password: 'new password 2' });
    expect(calls.find((call) => call.path === '/auth/v1/logout')?.query.get('scope')).toBe('others');
    expect(state.password).toBe('new password 2');
    expect(await port(jar).getUser()).toEqual({ id: USER_ID, email: EMAIL });
  });

  it('refuses a caller who is not signed in', async () => {
    const result = await port(memoryJar().jar).changePassword({ currentPassword: 'old password 1', newPassword: 'new password 2' }, client);
    expect(result.ok).toBe(false);
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
