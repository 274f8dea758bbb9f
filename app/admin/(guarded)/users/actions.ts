'use server';

import { noteAdminWrite } from '@/lib/backup/notify';
import { auditLog } from '@/lib/auth/audit';
import { invalidInput, type ActionResult } from '@/lib/action-result';
import { DATABASE_FAILED, grantAdminByEmail, revokeAdminByEmail, type AdminChange } from '@/lib/auth/admin-role';
import { adminRefusal, checkAdmin } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';
import { adminEmailSchema } from '@/lib/validation/admin-role';

type RoleChange = (db: Awaited<ReturnType<typeof getDb>>, email: string) => Promise<AdminChange>;

/**
 * Re-check the caller's admin role, then validate, then change the role; the page refreshes its list after. A step
 * that failed in the database answers with that step's message (lib/auth/admin-role.ts); anything else
 * with the catalogue's 'An unexpected error occurred: {message}'.
 */
async function changeRole(input: unknown, change: RoleChange, event: 'admin-granted' | 'admin-revoked'): Promise<ActionResult<{ message: string }>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = adminEmailSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const result = await change(await getDb(), parsed.data.email);
    if (result.ok) {
      noteAdminWrite();
      await auditLog(event, { email: parsed.data.email, by: check.user.id });
    }
    return result.ok ? { ok: true, data: { message: result.message } } : { ok: false, error: result.error };
  } catch (error) {
    console.error(`Admin ${event} failed:`, error);
    return { ok: false, error: `An unexpected error occurred: ${DATABASE_FAILED}` };
  }
}

export async function grantAdminAction(input: unknown): Promise<ActionResult<{ message: string }>> {
  return changeRole(input, grantAdminByEmail, 'admin-granted');
}

export async function revokeAdminAction(input: unknown): Promise<ActionResult<{ message: string }>> {
  return changeRole(input, revokeAdminByEmail, 'admin-revoked');
}
