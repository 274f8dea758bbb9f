import { z } from '@/lib/validation/zod';

/** docs/product.md §5, login: both fields non-empty after trimming. */
export const LOGIN_MISSING = 'Please enter both email and password';

export const loginSchema = z.object({
  email: z.string({ error: LOGIN_MISSING }).trim().min(1, { error: LOGIN_MISSING }).max(320, { error: 'Invalid email or password' }),
  // Not trimmed for use (a password may end in a space), only checked for blankness.
  password: z
    .string({ error: LOGIN_MISSING })
    .refine((value) => value.trim().length > 0, { error: LOGIN_MISSING })
    .refine((value) => value.length <= 256, { error: 'Invalid email or password' }),
});

export const SIGNUP_MISSING = { title: 'Missing fields', description: 'Please fill in all required fields.' } as const;
export const SIGNUP_MISMATCH = { title: 'Password mismatch', description: 'Passwords do not match. Please try again.' } as const;
export const SIGNUP_CLOSED = 'Sign-up is closed. Ask the site owner for an account.';

/** The toast title for a sign-up refusal: the titles docs/product.md §5 gives its two messages, else 'Failed to sign up'. */
export function signupErrorTitle(message: string): string {
  if (message === SIGNUP_MISSING.description) return SIGNUP_MISSING.title;
  if (message === SIGNUP_MISMATCH.description) return SIGNUP_MISMATCH.title;
  return 'Failed to sign up';
}

export const PASSWORD_TOO_SHORT = 'Password should be at least 8 characters.';

const passwordField = z
  .string()
  .min(8, { error: PASSWORD_TOO_SHORT })
  .max(256, { error: 'Password should be at most 256 characters.' });

/** docs/product.md §5, signup: all three fields required (toast 'Missing fields'); the two passwords equal. */
export const signupSchema = z
  .object({
    email: z.string().trim().min(1, { error: SIGNUP_MISSING.description }).pipe(z.email({ error: 'Please enter a valid email address.' })),
    password: z.string().min(1, { error: SIGNUP_MISSING.description }),
    confirmPassword: z.string().min(1, { error: SIGNUP_MISSING.description }),
  })
  .refine((value) => value.password === value.confirmPassword, { error: SIGNUP_MISMATCH.description, path: ['confirmPassword'] })
  .pipe(z.object({ email: z.string(), password: passwordField, confirmPassword: z.string() }));

/** First-run owner account: the one-time code plus the same rules as sign-up. */
export const setupSchema = z
  .object({
    code: z.string().trim().min(1, { error: 'The setup link is missing its code.' }).max(200),
    email: z.string().trim().min(1, { error: SIGNUP_MISSING.description }).pipe(z.email({ error: 'Please enter a valid email address.' })),
    password: passwordField,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, { error: SIGNUP_MISMATCH.description, path: ['confirmPassword'] });

export const signOutScopeSchema = z.enum(['global', 'local', 'others']).default('local');
