'use server';

import { RedirectType, redirect } from 'next/navigation';
import { invalidInput, type ActionResult } from '@/lib/action-result';
import { getAuth } from '@/lib/auth';
import { AdminSetupError, countAdmins, ensureAdmin } from '@/lib/auth/admin-provisioning';
import { clientInfo, stampFreshness } from '@/lib/auth/request';
import { consumeSetupCode } from '@/lib/auth/setup';
import { getDb } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { setupSchema } from '@/lib/validation/auth';

const REFUSED = 'This setup link is no longer valid. An admin account exists already, or the link was used.';

/**
 * First run: the holder of the one-time code printed by the server creates the owner account with the
 * admin role and is signed in. Refused without the code and once any admin exists. An account that
 * exists already under the address is promoted only with its own password (ensureAdmin checks it).
 */
export async function createOwnerAction(_previous: unknown, formData: FormData): Promise<ActionResult<never>> {
  const parsed = setupSchema.safeParse({
    code: formData.get('code') ?? '',
    email: formData.get('email') ?? '',
    password: formData.get('password') ?? '',
    confirmPassword: formData.get('confirmPassword') ?? '',
  });
  if (!parsed.success) return invalidInput(parsed.error);
  const db = await getDb();
  if ((await countAdmins(db)) > 0) return { ok: false, error: REFUSED };
  const giveBack = consumeSetupCode(parsed.data.code);
  if (!giveBack) return { ok: false, error: REFUSED };

  const credentials = { email: parsed.data.email.toLowerCase(), password: parsed.data.password };
  try {
    await ensureAdmin(db, getEnv(), credentials);
    const signedIn = await getAuth().signInWithPassword(credentials, await clientInfo());
    if (!signedIn.ok) {
      giveBack();
      return { ok: false, error: signedIn.error };
    }
    await stampFreshness(signedIn.data.user.id);
  } catch (error) {
    giveBack();
    if (error instanceof AdminSetupError) return { ok: false, error: error.message };
    console.error('First-run setup failed', error);
    return { ok: false, error: 'The owner account could not be created. Please try again.' };
  }
  // From the action itself: re-rendered now, this page would already refuse (an admin exists).
  redirect('/admin/welcome', RedirectType.replace);
}
