import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIResponse, Browser, BrowserContext, Page } from '@playwright/test';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { startNextStart, type NextStartServer } from '../helpers/next-start';
import { startDocumentedNginx } from '../helpers/nginx';
import { SUPABASE_PROJECT_SQL } from '../helpers/policy-matrix';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { repoRoot, startSite } from '../helpers/site-server';
import { SAMPLES } from '../helpers/storage-samples';
import { SUPABASE_STORAGE_COLUMNS_SQL, startSupabaseDoubles, type DoubleCall, type SupabaseDoubles } from '../helpers/supabase-doubles';
import {
  SUPABASE_E2E_ANON_KEY,
  SUPABASE_E2E_BUILD,
  SUPABASE_E2E_JWT_SECRET,
  SUPABASE_E2E_PORT,
  SUPABASE_E2E_SERVICE_ROLE_KEY,
  SUPABASE_E2E_URL,
} from '../helpers/supabase-e2e-config';
import { NEVER_STORE } from '../../lib/public-pages';
import { AUTH_SECRET, freshnessStamp, signIn } from './fixtures/auth';
import { expect, test as base } from './fixtures/csp';
import { chooseArchive, newVisitor, openSiteContent } from './fixtures/site-content';

/**
 * The production build made for Supabase mode (.next-supabase, tests/helpers/supabase-e2e-config.ts),
 * started with plain `next start` against a throwaway Postgres prepared as a Supabase project is, and
 * local doubles of Supabase Auth and Storage (tests/helpers/supabase-doubles.ts) at the URL baked into
 * the build. Every flow goes through the app's Supabase adapters: nothing here touches the built-in auth
 * or the local-disk storage. One server for the file, so the tests run in order and build on each other.
 */

const OWNER = { email: 'owner@example.com', password: 'Owner-password-1' };
const COLLEAGUE = { email: 'colleague@example.com', password: 'Colleague-password-1' };
/** @supabase/ssr's cookie: `sb-<first label of the project host>-auth-token`, split into .0, .1… when long. */
const SESSION_COOKIE = 'sb-127-auth-token';

let postgres: PostgresServer;
let db: pg.Pool;
let doubles: SupabaseDoubles;
let server: NextStartServer;

/** The server's environment: this build's Supabase project and CDN setting, on this worker's Postgres. */
function serverEnv(): Record<string, string> {
  return {
    NEXT_PUBLIC_SUPABASE_URL: SUPABASE_E2E_URL,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: SUPABASE_E2E_ANON_KEY,
    DATABASE_URL: postgres.url,
    AUTH_SECRET,
    ALLOW_SIGNUP: 'true',
    PUBLIC_CACHE_SECONDS: SUPABASE_E2E_BUILD.env.PUBLIC_CACHE_SECONDS!,
  };
}

async function startProject(): Promise<void> {
  postgres = await startPostgres();
  db = new pg.Pool({ connectionString: postgres.url, max: 2 });
  // A connection dropped as the server stops at the end is an 'error' on the pool: not the test's failure.
  db.on('error', () => undefined);
  // A Supabase project before its first migration: the API roles and grants, Storage's tables, and the
  // auth schema GoTrue brings (auth.users, auth.uid()); lib/db/auth-bootstrap.sql recreates that part.
  await db.query(SUPABASE_PROJECT_SQL);
  await db.query(SUPABASE_STORAGE_COLUMNS_SQL);
  await db.query(readFileSync(path.join(repoRoot, 'lib', 'db', 'auth-bootstrap.sql'), 'utf8'));
  doubles = await startSupabaseDoubles({
    port: SUPABASE_E2E_PORT,
    databaseUrl: postgres.url,
    jwtSecret: SUPABASE_E2E_JWT_SECRET,
    anonKey: SUPABASE_E2E_ANON_KEY,
    serviceRoleKey: SUPABASE_E2E_SERVICE_ROLE_KEY,
    passwordMinLength: 8,
    // The dashboard's "lowercase, uppercase letters and digits" policy, so a password the app accepts can
    // still be one Supabase refuses (weak_password).
    passwordRequiredCharacters: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789'],
  });
  // No service-role key: the server acts with the signed-in admin's own token, so Storage's policies
  // (supabase/migrations) decide uploads and deletes. The app applies the migrations itself at start.
  server = await startNextStart({ env: { ...serverEnv(), NEXT_DIST_DIR: SUPABASE_E2E_BUILD.distDir } });
}

async function stopProject(): Promise<void> {
  await server?.stop();
  await doubles?.stop();
  await db?.end();
  await postgres?.stop();
}

