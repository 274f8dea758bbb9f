import { z } from 'zod';

/** Spec section 5, login: both fields non-empty after trimming. */
export const LOGIN_MISSING = 'Please enter both email and password';

export const loginSchema = z.object({
  email: z.string({ error: LOGIN_MISSING }).trim().min(1, { error: LOGIN_MISSING }).max(320, { error: 'Invalid email or password' }),
  // Not trimmed for use (a password may end in a space), only checked for blankness.
  password: z
    .string({ error: LOGIN_MISSING })
    .refine((value) => value.trim().length > 0, { error: LOGIN_MISSING })
    .refine((value) => value.length <= 256, { error: 'Invalid email or password' }),
});

export type LoginInput = z.infer<typeof loginSchema>;

export const SIGNUP_MISSING = { title: 'Missing fields', description: 'Please fill in all required fields.' } as const;
export const SIGNUP_MISMATCH = { title: 'Password mismatch', description: 'Passwords do not match. Please try again.' } as const;
export const PASSWORD_TOO_SHORT = 'Password should be at least 8 characters.';

const passwordField = z
  .string()
  .min(8, { error: PASSWORD_TOO_SHORT })
  .max(256, { error: 'Password should be at most 256 characters.' });

/** Spec section 5, signup: all three fields required (toast 'Missing fields'); the two passwords equal. */
export const signupSchema = z
  .object({
    email: z.string().trim().min(1, { error: SIGNUP_MISSING.description }).pipe(z.email({ error: 'Please enter a valid email address.' })),
    password: z.string().min(1, { error: SIGNUP_MISSING.description }),
    confirmPassword: z.string().min(1, { error: SIGNUP_MISSING.description }),
  })
  .refine((value) => value.password === value.confirmPassword, { error: SIGNUP_MISMATCH.description, path: ['confirmPassword'] })
  .pipe(z.object({ email: z.string(), password: passwordField, confirmPassword: z.string() }));

export type SignupInput = z.infer<typeof signupSchema>;

export const ADMIN_EMAIL_INVALID = 'Please enter a valid email address.';

/** Spec section 5, admin email form: non-empty and containing '@' (the account must exist anyway). */
export const adminEmailSchema = z.object({
  email: z
    .string({ error: ADMIN_EMAIL_INVALID })
    .trim()
    .min(1, { error: ADMIN_EMAIL_INVALID })
    .max(320, { error: ADMIN_EMAIL_INVALID })
    .refine((value) => value.includes('@'), { error: ADMIN_EMAIL_INVALID }),
});

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
