'use server';

import { RedirectType, redirect } from 'next/navigation';
import { countAdmins, ensureAdmin } from '@/lib/auth/admins';
import { getAuth } from '@/lib/auth';
import { clientInfo, stampFreshness } from '@/lib/auth/request';
import { consumeSetupCode } from '@/lib/auth/setup';
import { getDb } from '@/lib/db/client';
import { getEnv } from '@/lib/env';
import { setupSchema } from '@/lib/validation/auth';

export type SetupState =
  | { status: 'idle' }
  | { status: 'error'; message: string; email: string; fieldErrors?: Record<string, string> };

const REFUSED = 'This setup link is no longer valid. An admin account exists already, or the link was used.';

/**
 * First run: the holder of the one-time code printed by the server creates the owner account with the
 * admin role and is signed in. Refused without the code and once any admin exists.
 */
export async function createOwnerAction(_previous: SetupState, formData: FormData): Promise<SetupState> {
  const email = String(formData.get('email') ?? '');
  const parsed = setupSchema.safeParse({
    code: formData.get('code') ?? '',
    email: formData.get('email') ?? '',
    password: formData.get('password') ?? '',
    confirmPassword: formData.get('confirmPassword') ?? '',
  });
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), issue.message]));
    return { status: 'error', message: parsed.error.issues[0]?.message ?? 'Please check the form.', email, fieldErrors };
  }
  const db = await getDb();
  if ((await countAdmins(db)) > 0) return { status: 'error', message: REFUSED, email };
  const giveBack = consumeSetupCode(parsed.data.code);
  if (!giveBack) return { status: 'error', message: REFUSED, email };

  const auth = getAuth();
  const client = await clientInfo();
  const credentials = { email: parsed.data.email, password: parsed.data.password };
  try {
    const env = getEnv();
    const { rows } = await db.query('select 1 from auth.users where lower(email) = lower($1)', [credentials.email]);
    if (rows.length === 0) {
      if (env.mode === 'supabase') {
        // Supabase Auth owns the users: register through it; the role is granted in the database below.
        const signedUp = await auth.signUp(credentials, client);
        if (!signedUp.ok) {
          giveBack();
          return { status: 'error', message: signedUp.error, email };
        }
      } else {
        await ensureAdmin(db, env, credentials);
      }
    }
    // Signing in proves the password: an existing account is promoted only for whoever knows it.
    const signedIn = await auth.signInWithPassword(credentials, client);
    if (!signedIn.ok) {
      giveBack();
      return { status: 'error', message: signedIn.error, email };
    }
    await ensureAdmin(db, env, credentials);
    await stampFreshness(signedIn.data.user.id);
  } catch (error) {
    console.error('First-run setup failed', error);
    giveBack();
    return { status: 'error', message: 'The owner account could not be created. Please try again.', email };
  }
  // From the action itself: re-rendered now, this page would already refuse (an admin exists).
  redirect('/admin', RedirectType.replace);
}