/** One project (Postgres, the doubles, the server) per worker: the tests of this file run in order on it. */
const test = base.extend<object, { project: string }>({
  project: [
    async ({}, use) => {
      try {
        await startProject();
        await use(server.url);
      } finally {
        await stopProject();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ project }, use) => {
    await use(project);
  },
});

test.describe.configure({ mode: 'serial' });

function callsTo(method: string, pathname: string, since = 0): DoubleCall[] {
  return doubles.calls.slice(since).filter((call) => call.method === method && call.path === pathname);
}

async function sessionCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.name === SESSION_COOKIE || c.name.startsWith(`${SESSION_COOKIE}.`));
}

/** The session @supabase/ssr keeps in its cookie ("base64-" + base64url JSON, possibly in chunks). */
async function storedSession(context: BrowserContext): Promise<{ access_token: string; refresh_token: string; expires_at: number; user: { id: string } }> {
  const chunks = (await sessionCookies(context)).sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const joined = chunks.map((c) => c.value).join('');
  if (!joined.startsWith('base64-')) throw new Error(`No Supabase session cookie (found: ${chunks.map((c) => c.name).join(', ') || 'none'})`);
  return JSON.parse(Buffer.from(joined.slice('base64-'.length), 'base64url').toString());
}

async function userId(email: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>('select id::text as id from auth.users where email = $1', [email]);
  if (!rows[0]) throw new Error(`${email} is not in auth.users`);
  return rows[0].id;
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: server.url })).newPage();
}

function setCookies(response: APIResponse): string[] {
  return response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value);
}

/** What a CDN in front may keep, as the server at `project` says it (issue 23; issue 32: both servers alike). */
async function cdnPolicy(project: string): Promise<void> {
  const shared = 'public, max-age=0, s-maxage=120, stale-while-revalidate=120';
  for (const path of ['/', '/blog', '/blog/why-the-prime-number-theorem-still-surprises-me', '/research']) {
    // Anonymous loads get the build's policy without a proxy run; an unrelated cookie changes nothing.
    const response = await fetch(`${project}${path}`);
    expect(response.headers.get('cache-control'), path).toBe(shared);
    expect((await fetch(`${project}${path}`, { headers: { cookie: 'theme=dark' } })).headers.get('cache-control'), path).toBe(shared);
    // The proxy's 304 (the stored page's ETag) says the same policy.
    const etag = response.headers.get('etag') ?? (await fetch(`${project}${path}`)).headers.get('etag');
    expect(etag, path).toBeTruthy();
    const confirmed = await fetch(`${project}${path}`, { headers: { 'If-None-Match': etag! } });
    expect(confirmed.status, path).toBe(304);
    expect(confirmed.headers.get('cache-control'), path).toBe(shared);
  }
  for (const cookie of [`${SESSION_COOKIE}=whoever`, `theme=dark; ${SESSION_COOKIE}.0=whoever`, 'pf-access=whoever']) {
    const signedIn = await fetch(`${project}/blog`, { headers: { cookie } });
    expect(signedIn.headers.get('cache-control'), cookie).toBe(NEVER_STORE);
  }
  const admin = await fetch(`${project}/admin/login`);
  expect(admin.headers.get('cache-control')).toContain('no-store');
  const missing = await fetch(`${project}/no-such-page`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get('cache-control')).toContain('no-store');
  const action = await fetch(`${project}/`, { method: 'POST', headers: { 'Next-Action': 'x', 'Content-Type': 'text/plain' }, body: '[]' });
  expect(action.headers.get('cache-control') ?? '').not.toContain('public');
  // The App Router's requests: Next's redirect to a payload's cache-busting address (a client that sends
  // RSC: 1 without it), then the payload. A CDN that keys on the address alone must keep neither.
  const toPayload = await fetch(`${project}/blog`, { headers: { RSC: '1' }, redirect: 'manual' });
  expect(toPayload.status).toBe(307);
  expect(toPayload.headers.get('cache-control')).toBe(NEVER_STORE);
  const payload = await fetch(new URL(toPayload.headers.get('location')!, project), { headers: { RSC: '1' }, redirect: 'manual' });
  expect(payload.status).toBe(200);
  expect(payload.headers.get('content-type')).toContain('text/x-component');
  expect(payload.headers.get('cache-control')).toBe(NEVER_STORE);
  expect((await fetch(`${project}/blog?_rsc=abc`, { redirect: 'manual' })).headers.get('cache-control')).toBe(NEVER_STORE);
}

