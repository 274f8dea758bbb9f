import type { Env } from '@/lib/env';
import type { Database, Queryable } from '@/lib/db/types';
import type { AdminCredentials } from '@/lib/validation/admin';
import { hashPassword } from './password';

export type EnsureAdminResult = 'created' | 'promoted' | 'already-admin';

export class AdminSetupError extends Error {}

async function adminRoleId(tx: Queryable): Promise<string> {
  const { rows } = await tx.query<{ id: string }>("select id::text as id from public.roles where name = 'admin'");
  if (!rows[0]) throw new AdminSetupError('Admin role not found in the database. Please check your database setup.');
  return rows[0].id;
}

/** Grants the admin role; answers whether the user held it already. */
async function grantAdmin(tx: Queryable, userId: string): Promise<boolean> {
  const roleId = await adminRoleId(tx);
  const { affectedRows } = await tx.query(
    'insert into public.user_roles (user_id, role_id) values ($1, $2) on conflict do nothing',
    [userId, roleId],
  );
  return affectedRows === 0;
}

async function findUserId(tx: Queryable, email: string): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>('select id::text as id from auth.users where lower(email) = lower($1)', [email]);
  return rows[0]?.id ?? null;
}

/**
 * Creates the user with the admin role, or promotes an existing user (whose password is left as it
 * is). Built-in auth: one transaction, so a failure leaves nothing half-created.
 */
export async function ensureAdmin(db: Database, env: Env, credentials: AdminCredentials): Promise<EnsureAdminResult> {
  if (env.mode === 'supabase') return ensureSupabaseAdmin(db, env, credentials);
  const passwordHash = await hashPassword(credentials.password);
  return db.transaction(async (tx) => {
    const existing = await findUserId(tx, credentials.email);
    if (existing) return (await grantAdmin(tx, existing)) ? 'already-admin' : 'promoted';
    const { rows } = await tx.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at)
       values ($1, $2, now()) returning id::text as id`,
      [credentials.email, passwordHash],
    );
    await grantAdmin(tx, rows[0].id);
    return 'created';
  });
}

/** Supabase Auth owns its users: create through its admin API, then grant the role in the database. */
async function ensureSupabaseAdmin(db: Database, env: Env, credentials: AdminCredentials): Promise<EnsureAdminResult> {
  const existing = await findUserId(db, credentials.email);
  if (existing) return (await grantAdmin(db, existing)) ? 'already-admin' : 'promoted';
  if (!env.SUPABASE_SERVICE_ROLE_KEY) {
    throw new AdminSetupError(
      'Creating a Supabase user needs SUPABASE_SERVICE_ROLE_KEY (Project Settings → API). Or sign up in the app first and run this again to promote that user.',
    );
  }
  const response = await fetch(new URL('/auth/v1/admin/users', env.NEXT_PUBLIC_SUPABASE_URL), {
    method: 'POST',
    headers: {
      apikey: env.SUPABASE_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ email: credentials.email, password: credentials.password, email_confirm: true }),
  });
  const body = (await response.json().catch(() => ({}))) as { id?: string; msg?: string; message?: string };
  if (!response.ok || !body.id) {
    throw new AdminSetupError(`Supabase refused to create the user: ${body.msg ?? body.message ?? `HTTP ${response.status}`}`);
  }
  await grantAdmin(db, body.id);
  return 'created';
}

export async function countAdmins(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from public.user_roles ur join public.roles r on r.id = ur.role_id where r.name = 'admin'`,
  );
  return rows[0]?.n ?? 0;
}
