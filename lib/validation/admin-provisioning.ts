import { z } from '@/lib/validation/zod';

/** The first admin's credentials, from the command line or ADMIN_EMAIL / ADMIN_PASSWORD. */
export const adminCredentialsSchema = z.object({
  email: z
    .string({ error: 'An email is required (--email you@example.com).' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'The email address is not valid.' })),
  password: z
    .string({ error: 'A password is required (--password ...).' })
    .min(8, { error: 'The password must be at least 8 characters.' })
    .max(256, { error: 'The password must be at most 256 characters.' }),
});

export type AdminCredentials = z.infer<typeof adminCredentialsSchema>;