test('PUBLIC_CACHE_SECONDS, written into this build, lets a CDN keep public pages, never admin pages, signed-in responses, the router\'s requests or error pages: under next start and npm start alike', async ({ project }) => {
  await cdnPolicy(project);
  // npm start on the same build and project (NEXT_DIST_DIR: it checks that build and makes none).
  const npmStart = await startSite({ env: { ...serverEnv(), NEXT_DIST_DIR: SUPABASE_E2E_BUILD.distDir } });
  try {
    expect(npmStart.output()).not.toContain('Production build ready');
    await cdnPolicy(npmStart.url);
  } finally {
    await npmStart.stop();
  }
});

test("docs/deploy.md's nginx configuration, run as written in front of this build: public pages for anonymous visitors come from its cache, everything else goes to the site", async ({ project }) => {
  const nginx = await startDocumentedNginx(Number(new URL(project).port));
  try {
    const get = (pathname: string, init: RequestInit = {}) => fetch(`${nginx.url}${pathname}`, { redirect: 'manual', ...init });
    const status = (response: Response) => response.headers.get('x-cache-status');
    // A public page: the first request fills the cache, the next comes from it, the same bytes with the
    // site's ETag and its policy naming the page's own scripts; nginx answers If-None-Match itself.
    const first = await get('/about');
    expect(first.status).toBe(200);
    expect(status(first)).toBe('MISS');
    const html = await first.text();
    const cached = await get('/about');
    expect(status(cached)).toBe('HIT');
    expect(await cached.text()).toBe(html);
    const etag = cached.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(cached.headers.get('content-security-policy')).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+/);
    const confirmed = await get('/about', { headers: { 'If-None-Match': etag! } });
    expect(confirmed.status).toBe(304);
    // A crawler that runs no JavaScript is given its own copy (Next renders metadata differently for it).
    const crawler = { 'User-Agent': 'Mozilla/5.0 (compatible; Bingbot/2.0; +http://www.bing.com/bingbot.htm)' };
    expect(status(await get('/about', { headers: crawler }))).toBe('MISS');
    expect(status(await get('/about', { headers: crawler }))).toBe('HIT');
    // Never from the cache and never kept: a visitor with a session, the App Router's requests, the admin
    // area, stored files, and server actions. Each is asked twice: the second would be a HIT if the first was kept.
    const passedOn: [string, string, RequestInit][] = [
      ['a session cookie', '/about', { headers: { cookie: `${SESSION_COOKIE}=whoever` } }],
      ['the built-in session cookie', '/about', { headers: { cookie: 'theme=dark; pf-access=whoever' } }],
      ['a router request', '/blog', { headers: { RSC: '1' } }],
      ['a prefetch', '/blog', { headers: { 'Next-Router-Prefetch': '1' } }],
      ['a payload address', '/blog?_rsc=abc', {}],
      ['the admin area', '/admin/login', {}],
      ['a stored file', '/storage/blog-images/none.png', {}],
    ];
    for (const [label, pathname, init] of passedOn) {
      for (const attempt of [1, 2]) expect(status(await get(pathname, init)), `${label}, request ${attempt}`).toBe('BYPASS');
    }
    // A POST is no method nginx caches at all: no cache status, and the site's own answer.
    const action = { method: 'POST', headers: { 'Next-Action': 'x', 'Content-Type': 'text/plain' }, body: '[]' };
    for (const attempt of [1, 2]) expect(status(await get('/', action)), `a server action, request ${attempt}`).toBeNull();
    expect(nginx.errors()).not.toMatch(/\[(?:emerg|alert|crit)\]/);
  } finally {
    await nginx.stop();
  }
});

