import type { Env } from '@/lib/env';
import { isUniqueViolation } from '@/lib/db/errors';
import type { Database, Queryable } from '@/lib/db/types';
import type { AdminCredentials } from '@/lib/validation/admin-provisioning';
import { hashPassword, verifyPassword } from './password';

/**
 * Making the operator's account an admin, outside any request: `npm run admin:create`, ADMIN_EMAIL /
 * ADMIN_PASSWORD at start, and the one-time setup link. No `server-only` and no Next.js imports, since
 * the command-line scripts load it too.
 */

export type EnsureAdminResult = 'created' | 'promoted' | 'already-admin';

export class AdminSetupError extends Error {}

/** What an existing account must prove before it is promoted: whoever signed up first may not be the operator. */
export function notYourAccount(email: string): string {
  return (
    `An account for ${email} exists already and the password given is not its password, so it was not made an admin. ` +
    "Give that account's password, or remove the account (or choose another email address) and try again."
  );
}

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

async function holdsAdmin(tx: Queryable, userId: string): Promise<boolean> {
  const { rows } = await tx.query<{ n: number }>(
    `select count(*)::int as n from public.user_roles ur join public.roles r on r.id = ur.role_id where ur.user_id = $1 and r.name = 'admin'`,
    [userId],
  );
  return (rows[0]?.n ?? 0) > 0;
}

async function findUser(tx: Queryable, email: string): Promise<{ id: string; encryptedPassword: string | null } | null> {
  const { rows } = await tx.query<{ id: string; encrypted_password: string | null }>(
    'select id::text as id, encrypted_password from auth.users where lower(email) = lower($1)',
    [email],
  );
  return rows[0] ? { id: rows[0].id, encryptedPassword: rows[0].encrypted_password } : null;
}

/** How each auth backend creates an account and checks an account's password, outside a request. */
interface AccountBackend {
  passwordMatches(user: { encryptedPassword: string | null }, credentials: AdminCredentials): Promise<boolean>;
  /** Creates the account (and, built in, grants the role in the same transaction). */
  createAdmin(db: Database, credentials: AdminCredentials): Promise<void>;
}

const builtIn: AccountBackend = {
  async passwordMatches(user, credentials) {
    return user.encryptedPassword !== null && verifyPassword(credentials.password, user.encryptedPassword);
  },
  async createAdmin(db, credentials) {
    const passwordHash = await hashPassword(credentials.password);
    // One transaction: a failure leaves no account without its role.
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, $2, now()) returning id::text as id`,
        [credentials.email, passwordHash],
      );
      await grantAdmin(tx, rows[0].id);
    });
  },
};

/** Supabase Auth owns its users and their passwords: ask its REST API (auth/v1). */
function supabase(env: Env): AccountBackend {
  const url = (path: string) => new URL(path, env.NEXT_PUBLIC_SUPABASE_URL);
  const anonKey = env.NEXT_PUBLIC_SUPABASE_ANON_KEY ?? '';
  return {
    async passwordMatches(_user, credentials) {
      const response = await fetch(url('/auth/v1/token?grant_type=password'), {
        method: 'POST',
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: credentials.email, password: credentials.password }),
      });
      return response.ok;
    },
    async createAdmin(db, credentials) {
      if (!env.SUPABASE_SERVICE_ROLE_KEY) {
        throw new AdminSetupError(
          'Creating a Supabase user needs SUPABASE_SERVICE_ROLE_KEY (Project Settings → API). Or let the user sign up in the app first (ALLOW_SIGNUP=true) and run this again with that password to promote them.',
        );
      }
      const response = await fetch(url('/auth/v1/admin/users'), {
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
    },
  };
}

/**
 * Creates the account with the admin role, or promotes an existing account, but only when the given
 * password is that account's password (otherwise AdminSetupError says what to do). An account that is an
 * admin already is left exactly as it is.
 */
export async function ensureAdmin(db: Database, env: Env, credentials: AdminCredentials): Promise<EnsureAdminResult> {
  const backend = env.mode === 'supabase' ? supabase(env) : builtIn;
  const existing = await findUser(db, credentials.email);
  if (!existing) {
    try {
      await backend.createAdmin(db, credentials);
      return 'created';
    } catch (error) {
      // Another server starting on the same database made the account in the same moment: from here on it is
      // an existing account (checked by its password, like any other).
      if (!isUniqueViolation(error)) throw error;
      return ensureAdmin(db, env, credentials);
    }
  }
  if (await holdsAdmin(db, existing.id)) return 'already-admin';
  if (!(await backend.passwordMatches(existing, credentials))) throw new AdminSetupError(notYourAccount(credentials.email));
  return (await grantAdmin(db, existing.id)) ? 'already-admin' : 'promoted';
}

/** How many accounts hold the admin role (none: the start log offers the setup link). */
export async function countAdmins(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from public.user_roles ur join public.roles r on r.id = ur.role_id where r.name = 'admin'`,
  );
  return rows[0]?.n ?? 0;
}
