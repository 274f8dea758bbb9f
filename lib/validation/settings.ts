import { z } from '@/lib/validation/zod';
import { boundedText } from './lists';
import { isTimeZone } from './talks';

/**
 * Admin Settings' three forms (docs/product.md §2, "Admin Settings"), shared by the forms and their server actions.
 * Client-safe. The field names are the forms' field ids, so a field error lands beside its field.
 */

export const SETTINGS_LIMITS = {
  name: 120,
  bio: 2_000,
  title: 120,
  description: 300,
  url: 2_048,
  password: 256,
  email: 254,
} as const;

export const PASSWORD_MIN_LENGTH = 8;

export const SETTINGS_MESSAGES = {
  timeZone: 'Choose a time zone from the list, such as Europe/London or America/New_York.',
  socialImageUrl: 'Enter an https:// address or a site path starting with /.',
  socialImageHost: 'Enter an https:// address on a public host name, not localhost, an IP address or an internal name.',
  socialImageCredentials: 'Enter an https:// address without a user name or password.',
  currentPasswordMissing: 'Enter your current password.',
  currentPasswordWrong: 'The current password is incorrect.',
  newPasswordTooShort: `The new password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  newPasswordTooLong: `The new password must be at most ${SETTINGS_LIMITS.password} characters.`,
  newPasswordSame: 'The new password must differ from the current one.',
  confirmMismatch: 'The passwords do not match.',
  lookupContactEmail: 'Enter an e-mail address such as you@university.edu, or leave it blank.',
} as const;

/**
 * Names that only mean something inside a network (RFC 6761, 6762, 8375 and common private suffixes):
 * refused as a host of the social image, with every name under them.
 */
const INTERNAL_NAMES = ['localhost', 'local', 'localdomain', 'internal', 'intranet', 'lan', 'home', 'corp', 'private', 'arpa', 'test', 'invalid'];

// Control characters, tab and newline among them: the URL parser drops tabs and newlines, so
// '/\t/evil.example' would become '//evil.example', another site's address.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Where a site path is resolved to be checked: any origin would do, it must merely stay the same. */
const SITE_ORIGIN = 'https://site.invalid';

export type SocialImageCheck = 'ok' | keyof Pick<typeof SETTINGS_MESSAGES, 'socialImageUrl' | 'socialImageHost' | 'socialImageCredentials'>;

/**
 * Whether a default social image address is acceptable, else which message refuses it. Accepted: a site
 * path ('/storage/…', '/placeholder.svg') that stays on the site, or an https:// address on a public
 * host name. The address goes into every public page's og:image, which link-preview services (some
 * inside a company's network) fetch; so no IP address in any spelling (the URL parser turns 2130706433
 * and 0x7f.1 into 127.0.0.1, so every spelling is an IP literal here), no localhost or internal name, no
 * single-label name, no user name or password. This site itself never fetches the address. A public name
 * that resolves to a private address cannot be told from here without a DNS lookup at every page view;
 * the services that fetch the image have to guard against that themselves.
 */
export function checkSocialImageUrl(value: string): SocialImageCheck {
  if (CONTROL.test(value)) return 'socialImageUrl';
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.includes('\\')) return 'socialImageUrl';
    try {
      return new URL(value, SITE_ORIGIN).origin === SITE_ORIGIN ? 'ok' : 'socialImageUrl';
    } catch {
      return 'socialImageUrl';
    }
  }
  if (!/^https:\/\//i.test(value) || value.includes('\\')) return 'socialImageUrl';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'socialImageUrl';
  }
  if (url.protocol !== 'https:') return 'socialImageUrl';
  const authority = value.slice('https://'.length).split(/[/?#]/, 1)[0] ?? '';
  if (authority.includes('@') || url.username !== '' || url.password !== '') return 'socialImageCredentials';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  // An IPv6 literal ('[::1]', '[::ffff:7f00:1]'), or an IPv4 one in whatever spelling it was typed.
  if (host.startsWith('[') || host.includes(':') || /^[0-9.]+$/.test(host)) return 'socialImageHost';
  const labels = host.split('.');
  if (labels.length < 2 || labels.some((label) => label === '')) return 'socialImageHost';
  if (INTERNAL_NAMES.some((name) => host === name || host.endsWith(`.${name}`))) return 'socialImageHost';
  // A last label of digits is no top-level domain ('1.2.3.4.5' the parser would not call IPv4).
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) return 'socialImageHost';
  return 'ok';
}

/** The refusal of a wrong current password, shown beside the Current Password field. */
export const CURRENT_PASSWORD_WRONG = SETTINGS_MESSAGES.currentPasswordWrong;

export const profileSettingsSchema = z.object({
  displayName: boundedText(SETTINGS_LIMITS.name, 'Display name'),
  bio: boundedText(SETTINGS_LIMITS.bio, 'Bio'),
});

export const siteSettingsSchema = z.object({
  siteTitle: boundedText(SETTINGS_LIMITS.title, 'Site title'),
  metaDescription: boundedText(SETTINGS_LIMITS.description, 'Meta description'),
  // Empty means the built-in image; otherwise a site path or an https:// address on a public host.
  socialImageUrl: boundedText(SETTINGS_LIMITS.url, 'Social image URL').superRefine((value, ctx) => {
    // Past the limit the length message alone is shown, and the address not parsed.
    if (value === '' || value.length > SETTINGS_LIMITS.url) return;
    const check = checkSocialImageUrl(value);
    if (check !== 'ok') ctx.addIssue({ code: 'custom', message: SETTINGS_MESSAGES[check] });
  }),
});

/**
 * Publication Lookups: the contact address given to the scholarly sources with each lookup (Crossref asks
 * for one); blank sends none.
 */
export const lookupContactSchema = z.object({
  lookupContactEmail: boundedText(SETTINGS_LIMITS.email, 'The contact e-mail').refine(
    (value) => value === '' || z.email().safeParse(value).success,
    { error: SETTINGS_MESSAGES.lookupContactEmail },
  ),
});

/** The site's time zone: an IANA name the server knows ('Europe/London', 'UTC'). */
export const timeZoneSchema = z.object({
  timeZone: z
    .string({ error: SETTINGS_MESSAGES.timeZone })
    .trim()
    .refine(isTimeZone, { error: SETTINGS_MESSAGES.timeZone }),
});

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
    confirmPassword: z
      .string({ error: SETTINGS_MESSAGES.confirmMismatch })
      .max(SETTINGS_LIMITS.password, { error: SETTINGS_MESSAGES.newPasswordTooLong }),
  })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: SETTINGS_MESSAGES.confirmMismatch });
    }
    if (value.currentPassword !== '' && value.newPassword === value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: SETTINGS_MESSAGES.newPasswordSame });
    }
  });
