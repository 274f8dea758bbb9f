'use server';

import { grantAdminByEmail, listAdmins, revokeAdminByEmail, type AdminUser } from '@/lib/auth/admin-users';
import { adminRefusal, checkAdmin } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { adminEmailSchema } from '@/lib/validation/auth';

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: string; fieldErrors?: Record<string, string> };

function parseEmail(input: unknown): { ok: true; email: string } | { ok: false; error: string; fieldErrors: Record<string, string> } {
  const parsed = adminEmailSchema.safeParse(input);
  if (parsed.success) return { ok: true, email: parsed.data.email };
  const error = parsed.error.issues[0]?.message ?? 'Please enter a valid email address.';
  return { ok: false, error, fieldErrors: { email: error } };
}

export async function listAdminsAction(): Promise<ActionResult<AdminUser[]>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  try {
    return { ok: true, data: await listAdmins(await getDb()) };
  } catch (error) {
    console.error('Failed to load admin users', error);
    return { ok: false, error: 'Failed to load admin users' };
  }
}

export async function grantAdminAction(input: unknown): Promise<ActionResult<{ message: string }>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = parseEmail(input);
  if (!parsed.ok) return parsed;
  try {
    const result = await grantAdminByEmail(await getDb(), parsed.email);
    return result.ok ? { ok: true, data: { message: result.message } } : { ok: false, error: result.error };
  } catch (error) {
    console.error('Failed to grant admin access', error);
    return { ok: false, error: 'Failed to grant admin access. Please try again.' };
  }
}

export async function revokeAdminAction(input: unknown): Promise<ActionResult<{ message: string }>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = parseEmail(input);
  if (!parsed.ok) return parsed;
  try {
    const result = await revokeAdminByEmail(await getDb(), parsed.email);
    return result.ok ? { ok: true, data: { message: result.message } } : { ok: false, error: result.error };
  } catch (error) {
    console.error('Failed to revoke admin access', error);
    return { ok: false, error: 'Failed to revoke admin access. Please try again.' };
  }
}
