// @module-tag security
import { describe, expect, it } from 'vitest';

import { fieldErrorsOf } from '@/lib/action-result';
import { absoluteUrl } from '@/lib/absolute-url';
import { effectiveSiteSettings } from '@/lib/content/settings/rules';
import { passwordChangeSchema, SETTINGS_LIMITS, SETTINGS_MESSAGES, siteSettingsSchema } from '@/lib/validation/settings';

/**
 * Hostile values for Admin Settings: the default social image must never name an internal address (it
 * goes into every public page's og:image, which link-preview services fetch), and every field is bounded.
 */

function errorsOf(result: { success: boolean; error?: Parameters<typeof fieldErrorsOf>[0] }): Record<string, string> {
  return result.success || !result.error ? {} : fieldErrorsOf(result.error);
}

/** The messages, as the form shows them beside the field (spelled out: a test of the wording too). */
const MESSAGES = {
  url: 'Enter an https:// address or a site path starting with /.',
  host: 'Enter an https:// address on a public host name, not localhost, an IP address or an internal name.',
  credentials: 'Enter an https:// address without a user name or password.',
  newPasswordTooLong: `The new password must be at most 256 characters.`,
};

const site = { siteTitle: 'Title', metaDescription: 'Description' };
const imageError = (socialImageUrl: unknown) => errorsOf(siteSettingsSchema.safeParse({ ...site, socialImageUrl })).socialImageUrl;

describe('the default social image URL refuses internal addresses', () => {
  it('exports the messages the form shows', () => {
    expect(SETTINGS_MESSAGES).toMatchObject({
      socialImageUrl: MESSAGES.url,
      socialImageHost: MESSAGES.host,
      socialImageCredentials: MESSAGES.credentials,
      newPasswordTooLong: MESSAGES.newPasswordTooLong,
    });
  });

  const internal = [
    'https://localhost/',
    'https://localhost./card.png',
    'https://LOCALHOST/card.png',
    'https://app.localhost/card.png',
    'https://printer.local/card.png',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://intranet/card.png',
    'https://127.0.0.1/',
    'https://[::1]/',
    'https://10.0.0.1/',
    'https://192.168.1.1/',
    'https://172.16.0.1/',
    'https://169.254.169.254/latest/meta-data',
    'https://0.0.0.0/',
    'https://2130706433/',
    'https://0x7f.1/',
    'https://0177.0.0.1/',
    'https://[::ffff:127.0.0.1]/',
    'https://[fe80::1]/',
    'https://[fc00::1]/',
    // Public addresses are refused too: a social image is named by its host name.
    'https://93.184.216.34/card.png',
  ];
  for (const url of internal) {
    it(`refuses ${url}`, () => {
      expect(imageError(url)).toBe(MESSAGES.host);
    });
  }

  it('refuses an address with a user name or password', () => {
    for (const url of ['https://user:pass@images.example.org/card.png', 'https://user@images.example.org/card.png', 'https://images.example.org@127.0.0.1/']) {
      expect(imageError(url)).toBe(MESSAGES.credentials);
    }
  });

  it('refuses every scheme but https, and addresses that are not what they look like', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://images.example.org/card.png',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://images.example.org/card.png',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      // The URL parser drops tabs and newlines: these would become //evil.example, another site's address.
      '/\t/evil.example/x.png',
      '/\n/evil.example/x.png',
      'https:images.example.org/card.png',
      'https:/images.example.org/card.png',
      'https://images.example.org/a\tb.png',
      'not a url',
    ]) {
      expect(imageError(url), url).toBe(MESSAGES.url);
    }
  });

  it('accepts an https address on a public host name, and the site’s own files', () => {
    for (const url of [
      'https://images.example.org/card.png',
      'HTTPS://Images.Example.org/card.png?v=2#x',
      'https://xn--bcher-kva.example/card.png',
      '/storage/profile-images/og.png',
      '/placeholder.svg',
    ]) {
      expect(siteSettingsSchema.safeParse({ ...site, socialImageUrl: url }).success, url).toBe(true);
    }
  });

  it('refuses an address of 100 kB with the length message, not only some message', () => {
    expect(imageError(`https://images.example.org/${'a'.repeat(100_000)}.png`)).toBe(`Social image URL must be at most ${SETTINGS_LIMITS.url} characters.`);
  });

  it('never puts a stored internal address into the public pages (a value saved before the rule, or restored from a backup)', () => {
    for (const socialImageUrl of ['https://169.254.169.254/latest/meta-data', 'http://127.0.0.1/', 'https://localhost/', '/\t/evil.example/x.png', 'https://user:pass@images.example.org/x.png']) {
      const effective = effectiveSiteSettings({ siteTitle: '', metaDescription: '', socialImageUrl, updatedAt: null }, { title: 'Jane Doe', description: '' });
      expect(effective.socialImageUrl, socialImageUrl).toBe('');
    }
    const kept = effectiveSiteSettings({ siteTitle: '', metaDescription: '', socialImageUrl: '/storage/a.png', updatedAt: null }, { title: 'Jane Doe', description: '' });
    expect(absoluteUrl(kept.socialImageUrl, 'https://site.example.org')).toBe('https://site.example.org/storage/a.png');
  });
});

describe('every settings field is bounded on the server', () => {
  it('bounds the confirmation of a new password like the new password', () => {
    const huge = 'x'.repeat(100_000);
    expect(errorsOf(passwordChangeSchema.safeParse({ currentPassword: 'old password', newPassword: 'new password', confirmPassword: huge })).confirmPassword).toBe(
      MESSAGES.newPasswordTooLong,
    );
  });

  it('refuses 100 kB in any text field with that field’s length message', () => {
    const huge = 'x'.repeat(100_000);
    expect(errorsOf(siteSettingsSchema.safeParse({ siteTitle: huge, metaDescription: huge, socialImageUrl: '' }))).toEqual({
      siteTitle: `Site title must be at most ${SETTINGS_LIMITS.title} characters.`,
      metaDescription: `Meta description must be at most ${SETTINGS_LIMITS.description} characters.`,
    });
  });
});