test('sign-up goes to Supabase Auth (POST /auth/v1/signup), which writes auth.users; its refusals come back as Supabase words them', async ({ page }) => {
  const since = doubles.calls.length;
  await page.goto('/admin/login?mode=signup');
  const register = async (email: string, password: string) => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
  };
  // Long enough for the app, but without a digit or capital: GoTrue's weak_password (HTTP 422).
  await register(OWNER.email, 'lowercase-only-password');
  // GoTrue's message, word for word, beside the form (and in a toast).
  await expect(
    page.getByRole('status').filter({ hasText: 'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.' }),
  ).toBeVisible();
  const weak = callsTo('POST', '/auth/v1/signup', since);
  expect(weak).toHaveLength(1);
  expect(weak[0]).toMatchObject({ status: 422, role: 'anon', apiVersion: '2024-01-01', body: { email: OWNER.email } });
  expect((await db.query('select 1 from auth.users')).rowCount).toBe(0);

  await page.goto('/admin/login?mode=signup');
  await register(OWNER.email, OWNER.password);
  await expect(page.getByText('Registration successful').first()).toBeVisible();
  await page.goto('/admin/login?mode=signup');
  await register(COLLEAGUE.email, COLLEAGUE.password);
  await expect(page.getByText('Registration successful').first()).toBeVisible();
  const { rows } = await db.query<{ email: string; confirmed: boolean }>('select email, email_confirmed_at is not null as confirmed from auth.users order by email');
  expect(rows).toEqual([
    { email: COLLEAGUE.email, confirmed: true },
    { email: OWNER.email, confirmed: true },
  ]);

  // A taken address: Supabase answers 422 user_already_exists; the form answers as for a new one.
  await page.goto('/admin/login?mode=signup');
  await register(OWNER.email, 'Another-password-2');
  await expect(page.getByText('Registration successful').first()).toBeVisible();
  expect(callsTo('POST', '/auth/v1/signup', since).map((call) => call.status)).toEqual([422, 200, 200, 422]);
  expect((await db.query('select 1 from auth.users')).rowCount).toBe(2);
});

test('sign-in: a wrong password gets Supabase\'s "Invalid login credentials"; the right one sets httpOnly, SameSite=Lax session cookies and passes the guard', async ({ page, context }) => {
  // The operator makes the owner an admin (as `npm run admin:create` promotes a signed-up account).
  await db.query(`insert into public.user_roles (user_id, role_id) select $1::uuid, id from public.roles where name = 'admin'`, [await userId(OWNER.email)]);
  await context.clearCookies();
  const since = doubles.calls.length;
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill('Wrong-password-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid login credentials').first()).toBeVisible();
  expect(callsTo('POST', '/auth/v1/token', since)).toMatchObject([{ status: 400, body: { email: OWNER.email } }]);
  expect(callsTo('POST', '/auth/v1/token', since)[0].query.get('grant_type')).toBe('password');
  expect(await sessionCookies(context)).toEqual([]);

  await signIn(page, OWNER);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: /dashboard/i }).first()).toBeVisible();
  const cookies = await sessionCookies(context);
  expect(cookies.length).toBeGreaterThan(0);
  for (const cookie of cookies) {
    expect(cookie, cookie.name).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });
  }
  // The cookie holds GoTrue's session: a real JWT for the owner, with the claims Postgres reads.
  const session = await storedSession(context);
  const claims = decodeJwt(session.access_token);
  expect(claims).toMatchObject({ sub: await userId(OWNER.email), role: 'authenticated', aud: 'authenticated' });
  expect(doubles.sessionIds()).toContain(claims.session_id);
  // The guard verified the token with Supabase Auth (getClaims() on an HS256 project asks GET /auth/v1/user).
  expect(callsTo('GET', '/auth/v1/user', since).some((call) => call.status === 200 && call.role === 'authenticated')).toBe(true);
});

test('the session cookies are Secure behind https and on a real host name in production, not on plain-http loopback', async ({ page, context, request }) => {
  await signIn(page, OWNER);
  // An expired session makes the proxy renew it and set the cookies on its response.
  const session = await storedSession(context);
  const expire = async () => {
    const current = await storedSession(context);
    const expired = { ...current, access_token: await doubles.accessToken(current.user.id, String(decodeJwt(current.access_token).session_id), -60), expires_at: Math.floor(Date.now() / 1000) - 60 };
    return `${SESSION_COOKIE}=base64-${Buffer.from(JSON.stringify(expired)).toString('base64url')}; pf-admin-fresh=${freshnessStamp(session.user.id, Date.now())}`;
  };
  const renewed = async (headers: Record<string, string>) => {
    const response = await request.get('/admin', { headers: { cookie: await expire(), ...headers }, maxRedirects: 0 });
    const cookies = setCookies(response).filter((value) => value.startsWith(SESSION_COOKIE));
    expect(cookies.length, `renewed session cookies (${response.status()})`).toBeGreaterThan(0);
    return cookies;
  };
  for (const cookie of await renewed({})) {
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=lax/i);
    expect(cookie).not.toMatch(/; Secure/i);
  }
  for (const cookie of await renewed({ 'x-forwarded-proto': 'https' })) {
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=lax/i);
    expect(cookie).toMatch(/; Secure/i);
  }
  // NODE_ENV=production (next start) on a host that is not loopback: Secure even if the proxy said http.
  for (const cookie of await renewed({ 'x-forwarded-host': 'portfolio.example.org' })) expect(cookie).toMatch(/; Secure/i);
});

