'use server';

import { auditLog } from '@/lib/auth/audit';
import type { ActionResult } from '@/lib/action-result';
import { getAuth } from '@/lib/auth';
import { signOutScopeSchema } from '@/lib/validation/auth';

/**
 * 'Exit Admin' in the guarded layout's header (components/admin/admin-frame.tsx), hence beside that layout:
 * ends the session (scope local unless asked otherwise).
 */
export async function signOutAction(scope?: unknown): Promise<ActionResult> {
  const parsed = signOutScopeSchema.safeParse(scope ?? undefined);
  if (!parsed.success) return { ok: false, error: 'Failed to sign out' };
  try {
    const result = await getAuth().signOut(parsed.data);
    if (result.ok) await auditLog('sign-out', { scope: parsed.data });
    return result.ok ? { ok: true, data: null } : { ok: false, error: result.error || 'Failed to sign out' };
  } catch (error) {
    console.error('Sign-out failed', error);
    return { ok: false, error: 'Failed to sign out' };
  }
}
