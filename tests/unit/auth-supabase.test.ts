import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { supabaseAuthPort, type CookieJar } from '@/lib/auth/supabase-client';

/**
 * The Supabase adapter against a local double of Supabase Auth (auth/v1) that answers the endpoints the
 * adapter calls with the documented response shapes: password grant, refresh grant, signup, user, logout.
 */

const JWT_SECRET = new TextEncoder().encode('double-jwt-secret-double-jwt-secret-123');
const USER_ID = '5b0e7a4c-2d1f-4c3a-9a77-1f0c2e9d8b11';
const EMAIL = 'owner@example.com';
const PASSWORD = 'right-password';

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  authorization: string | undefined;
}

let server: Server;
let baseUrl: string;
const calls: Call[] = [];
const revokedTokens = new Set<string>();
let logoutStatus = 204;
let refreshCounter = 0;

function userJson() {
  return {
    id: USER_ID,
    aud: 'authenticated',
    role: 'authenticated',
    email: EMAIL,
    email_confirmed_at: '2026-01-01T00:00:00Z',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    factors: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}

async function accessToken(expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: EMAIL, role: 'authenticated', aal: 'aal1', session_id: 'double-session' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(USER_ID)
    .setAudience('authenticated')
    .setIssuedAt(now - 10)
    .setExpirationTime(now + expiresInSeconds)
    .sign(JWT_SECRET);
}

async function sessionJson(expiresInSeconds = 3600) {
  refreshCounter += 1;
  return {
    access_token: await accessToken(expiresInSeconds),
    token_type: 'bearer',
    expires_in: expiresInSeconds,
    expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
    refresh_token: `refresh-${refreshCounter}`,
    user: userJson(),
  };
}

function send(res: ServerResponse, status: number, body?: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

const authError = (status: number, errorCode: string, msg: string) => ({ code: status, error_code: errorCode, msg });

/** Hands out expired access tokens while set, to exercise the refresh path. */
let issueExpired = false;

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://double');
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  calls.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, body, authorization: req.headers.authorization });

  if (req.method === 'POST' && url.pathname === '/auth/v1/token') {
    const grant = url.searchParams.get('grant_type');
    if (grant === 'password') {
      if (body?.email === EMAIL && body?.password === PASSWORD) return send(res, 200, await sessionJson(issueExpired ? -60 : 3600));
      return send(res, 400, authError(400, 'invalid_credentials', 'Invalid login credentials'));
    }
    if (grant === 'refresh_token') {
      const token = String(body?.refresh_token ?? '');
      if (!token.startsWith('refresh-') || revokedTokens.has(token)) {
        return send(res, 400, authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'));
      }
      revokedTokens.add(token);
      return send(res, 200, await sessionJson(3600));
    }
  }
  if (req.method === 'POST' && url.pathname === '/auth/v1/signup') {
    if (body?.email === EMAIL) return send(res, 422, authError(422, 'user_already_exists', 'User already registered'));
    if (body?.password === 'weak') {
      // internal/api/errors.go: a weak password is HTTP 422 too, with the reasons beside the message.
      return send(res, 422, { ...authError(422, 'weak_password', 'Password should be at least 6 characters.'), weak_password: { reasons: ['length'] } });
    }
    // Email confirmation on: the user comes back without a session.
    return send(res, 200, { ...userJson(), id: 'c0ffee00-0000-4000-8000-000000000002', email: body?.email, email_confirmed_at: null });
  }
  if (req.method === 'GET' && url.pathname === '/auth/v1/user') {
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    try {
      const { jwtVerify } = await import('jose');
      await jwtVerify(token, JWT_SECRET);
      return send(res, 200, userJson());
    } catch {
      return send(res, 401, authError(401, 'bad_jwt', 'invalid JWT: unable to parse or verify signature'));
    }
  }
  if (req.method === 'POST' && url.pathname === '/auth/v1/logout') {
    return logoutStatus === 204 ? (res.writeHead(204), res.end()) : send(res, logoutStatus, authError(logoutStatus, 'session_not_found', 'Session not found'));
  }
  send(res, 404, authError(404, 'not_found', `No route ${req.method} ${url.pathname}`));
}

/** A cookie jar as a browser would keep it between requests. */
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
  logoutStatus = 204;
  issueExpired = false;
});