test('an expired access token is renewed through the refresh grant on the next request, and the refresh token rotates', async ({ page, context }) => {
  await signIn(page, OWNER);
  const before = await storedSession(context);
  const sessionId = String(decodeJwt(before.access_token).session_id);
  const expiredToken = await doubles.accessToken(before.user.id, sessionId, -60);
  const expired = { ...before, access_token: expiredToken, expires_at: Math.floor(Date.now() / 1000) - 60 };
  // Counted from before the swap: the dashboard's own prefetches may be the first requests to carry the
  // expired token (and so to renew it) as soon as the cookie is in place.
  const since = doubles.calls.length;
  await context.clearCookies({ name: new RegExp(`^${SESSION_COOKIE}`) });
  await context.addCookies([
    { name: SESSION_COOKIE, value: `base64-${Buffer.from(JSON.stringify(expired)).toString('base64url')}`, url: server.url, httpOnly: true, sameSite: 'Lax' },
  ]);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('list', { name: 'Admin users' })).toContainText(OWNER.email);

  const refreshes = callsTo('POST', '/auth/v1/token', since).filter((call) => call.query.get('grant_type') === 'refresh_token');
  expect(refreshes.length).toBeGreaterThanOrEqual(1);
  expect(refreshes[0]).toMatchObject({ status: 200, body: { refresh_token: before.refresh_token } });
  const after = await storedSession(context);
  expect(after.refresh_token).not.toBe(before.refresh_token);
  expect(doubles.isRefreshTokenUsed(before.refresh_token)).toBe(true);
  expect(after.access_token).not.toBe(expiredToken);
  const claims = decodeJwt(after.access_token);
  expect(claims.exp!).toBeGreaterThan(Date.now() / 1000);
  expect(claims.session_id).toBe(sessionId);
});

test('the guard: a stale freshness stamp sends the admin to sign in again; admin access granted and revoked on the Users page takes effect at once', async ({ page, context, browser }) => {
  await signIn(page, OWNER);
  const owner = await userId(OWNER.email);
  await context.addCookies([
    // Six minutes old, in place of the one the sign-in set (same name, domain and path).
    { name: 'pf-admin-fresh', value: freshnessStamp(owner, Date.now() - 6 * 60_000), domain: '127.0.0.1', path: '/admin', httpOnly: true, sameSite: 'Lax' },
  ]);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login\?reason=stale$/);
  // The Supabase session itself is untouched: only the password proves freshness again.
  expect((await sessionCookies(context)).length).toBeGreaterThan(0);
  await signIn(page, OWNER);
  await expect(page).toHaveURL(/\/admin\/users$/);

  // The colleague has an account but no role: Access Denied.
  const colleague = await newPage(browser);
  await signIn(colleague, COLLEAGUE);
  await expect(colleague).toHaveURL(/\/admin\/unauthorized$/);

  const list = page.getByRole('list', { name: 'Admin users' });
  await page.getByLabel('Email').fill(COLLEAGUE.email);
  await page.getByRole('button', { name: 'Grant Admin Access' }).click();
  await expect(page.getByText(`Admin access granted to ${COLLEAGUE.email} successfully.`)).toBeVisible();
  await expect(list).toContainText(COLLEAGUE.email);
  // Her freshness stamp dates from her sign-in a moment ago: the role alone was missing.
  await colleague.goto('/admin/users');
  await expect(colleague).toHaveURL(/\/admin\/users$/);

  await page.getByLabel('Email').fill(COLLEAGUE.email);
  await page.getByRole('button', { name: 'Revoke Admin Access' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`Admin access revoked from ${COLLEAGUE.email} successfully.`)).toBeVisible();
  await expect(list).not.toContainText(COLLEAGUE.email);
  // Her stamp is fresh and her Supabase session valid, yet the very next request is refused.
  await colleague.goto('/admin/users');
  await expect(colleague).toHaveURL(/\/admin\/unauthorized$/);
  const refused = await colleague.request.post('/api/upload', {
    multipart: { bucket: 'blog-images', file: { name: 'a.png', mimeType: 'image/png', buffer: Buffer.from(SAMPLES.png) } },
  });
  expect(refused.status()).toBe(403);
  await colleague.context().close();
});

