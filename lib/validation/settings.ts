import { z } from '@/lib/validation/zod';
import { isSafeImageUrl } from './about';
import { boundedText } from './lists';

/**
 * Admin Settings' three forms (spec "Admin Settings"), shared by the forms and their server actions.
 * Client-safe. The field names are the forms' field ids, so a field error lands beside its field.
 */

export const SETTINGS_LIMITS = {
  name: 120,
  bio: 2_000,
  title: 120,
  description: 300,
  url: 2_048,
  password: 256,
} as const;

export const PASSWORD_MIN_LENGTH = 8;

export const SETTINGS_MESSAGES = {
  socialImageUrl: 'Enter an http(s) address or a site path starting with /.',
  currentPasswordMissing: 'Enter your current password.',
  currentPasswordWrong: 'The current password is incorrect.',
  newPasswordTooShort: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  newPasswordTooLong: `The new password must be at most ${SETTINGS_LIMITS.password} characters.`,
  newPasswordSame: 'The new password must differ from the current one.',
  confirmMismatch: 'The passwords do not match.',
} as const;

/** The refusal of a wrong current password, shown beside the Current Password field. */
export const CURRENT_PASSWORD_WRONG = SETTINGS_MESSAGES.currentPasswordWrong;

export const profileSettingsSchema = z.object({
  displayName: boundedText(SETTINGS_LIMITS.name, 'Display name'),
  bio: boundedText(SETTINGS_LIMITS.bio, 'Bio'),
});

export type ProfileSettingsInput = z.input<typeof profileSettingsSchema>;

export const siteSettingsSchema = z.object({
  siteTitle: boundedText(SETTINGS_LIMITS.title, 'Site title'),
  metaDescription: boundedText(SETTINGS_LIMITS.description, 'Meta description'),
  // Empty means the built-in image; otherwise nothing a browser would run (javascript:, data:).
  socialImageUrl: boundedText(SETTINGS_LIMITS.url, 'Social image URL').refine((value) => value === '' || isSafeImageUrl(value), {
    error: SETTINGS_MESSAGES.socialImageUrl,
  }),
});

export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

/** Passwords are never trimmed (one may end in a space). */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: SETTINGS_MESSAGES.currentPasswordMissing })
      .min(1, { error: SETTINGS_MESSAGES.currentPasswordMissing })
      .max(SETTINGS_LIMITS.password, { error: SETTINGS_MESSAGES.currentPasswordWrong }),
    newPassword: z
      .string({ error: SETTINGS_MESSAGES.newPasswordTooShort })
      .min(PASSWORD_MIN_LENGTH, { error: SETTINGS_MESSAGES.newPasswordTooShort })
      .max(SETTINGS_LIMITS.password, { error: SETTINGS_MESSAGES.newPasswordTooLong }),
    confirmPassword: z.string({ error: SETTINGS_MESSAGES.confirmMismatch }),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: SETTINGS_MESSAGES.confirmMismatch });
    }
    if (value.currentPassword !== '' && value.newPassword === value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: SETTINGS_MESSAGES.newPasswordSame });
    }
  });

export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;
