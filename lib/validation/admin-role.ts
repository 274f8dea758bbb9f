import { z } from '@/lib/validation/zod';

export const ADMIN_EMAIL_INVALID = 'Please enter a valid email address.';

/** docs/product.md §5, admin email form: non-empty and containing '@' (the account must exist anyway). */
export const adminEmailSchema = z.object({
  email: z
    .string({ error: ADMIN_EMAIL_INVALID })
    .trim()
    .min(1, { error: ADMIN_EMAIL_INVALID })
    .max(320, { error: ADMIN_EMAIL_INVALID })
    .refine((value) => value.includes('@'), { error: ADMIN_EMAIL_INVALID }),
});