test('uploads land in Supabase Storage under the admin\'s own token, are listed, served from their public URL and used on the public page, and deleted', async ({ page, request }) => {
  await signIn(page, OWNER);
  const since = doubles.calls.length;
  await page.goto('/admin/media?bucket=blog-images');
  await expect(page.getByRole('heading', { name: 'Media Library' })).toBeVisible();
  await page.getByTestId('file-upload-input').setInputFiles([{ name: 'figure.png', mimeType: 'image/png', buffer: Buffer.from(SAMPLES.png) }]);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.locator('[data-sonner-toast]').getByText('Successfully uploaded 1 file(s).', { exact: true })).toBeVisible();

  const uploads = doubles.calls.slice(since).filter((call) => call.method === 'POST' && call.path.startsWith('/storage/v1/object/blog-images/'));
  expect(uploads).toHaveLength(1);
  // The admin's access token, not a service key: Storage's row-level-security policies allowed it.
  expect(uploads[0]).toMatchObject({ status: 200, role: 'authenticated', body: { bytes: SAMPLES.png.length } });
  const name = decodeURIComponent(uploads[0].path.slice('/storage/v1/object/blog-images/'.length));
  expect(name).toMatch(/^\d{13}-[0-9a-z]{12}\.png$/);
  expect(doubles.files.get(`blog-images/${name}`)?.bytes).toEqual(Buffer.from(SAMPLES.png));
  const { rows } = await db.query<{ owner: string }>('select owner::text as owner from storage.objects where bucket_id = $1 and name = $2', ['blog-images', name]);
  expect(rows).toEqual([{ owner: await userId(OWNER.email) }]);

  // Listed from Storage (POST /storage/v1/object/list/blog-images).
  const files = page.getByRole('list', { name: 'Files in blog-images' });
  await expect(files.getByText(name, { exact: true })).toBeVisible();
  expect(callsTo('POST', '/storage/v1/object/list/blog-images', since).some((call) => call.status === 200)).toBe(true);

  // The public URL is Supabase's, and Storage serves the bytes there.
  const publicUrl = `${SUPABASE_E2E_URL}/storage/v1/object/public/blog-images/${name}`;
  const served = await request.get(publicUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await served.body())).toEqual(Buffer.from(SAMPLES.png));

  // Used on a public page: a blog post whose cover is the uploaded file's public URL.
  const slug = `supabase-${Date.now()}`;
  await db.query(
    `insert into public.blog_posts (title, slug, excerpt, content, cover_image) values ('Stored in Supabase', $1, 'A post with a picture', 'Body', $2)`,
    [slug, publicUrl],
  );
  await page.goto(`/blog/${slug}`);
  // Straight from Supabase, or through next/image, whose optimiser may fetch only Storage's public paths.
  const image = page.locator(`img[src*="${encodeURIComponent(name)}"], img[src*="${name}"]`).first();
  await expect(image).toBeVisible();
  const src = (await image.getAttribute('src')) ?? '';
  expect(src.startsWith(publicUrl) || src.includes(`url=${encodeURIComponent(publicUrl)}`), src).toBe(true);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

  // Deleted through Storage (DELETE /storage/v1/object/blog-images {prefixes}).
  await page.goto('/admin/media?bucket=blog-images');
  await files.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(files.getByText(name, { exact: true })).toHaveCount(0);
  await expect.poll(() => callsTo('DELETE', '/storage/v1/object/blog-images', since)).toMatchObject([{ status: 200, role: 'authenticated', body: { prefixes: [name] } }]);
  expect(doubles.files.has(`blog-images/${name}`)).toBe(false);
  const gone = await request.get(publicUrl);
  expect(gone.status()).toBe(400);
  expect(await gone.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
});

