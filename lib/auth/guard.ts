import 'server-only';
import { cache } from 'react';
import { redirect } from 'next/navigation';
import type { ActionResult } from '@/lib/action-result';
import { getDb } from '@/lib/db/client';
import { auditLog } from './audit';
import { ACCESS_DENIED, LOGIN_PATH, UNAUTHORIZED_PATH } from './constants';
import { getAuth } from './index';
import { isAdmin } from './admin-role';
import type { AuthUser } from './types';

export type AdminCheck = { ok: true; user: { id: string; email: string } } | { ok: false; reason: 'anonymous' | 'forbidden' };

/**
 * The authorisation decision for server actions and route handlers: a verified session from the
 * request's cookies, and the admin role re-read from the database on every call (a revoked admin loses
 * access at once). Deliberately not subject to the 5-minute freshness stamp: an admin who typed for 20
 * minutes can still save.
 */
export async function checkAdmin(): Promise<AdminCheck> {
  const user = await getAuth().getUser();
  if (!user) return denied({ ok: false, reason: 'anonymous' });
  if (!(await isAdmin(await getDb(), user.id))) return denied({ ok: false, reason: 'forbidden' }, user.id);
  return { ok: true, user: { id: user.id, email: user.email } };
}

/** Every refusal goes to the security log. */
async function denied(check: Extract<AdminCheck, { ok: false }>, userId?: string): Promise<AdminCheck> {
  await auditLog('denied', { reason: check.reason, user: userId });
  return check;
}

/** What an admin server action answers a caller checkAdmin() refused. */
export function adminRefusal(check: Extract<AdminCheck, { ok: false }>): ActionResult<never> {
  return { ok: false, error: ACCESS_DENIED[check.reason] };
}

/**
 * For guarded admin pages (app/admin/(guarded)): the admin, or a redirect to the login page (anonymous)
 * or Access Denied (no role). Cached for the request, so the guarded layout and the page share one
 * session and role check. A page calls it before reading anything; a server action calls checkAdmin()
 * instead (it answers an ActionResult, it does not redirect) before it looks at its input.
 */
export const requireAdmin = cache(async (): Promise<AuthUser> => {
  const check = await checkAdmin();
  if (check.ok) return check.user;
  redirect(check.reason === 'anonymous' ? LOGIN_PATH : UNAUTHORIZED_PATH);
});

/** The signed-in user whatever their role (the login and Access Denied pages), or null. */
export async function getCurrentUser(): Promise<AuthUser | null> {
  return getAuth().getUser();
}
