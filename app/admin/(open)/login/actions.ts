'use server';

import { getAuth } from '@/lib/auth';
import { safeAdminPath } from '@/lib/auth/constants';
import { clientInfo, stampFreshness, takeRequestedPath } from '@/lib/auth/request';
import { SIGNUP_MISMATCH, SIGNUP_MISSING, loginSchema, signupSchema } from '@/lib/validation/auth';

export type LoginState =
  | { status: 'idle' }
  | { status: 'error'; message: string; email: string }
  | { status: 'success'; redirectTo: string };

/**
 * Password sign-in. On success the freshness stamp starts, and the admin goes to the path they first
 * asked for (read once, and only ever a path inside the admin area) or the dashboard.
 */
export async function signInAction(_previous: LoginState, formData: FormData): Promise<LoginState> {
  const email = String(formData.get('email') ?? '');
  const parsed = loginSchema.safeParse({ email: formData.get('email'), password: formData.get('password') });
  if (!parsed.success) return { status: 'error', message: parsed.error.issues[0]?.message ?? 'Please enter both email and password', email };
  try {
    const result = await getAuth().signInWithPassword(parsed.data, await clientInfo());
    if (!result.ok) return { status: 'error', message: result.error || 'Invalid email or password', email };
    if (!result.data.user?.id) return { status: 'error', message: 'Login failed. Please check your credentials.', email };
    await stampFreshness(result.data.user.id);
    return { status: 'success', redirectTo: safeAdminPath(await takeRequestedPath()) };
  } catch (error) {
    console.error('Sign-in failed', error);
    return { status: 'error', message: 'An error occurred during login', email };
  }
}

export type SignupState =
  | { status: 'idle' }
  | { status: 'error'; title: string; message: string; email: string }
  | { status: 'success'; email: string };

export async function signUpAction(_previous: SignupState, formData: FormData): Promise<SignupState> {
  const email = String(formData.get('email') ?? '');
  const raw = { email: formData.get('email') ?? '', password: formData.get('password') ?? '', confirmPassword: formData.get('confirmPassword') ?? '' };
  const parsed = signupSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Failed to sign up';
    const title = message === SIGNUP_MISSING.description ? SIGNUP_MISSING.title : message === SIGNUP_MISMATCH.description ? SIGNUP_MISMATCH.title : 'Failed to sign up';
    return { status: 'error', title, message, email };
  }
  try {
    const result = await getAuth().signUp({ email: parsed.data.email, password: parsed.data.password }, await clientInfo());
    if (!result.ok) return { status: 'error', title: 'Failed to sign up', message: result.error || 'Failed to sign up', email };
    return { status: 'success', email: parsed.data.email };
  } catch (error) {
    console.error('Sign-up failed', error);
    return { status: 'error', title: 'Failed to sign up', message: 'Failed to sign up', email };
  }
}