test('Settings → Site content in Supabase mode: the export downloaded in the browser, the site changed, the export imported with replace: the public pages are as before and the file is back in Supabase Storage; an embedded site\'s export moves in', async ({ page, playwright }) => {
  test.setTimeout(180_000);
  const visitor = await newVisitor(playwright);
  const pages = ['/', '/about', '/research', '/blog', '/projects', '/experience', '/personal', '/cv'];
  // Each page's <main> as the server sends it. (Not the whole document: a page the response cache stored
  // from a router prefetch names `?_rsc=…` in its flight data, which a fresh render after the import does not.)
  const html = async () => {
    const out: Record<string, string> = {};
    for (const pagePath of pages) out[pagePath] = /<main[\s\S]*<\/main>/.exec(await (await visitor.get(`${server.url}${pagePath}`)).text())?.[0] ?? '';
    return out;
  };
  // The upload test above left a post whose cover it deleted: an import refuses content with broken links
  // to stored files (as npm run import does), so that post goes first (no public page has shown it).
  await db.query(`delete from public.blog_posts where slug like 'supabase-%'`);
  await signIn(page, OWNER);
  // A stored file, so the archive carries one and the import must put it back in Storage.
  await page.goto('/admin/media?bucket=blog-images');
  await page.getByTestId('file-upload-input').setInputFiles([{ name: 'kept.png', mimeType: 'image/png', buffer: Buffer.from(SAMPLES.png) }]);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.locator('[data-sonner-toast]').getByText('Successfully uploaded 1 file(s).', { exact: true })).toBeVisible();
  const stored = [...doubles.files.keys()].filter((key) => key.startsWith('blog-images/'));
  expect(stored).toHaveLength(1);
  const before = await html();
  for (const [pagePath, main] of Object.entries(before)) expect(main.length, pagePath).toBeGreaterThan(200);

  await openSiteContent(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download export' }).click();
  const download = await downloading;
  const archive = path.join(mkdtempSync(path.join(os.tmpdir(), 'supabase-export-')), download.suggestedFilename());
  await download.saveAs(archive);

  // The change: the About name, and the stored file deleted.
  await page.goto('/admin/about/edit');
  await expect(page.getByLabel('Name', { exact: true })).toBeEditable();
  await page.getByLabel('Name', { exact: true }).fill('Changed In Supabase');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/media?bucket=blog-images');
  const files = page.getByRole('list', { name: 'Files in blog-images' });
  const name = stored[0]!.slice('blog-images/'.length);
  await files.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(files.getByText(name, { exact: true })).toHaveCount(0);
  expect((await html())['/about']).toContain('Changed In Supabase');

  const since = doubles.calls.length;
  await openSiteContent(page);
  await chooseArchive(page, archive);
  await expect(page.getByRole('table', { name: /What the import does/ })).toBeVisible();
  await page.getByRole('button', { name: "Replace the site's content" }).click();
  const done = page.getByRole('status').filter({ hasText: 'Imported' });
  await expect(done).toBeVisible({ timeout: 60_000 });
  // No backup here: the database is the provider's to back up.
  await expect(done).not.toContainText('A backup was taken');
  await expect(page.getByText("This site runs on a database server: its backups are the provider's")).toBeVisible();

  expect(await html()).toEqual(before);
  expect(doubles.files.get(stored[0]!)?.bytes).toEqual(Buffer.from(SAMPLES.png));
  // Put back through Storage with the admin's own token.
  expect(doubles.calls.slice(since).filter((call) => call.method === 'POST' && call.path === `/storage/v1/object/${stored[0]}`)).toMatchObject([{ status: 200, role: 'authenticated' }]);

  // A site moved here: the export of an embedded site (PGlite, files on local disk), as `npm run export`
  // writes it, imported in the browser. Its link to its own portrait is rewritten to Supabase Storage.
  const moved = await embeddedExport();
  await openSiteContent(page);
  await chooseArchive(page, moved);
  await expect(page.getByText(/1 stored file \(.*\): 1 new to this site, 0 already here\./)).toBeVisible();
  await page.getByRole('button', { name: "Replace the site's content" }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toBeVisible({ timeout: 60_000 });
  expect(doubles.files.get('profile-images/moved/portrait.png')?.bytes).toEqual(Buffer.from(SAMPLES.png));
  const about = (await html())['/about'];
  expect(about).toContain('Moved From A Laptop');
  // Straight from Supabase, or through next/image, whose optimiser takes Storage's public paths.
  const portrait = `${SUPABASE_E2E_URL}/storage/v1/object/public/profile-images/moved/portrait.png`;
  expect(about.includes(portrait) || about.includes(encodeURIComponent(portrait)), 'the portrait at its Supabase address').toBe(true);
  expect(about).not.toContain('/storage/profile-images/moved/portrait.png');
  await visitor.dispose();
});

/** An embedded site's export: the sample content, a portrait on local disk linked from About, `npm run export`'s archive. */
async function embeddedExport(): Promise<string> {
  const [{ migrate }, { openPglite }, { seedSampleContent }, { exportSite }, { LocalStorage }] = await Promise.all([
    import('../../lib/db/migrate'),
    import('../../lib/db/pglite'),
    import('../../lib/db/seed'),
    import('../../lib/backup/export'),
    import('../../lib/storage/local'),
  ]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'embedded-site-'));
  const embedded = await openPglite(path.join(dir, 'pglite'));
  try {
    await migrate(embedded, { authBootstrap: true });
    await seedSampleContent(embedded);
    const storage = new LocalStorage(path.join(dir, 'storage'));
    await storage.ensureBuckets();
    await storage.upload('profile-images', { path: 'moved/portrait.png', bytes: SAMPLES.png, contentType: 'image/png' });
    await embedded.query(`update public.about_data set name = 'Moved From A Laptop', image_url = '/storage/profile-images/moved/portrait.png'`);
    const file = path.join(dir, 'laptop-export.tar.gz');
    await exportSite({ db: embedded, storage, file });
    return file;
  } finally {
    await embedded.close();
  }
}

