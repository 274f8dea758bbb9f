'use server';

import { getAuth } from '@/lib/auth';
import { signOutScopeSchema } from '@/lib/validation/auth';

export type SignOutResult = { ok: true } | { ok: false; error: string };

/** 'Exit Admin': ends the session (spec section 4 scopes; local unless asked otherwise). */
export async function signOutAction(scope?: unknown): Promise<SignOutResult> {
  const parsed = signOutScopeSchema.safeParse(scope ?? undefined);
  if (!parsed.success) return { ok: false, error: 'Failed to sign out' };
  try {
    const result = await getAuth().signOut(parsed.data);
    return result.ok ? { ok: true } : { ok: false, error: result.error || 'Failed to sign out' };
  } catch (error) {
    console.error('Sign-out failed', error);
    return { ok: false, error: 'Failed to sign out' };
  }
}
