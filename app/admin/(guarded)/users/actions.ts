'use server';

import { auditLog } from '@/lib/auth/audit';
import { adminAction, AdminFacingError } from '@/lib/auth/admin-action';
import { DATABASE_FAILED, grantAdminByEmail, revokeAdminByEmail, type AdminChange } from '@/lib/auth/admin-role';
import { getDb } from '@/lib/db/client';
import { adminEmailSchema } from '@/lib/validation/admin-role';

type RoleChange = (db: Awaited<ReturnType<typeof getDb>>, email: string) => Promise<AdminChange>;

/**
 * Validate, then change the role; the page refreshes its list after. A step that failed in the database answers
 * with that step's message (lib/auth/admin-role.ts); anything else with the catalogue's 'An unexpected error
 * occurred: {message}'.
 */
function roleAction(change: RoleChange, event: 'admin-granted' | 'admin-revoked') {
  return adminAction({
    schema: adminEmailSchema,
    run: async ({ email }, { admin }) => {
      const result = await change(await getDb(), email);
      if (!result.ok) throw new AdminFacingError(result.error);
      await auditLog(event, { email, by: admin.id });
      return { message: result.message };
    },
    failed: { log: `Admin ${event} failed:`, answer: `An unexpected error occurred: ${DATABASE_FAILED}` },
  });
}

export const grantAdminAction = roleAction(grantAdminByEmail, 'admin-granted');

export const revokeAdminAction = roleAction(revokeAdminByEmail, 'admin-revoked');