test('Settings: Update Password checks the current one with Supabase, shows its weak-password refusal, changes it and ends the other sessions', async ({ page, browser }) => {
  const other = await newPage(browser);
  await signIn(other, OWNER);
  const otherSession = String(decodeJwt((await storedSession(other.context())).access_token).session_id);
  await signIn(page, OWNER);
  await page.goto('/admin/settings');
  const current = page.getByLabel('Current Password', { exact: true });
  const next = page.getByLabel('New Password', { exact: true });
  const confirm = page.getByLabel('Confirm New Password', { exact: true });
  const submit = page.getByRole('button', { name: 'Update Password' });

  await current.fill('Not-the-password-1');
  await next.fill('Changed-password-2');
  await confirm.fill('Changed-password-2');
  await submit.click();
  await expect(page.locator('#settings-current-password-error')).toHaveText('The current password is incorrect.');

  const since = doubles.calls.length;
  await current.fill(OWNER.password);
  await next.fill('changed-but-weak');
  await confirm.fill('changed-but-weak');
  await submit.click();
  await expect(page.getByText(/Password should contain at least one character of each/).first()).toBeVisible();
  expect(callsTo('PUT', '/auth/v1/user', since)).toMatchObject([{ status: 422, role: 'authenticated', apiVersion: '2024-01-01' }]);

  await current.fill(OWNER.password);
  await next.fill('Changed-password-2');
  await confirm.fill('Changed-password-2');
  await submit.click();
  await expect(page.locator('[data-sonner-toast]').getByText('Password updated', { exact: false }).first()).toBeVisible();
  expect(callsTo('PUT', '/auth/v1/user', since).map((call) => call.status)).toEqual([422, 200]);
  expect(callsTo('POST', '/auth/v1/logout', since).map((call) => [call.query.get('scope'), call.status])).toEqual([['others', 204]]);
  expect(doubles.sessionIds()).not.toContain(otherSession);

  // This browser stays in; the other one is out; only the new password signs in.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await other.goto('/admin/users');
  await expect(other).toHaveURL(/\/admin\/login/);
  await other.getByLabel('Email').fill(OWNER.email);
  await other.getByLabel('Password').fill(OWNER.password);
  await other.getByRole('button', { name: 'Login' }).click();
  await expect(other.getByText('Invalid login credentials').first()).toBeVisible();
  await signIn(other, { email: OWNER.email, password: 'Changed-password-2' });
  await expect(other).toHaveURL(/\/admin/);
  await other.context().close();
  OWNER.password = 'Changed-password-2';
});

test('sign-out ends the Supabase session (POST /auth/v1/logout) and clears its cookies; the admin area then asks for a sign-in', async ({ page, context }) => {
  await signIn(page, OWNER);
  const sessionId = String(decodeJwt((await storedSession(context)).access_token).session_id);
  const since = doubles.calls.length;
  await page.getByRole('button', { name: 'Exit Admin' }).click();
  await expect(page.getByText('Signed out successfully').first()).toBeVisible();
  expect(callsTo('POST', '/auth/v1/logout', since).map((call) => [call.query.get('scope'), call.status])).toEqual([['local', 204]]);
  expect(doubles.sessionIds()).not.toContain(sessionId);
  expect(await sessionCookies(context)).toEqual([]);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('every call the app made is one Supabase serves, with the API version and keys it expects', () => {
  const unknown = doubles.calls.filter((call) => call.status === 404 && !call.path.startsWith('/storage/v1/object/public/'));
  expect(unknown).toEqual([]);
  // auth-js asks for the 2024-01-01 API (errors as {code, message}) on every Auth call.
  const auth = doubles.calls.filter((call) => call.path.startsWith('/auth/v1/'));
  expect(auth.length).toBeGreaterThan(10);
  expect(auth.filter((call) => call.apiVersion !== '2024-01-01')).toEqual([]);
  expect(doubles.calls.some((call) => call.status >= 500)).toBe(false);
});
