import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminSetupError, ensureAdmin } from '@/lib/auth/admin-provisioning';
import type { Database } from '@/lib/db/types';
import { parseEnv } from '@/lib/env';
import { openTestPglite } from '../helpers/db';

/**
 * A stand-in for Supabase Auth's admin endpoint (POST /auth/v1/admin/users) and password grant
 * (POST /auth/v1/token?grant_type=password), answering with the documented shapes: the created user or a
 * session, or { code, error_code, msg } on an error. Like GoTrue it writes auth.users.
 */
const passwords = new Map<string, string>([['signed-up@example.com', 'long-enough-1'], ['squatted@example.com', 'squatter-password']]);
let db: Database;
let cleanup: () => Promise<void>;
let server: Server;
let baseUrl: string;
const requests: { headers: Record<string, string | string[] | undefined>; body: Record<string, unknown> }[] = [];
let refuseNext: { status: number; msg: string } | null = null;

beforeAll(async () => {
  ({ db, cleanup } = await openTestPglite());
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', async () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ headers: req.headers, body });
      res.setHeader('Content-Type', 'application/json');
      if (req.method === 'POST' && req.url === '/auth/v1/token?grant_type=password') {
        if (req.headers.apikey !== 'anon-key') return res.writeHead(401).end(JSON.stringify({ code: 401, msg: 'Invalid API key' }));
        if (passwords.get(String(body.email)) !== body.password) {
          return res.writeHead(400).end(JSON.stringify({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' }));
        }
        return res.writeHead(200).end(JSON.stringify({ access_token: 'a', token_type: 'bearer', expires_in: 3600, refresh_token: 'r' }));
      }
      if (req.method !== 'POST' || req.url !== '/auth/v1/admin/users') return res.writeHead(404).end('{}');
      if (req.headers.authorization !== 'Bearer service-key' || req.headers.apikey !== 'service-key') {
        return res.writeHead(401).end(JSON.stringify({ code: 401, msg: 'Invalid API key' }));
      }
      if (refuseNext) {
        const { status, msg } = refuseNext;
        refuseNext = null;
        return res.writeHead(status).end(JSON.stringify({ code: status, msg }));
      }
      const { rows } = await db.query<{ id: string }>('insert into auth.users (email) values ($1) returning id::text as id', [body.email]);
      res.writeHead(200).end(JSON.stringify({ id: rows[0].id, aud: 'authenticated', role: 'authenticated', email: body.email }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await cleanup();
});

function supabaseEnv(serviceKey: string | null = 'service-key') {
  return parseEnv({
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres',
    NEXT_PUBLIC_SUPABASE_URL: baseUrl,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: 'anon-key',
    SUPABASE_SERVICE_ROLE_KEY: serviceKey ?? undefined,
  });
}

async function isAdmin(email: string): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from user_roles ur join roles r on r.id = ur.role_id join auth.users u on u.id = ur.user_id
     where r.name = 'admin' and u.email = $1`,
    [email],
  );
  return rows[0].n === 1;
}

describe('admin:create on Supabase', () => {
  it('creates a confirmed user through the Auth admin API with the service key, then grants the admin role', async () => {
    expect(await ensureAdmin(db, supabaseEnv(), { email: 'owner@example.com', password: 'long-enough-1' })).toBe('created');
    expect(requests.at(-1)?.body).toEqual({ email: 'owner@example.com', password: 'long-enough-1', email_confirm: true });
    expect(await isAdmin('owner@example.com')).toBe(true);

    const calls = requests.length;
    expect(await ensureAdmin(db, supabaseEnv(), { email: 'owner@example.com', password: 'whatever-else' })).toBe('already-admin');
    expect(requests.length).toBe(calls);
  });

  it('promotes a user who signed up already once Supabase Auth accepts the given password, creating no user', async () => {
    await db.query("insert into auth.users (email) values ('signed-up@example.com')");
    expect(await ensureAdmin(db, supabaseEnv(null), { email: 'signed-up@example.com', password: 'long-enough-1' })).toBe('promoted');
    expect(requests.at(-1)?.body).toEqual({ email: 'signed-up@example.com', password: 'long-enough-1' });
    expect(await isAdmin('signed-up@example.com')).toBe(true);
  });

  it('refuses to promote an account whose password is not the one given (someone else registered the address first)', async () => {
    await db.query("insert into auth.users (email) values ('squatted@example.com')");
    await expect(ensureAdmin(db, supabaseEnv(), { email: 'squatted@example.com', password: 'operator-password' })).rejects.toThrowError(
      /exists already and the password given is not its password/,
    );
    expect(await isAdmin('squatted@example.com')).toBe(false);
  });

  it('explains that a new user needs SUPABASE_SERVICE_ROLE_KEY', async () => {
    await expect(ensureAdmin(db, supabaseEnv(null), { email: 'new@example.com', password: 'long-enough-1' })).rejects.toThrowError(
      /needs SUPABASE_SERVICE_ROLE_KEY/,
    );
  });

  it("reports Supabase's refusal in its own words and grants nothing", async () => {
    refuseNext = { status: 422, msg: 'Password should be at least 10 characters.' };
    const attempt = ensureAdmin(db, supabaseEnv(), { email: 'weak@example.com', password: 'long-enough-1' });
    await expect(attempt).rejects.toThrowError(AdminSetupError);
    await expect(attempt).rejects.toThrowError('Supabase refused to create the user: Password should be at least 10 characters.');
    expect(await isAdmin('weak@example.com')).toBe(false);
  });
});
