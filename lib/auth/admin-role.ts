import 'server-only';
import { noteAdminWrite } from '@/lib/backup/notify';
import type { Database, Queryable } from '@/lib/db/types';

/**
 * The admin role: who holds it (the guard's check, the Admin Users list) and granting or revoking it by
 * email (the Admin Users screen, messages as the error catalogue words them).
 */

export interface AdminUser {
  id: string;
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
}

export type AdminChange = { ok: true; message: string } | { ok: false; error: string };

export const ROLE_MISSING = 'Admin role not found in the database. Please check your database setup.';
export const LAST_ADMIN = 'You cannot revoke admin access from the last admin. Grant admin access to another user first.';
/** The `{message}` of a step that failed in the database: its own text goes to the log, never to the page. */
export const DATABASE_FAILED = 'the database could not complete the request.';

/** A step of a grant or revoke that failed in the database, worded as the error catalogue words that step. */
class RoleStepError extends Error {
  constructor(prefix: string, cause: unknown) {
    super(`${prefix}: ${DATABASE_FAILED}`, { cause });
  }
}

async function step<T>(prefix: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new RoleStepError(prefix, error);
  }
}

/**
 * A grant or revoke in one transaction; a step that failed rolls it back and is answered with its own message.
 * A change made schedules the backup, as every admin write does (lib/backup/notify.ts).
 */
async function roleChange(db: Database, change: (tx: Queryable) => Promise<AdminChange>): Promise<AdminChange> {
  try {
    const changed = await db.transaction(change);
    if (changed.ok) noteAdminWrite();
    return changed;
  } catch (error) {
    if (!(error instanceof RoleStepError)) throw error;
    console.error(error.message, error.cause);
    return { ok: false, error: error.message };
  }
}

export async function listAdmins(db: Queryable): Promise<AdminUser[]> {
  const { rows } = await db.query<{ id: string; email: string; full_name: string | null; avatar_url: string | null }>(
    `select u.id::text as id, u.email, p.full_name, p.avatar_url
     from public.user_roles ur
     join public.roles r on r.id = ur.role_id and r.name = 'admin'
     join auth.users u on u.id = ur.user_id
     left join public.profiles p on p.id = u.id
     order by ur.created_at, u.email`,
  );
  return rows.map((row) => ({ id: row.id, email: row.email, fullName: row.full_name, avatarUrl: row.avatar_url }));
}

/**
 * Takes the admin role row FOR UPDATE: grants and revokes run one after another, so two admins revoking
 * each other at the same moment cannot leave the site with none.
 */
async function lockAdminRole(tx: Queryable): Promise<string | null> {
  const { rows } = await step('Error finding admin role', () => tx.query<{ id: string }>(`select id::text as id from public.roles where name = 'admin' for update`));
  return rows[0]?.id ?? null;
}

async function findUser(tx: Queryable, email: string): Promise<{ id: string } | null> {
  const { rows } = await tx.query<{ id: string }>('select id::text as id from auth.users where lower(email) = lower($1)', [email]);
  return rows[0] ?? null;
}

export async function grantAdminByEmail(db: Database, email: string): Promise<AdminChange> {
  return roleChange(db, async (tx) => {
    const roleId = await lockAdminRole(tx);
    if (!roleId) return { ok: false, error: ROLE_MISSING };
    const user = await findUser(tx, email);
    if (!user) return { ok: false, error: `User with email ${email} not found. Make sure they have registered first.` };
    const { affectedRows } = await step('Failed to grant admin access', () =>
      tx.query('insert into public.user_roles (user_id, role_id) values ($1, $2) on conflict do nothing', [user.id, roleId]),
    );
    if (affectedRows === 0) return { ok: false, error: `User ${email} already has admin access.` };
    return { ok: true, message: `Admin access granted to ${email} successfully.` };
  });
}

export async function revokeAdminByEmail(db: Database, email: string): Promise<AdminChange> {
  return roleChange(db, async (tx) => {
    const roleId = await lockAdminRole(tx);
    if (!roleId) return { ok: false, error: ROLE_MISSING };
    const user = await findUser(tx, email);
    if (!user) return { ok: false, error: `User with email ${email} not found.` };
    const { rows } = await tx.query<{ n: number; has: boolean }>(
      `select count(*)::int as n, coalesce(bool_or(user_id = $2::uuid), false) as has from public.user_roles where role_id = $1`,
      [roleId, user.id],
    );
    if (!rows[0]?.has) return { ok: false, error: `User ${email} does not have admin access.` };
    if (rows[0].n <= 1) return { ok: false, error: LAST_ADMIN };
    await step('Failed to revoke admin access', () => tx.query('delete from public.user_roles where user_id = $1 and role_id = $2', [user.id, roleId]));
    return { ok: true, message: `Admin access revoked from ${email} successfully.` };
  });
}

export async function isAdmin(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ admin: boolean }>(
    `select exists (
       select 1 from public.user_roles ur join public.roles r on r.id = ur.role_id
       where ur.user_id = $1::uuid and r.name = 'admin'
     ) as admin`,
    [userId],
  );
  return rows[0]?.admin === true;
}