describe('Supabase auth adapter', () => {
  it('password sign-in returns the session and stores it in cookies; the user is then verified with the server', async () => {
    const { jar, cookies } = memoryJar();
    const result = await port(jar).signInWithPassword({ email: EMAIL, password: PASSWORD }, client);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toMatchObject({ token_type: 'bearer', expires_in: 3600, user: { id: USER_ID, email: EMAIL } });
    expect(result.data.refresh_token).toMatch(/^refresh-/);
    const password = calls.find((c) => c.path === '/auth/v1/token');
    expect(password?.query.get('grant_type')).toBe('password');
    expect(password?.body).toMatchObject({ email: EMAIL, password: PASSWORD });
    expect([...cookies.keys()].some((name) => name.startsWith('sb-'))).toBe(true);

    calls.length = 0;
    expect(await port(jar).getUser()).toEqual({ id: USER_ID, email: EMAIL });
    // getClaims() with a symmetric key asks the server: the cookie alone is never trusted.
    expect(calls.some((c) => c.method === 'GET' && c.path === '/auth/v1/user' && c.authorization?.startsWith('Bearer '))).toBe(true);
  });

  it('writes its session cookies httpOnly and SameSite=Lax, Secure when the config says so (@supabase/ssr defaults to httpOnly: false)', async () => {
    for (const secure of [false, true]) {
      const written: { name: string; options: Record<string, unknown> }[] = [];
      const jar: CookieJar = { getAll: () => [], setAll: (list) => list.forEach(({ name, options }) => written.push({ name, options })) };
      const result = await supabaseAuthPort({ url: baseUrl, anonKey: 'anon-key-for-the-double', secureCookies: secure }, async () => jar).signInWithPassword(
        { email: EMAIL, password: PASSWORD },
        client,
      );
      expect(result.ok).toBe(true);
      expect(written.length).toBeGreaterThan(0);
      for (const cookie of written) expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: 'lax', secure, path: '/' });
    }
  });

  it('a failed sign-in shows the service message', async () => {
    const { jar, cookies } = memoryJar();
    const result = await port(jar).signInWithPassword({ email: EMAIL, password: 'wrong' }, client);
    expect(result).toMatchObject({ ok: false, error: 'Invalid login credentials' });
    expect(cookies.size).toBe(0);
  });

  it('anonymous or forged cookies give no user', async () => {
    expect(await port(memoryJar().jar).getUser()).toBeNull();

    const { jar, cookies } = memoryJar();
    await port(jar).signInWithPassword({ email: EMAIL, password: PASSWORD }, client);
    // Re-sign the stored session's access token with another key: the server refuses it.
    const forged = await new SignJWT({ email: EMAIL })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(USER_ID)
      .setAudience('authenticated')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-project-secret-not-the-project'));
    for (const [name, value] of cookies) {
      const raw = value.startsWith('base64-') ? Buffer.from(value.slice(7), 'base64url').toString() : value;
      const session = JSON.parse(raw) as Record<string, unknown>;
      session.access_token = forged;
      cookies.set(name, `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`);
    }
    expect(await port(jar).getUser()).toBeNull();
  });

  it('an expired session is refreshed with its refresh token, and the new tokens are written back', async () => {
    const { jar, cookies } = memoryJar();
    issueExpired = true;
    const signedIn = await port(jar).signInWithPassword({ email: EMAIL, password: PASSWORD }, client);
    issueExpired = false;
    expect(signedIn.ok).toBe(true);
    const before = JSON.stringify([...cookies]);
    calls.length = 0;
    expect(await port(jar).getUser()).toEqual({ id: USER_ID, email: EMAIL });
    expect(calls.some((c) => c.path === '/auth/v1/token' && c.query.get('grant_type') === 'refresh_token')).toBe(true);
    expect(JSON.stringify([...cookies])).not.toBe(before);
  });

  it('sign-up returns the new user; an existing address gives the service message', async () => {
    const created = await port(memoryJar().jar).signUp({ email: 'new@example.com', password: 'a-long-password' }, client);
    expect(created).toMatchObject({ ok: true, data: { user: { email: 'new@example.com' } } });
    expect(calls.find((c) => c.path === '/auth/v1/signup')?.body).toMatchObject({ email: 'new@example.com', password: 'a-long-password' });

    const existing = await port(memoryJar().jar).signUp({ email: EMAIL, password: 'a-long-password' }, client);
    expect(existing).toMatchObject({ ok: false, error: 'User already registered', code: 'user_exists' });

    // Also HTTP 422, but a refusal the form must show, not "that address is taken".
    const weak = await port(memoryJar().jar).signUp({ email: 'other@example.com', password: 'weak' }, client);
    expect(weak).toEqual({ ok: false, error: 'Password should be at least 6 characters.', code: undefined });
  });

  it.each(['local', 'global'] as const)('sign-out with scope %s calls the service and removes the local session', async (scope) => {
    const { jar, cookies } = memoryJar();
    await port(jar).signInWithPassword({ email: EMAIL, password: PASSWORD }, client);
    expect(await port(jar).signOut(scope)).toEqual({ ok: true, data: null });
    expect(calls.find((c) => c.path === '/auth/v1/logout')?.query.get('scope')).toBe(scope);
    expect([...cookies.keys()].filter((name) => name.startsWith('sb-'))).toEqual([]);
  });

  it('sign-out with scope others keeps the local session', async () => {
    const { jar, cookies } = memoryJar();
    await port(jar).signInWithPassword({ email: EMAIL, password: PASSWORD }, client);
    expect(await port(jar).signOut('others')).toEqual({ ok: true, data: null });
    expect(calls.find((c) => c.path === '/auth/v1/logout')?.query.get('scope')).toBe('others');
    expect([...cookies.keys()].some((name) => name.startsWith('sb-'))).toBe(true);
  });

  it.each([401, 403, 404])('a %i answer to sign-out is ignored and the local session still removed', async (status) => {
    const { jar, cookies } = memoryJar();
    await port(jar).signInWithPassword({ email: EMAIL, password: PASSWORD }, client);
    logoutStatus = status;
    expect(await port(jar).signOut('local')).toEqual({ ok: true, data: null });
    expect([...cookies.keys()].filter((name) => name.startsWith('sb-'))).toEqual([]);
  });
});
