'use server';

import type { ActionResult } from '@/lib/action-result';
import { getAuth } from '@/lib/auth';
import { auditLog } from '@/lib/auth/audit';
import { safeAdminPath } from '@/lib/auth/constants';
import { clientInfo, stampFreshness, takeRequestedPath } from '@/lib/auth/request';
import { getEnv } from '@/lib/env';
import { SIGNUP_CLOSED, loginSchema, signupSchema } from '@/lib/validation/auth';

/**
 * Password sign-in. On success the freshness stamp starts, and the admin goes to the path they first
 * asked for (read once, and only ever a path inside the admin area) or the dashboard.
 */
export async function signInAction(_previous: unknown, formData: FormData): Promise<ActionResult<{ redirectTo: string }>> {
  const parsed = loginSchema.safeParse({ email: formData.get('email'), password: formData.get('password') });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Please enter both email and password' };
  try {
    const result = await getAuth().signInWithPassword(parsed.data, await clientInfo());
    if (!result.ok) {
      await auditLog('sign-in-failed', { email: parsed.data.email, reason: result.code ?? 'refused' });
      return { ok: false, error: result.error || 'Invalid email or password' };
    }
    if (!result.data.user?.id) return { ok: false, error: 'Login failed. Please check your credentials.' };
    await auditLog('sign-in', { email: parsed.data.email, user: result.data.user.id });
    await stampFreshness(result.data.user.id);
    return { ok: true, data: { redirectTo: safeAdminPath(await takeRequestedPath()) } };
  } catch (error) {
    console.error('Sign-in failed', error);
    return { ok: false, error: 'An error occurred during login' };
  }
}

/**
 * Sign-up, open only when the operator set ALLOW_SIGNUP (an account is what Grant Admin Access promotes).
 * An address that is registered already gets the same answer as a new one: the form never tells a
 * stranger which addresses have accounts.
 */
export async function signUpAction(_previous: unknown, formData: FormData): Promise<ActionResult<{ email: string }>> {
  if (!getEnv().ALLOW_SIGNUP) return { ok: false, error: SIGNUP_CLOSED };
  const parsed = signupSchema.safeParse({
    email: formData.get('email') ?? '',
    password: formData.get('password') ?? '',
    confirmPassword: formData.get('confirmPassword') ?? '',
  });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? 'Failed to sign up' };
  const { email, password } = parsed.data;
  try {
    const result = await getAuth().signUp({ email, password }, await clientInfo());
    await auditLog('sign-up', { email, result: result.ok ? 'created' : (result.code ?? 'refused') });
    if (result.ok || result.code === 'user_exists') return { ok: true, data: { email } };
    return { ok: false, error: result.error || 'Failed to sign up' };
  } catch (error) {
    console.error('Sign-up failed', error);
    return { ok: false, error: 'Failed to sign up' };
  }
}
