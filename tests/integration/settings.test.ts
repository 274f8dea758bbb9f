import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { authenticate, createPasswordUser, createSession, rotateRefreshToken } from '@/lib/auth/local-store';
import { hashPassword } from '@/lib/auth/password';
import type { Session } from '@/lib/auth/types';
import type { Database } from '@/lib/db/types';
import { effectiveSiteSettings } from '@/lib/content/settings/rules';
import { listAdmins } from '@/lib/auth/admin-role';
import { makeAdmin, openTestPglite } from '../helpers/db';

/**
 * Admin Settings on the real schema: the profile save (display name and bio in public.profiles, seen by
 * Admin Users), the site configuration (one row, read back, empty fields falling back to the built-in
 * values, the settings tag expired) and the built-in password change (the current password checked,
 * the new one stored, every other session ended and this one kept). Next's request and cache functions
 * need its runtime, so they are doubles here; the end-to-end test covers the pages.
 */
const database: { db?: Database } = {};
const SECRET = new TextEncoder().encode('settings-test-secret-settings-test-secret-1234');

const cache = vi.hoisted(() => ({ cacheTag: vi.fn(), updateTag: vi.fn(), revalidateTag: vi.fn() }));
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/cache', () => cache);
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));
vi.mock('@/lib/auth/secret', () => ({ getAuthSecret: () => SECRET }));
vi.mock('next/headers', async () => (await import('../helpers/next-headers')).nextHeadersDouble(jar));

const { getLookupContactEmail, getProfileSettings, getSiteSettings, getSiteSettingsForEditing, saveLookupContactEmail, saveProfileSettings, saveSiteSettings } =
  await import('@/lib/content/settings/queries');
const { localAuth } = await import('@/lib/auth/local');
const { COOKIES } = await import('@/lib/auth/constants');

const EMAIL = 'owner@example.com';
const OLD_PASSWORD = 'old password 123';
const NEW_PASSWORD = 'new password 456';
const CLIENT = { ip: '203.0.113.9', userAgent: 'vitest' };

let cleanup: () => Promise<void>;
let user: { id: string; email: string };

beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanup = opened.cleanup;
  const created = await createPasswordUser(opened.db, EMAIL, await hashPassword(OLD_PASSWORD));
  if (!created.ok) throw new Error(created.error);
  user = created.data;
  await makeAdmin(opened.db, user.id);
});

afterAll(async () => {
  await cleanup();
});

beforeEach(async () => {
  cache.updateTag.mockClear();
  cache.revalidateTag.mockClear();
  jar.clear();
  await database.db!.query('delete from auth.app_sign_in_attempts');
});

function signInAs(session: Session): void {
  jar.clear();
  jar.set(COOKIES.access, session.access_token);
  jar.set(COOKIES.refresh, session.refresh_token);
}

describe('Profile Settings', () => {
  it('starts from the profile the account was created with: no name, an empty bio, the account email', async () => {
    expect(await getProfileSettings(user)).toEqual({ id: user.id, email: EMAIL, displayName: '', bio: '' });
  });

  it('stores the display name and bio, which Admin Users then shows', async () => {
    const saved = await saveProfileSettings(user, { displayName: 'Alex Morgan', bio: 'Number theorist.\n\nSecond line, with "quotes".' });
    expect(saved).toEqual({ id: user.id, email: EMAIL, displayName: 'Alex Morgan', bio: 'Number theorist.\n\nSecond line, with "quotes".' });
    expect(await getProfileSettings(user)).toEqual(saved);
    const admins = await listAdmins(database.db!);
    expect(admins.find((admin) => admin.id === user.id)?.fullName).toBe('Alex Morgan');
  });

  it('stores an empty display name as no name (Admin Users shows Unnamed Admin)', async () => {
    await saveProfileSettings(user, { displayName: '', bio: 'Kept.' });
    const { rows } = await database.db!.query<{ full_name: string | null; bio: string }>('select full_name, bio from public.profiles where id = $1', [user.id]);
    expect(rows[0]).toEqual({ full_name: null, bio: 'Kept.' });
  });

  it('creates the profile row when the account has none', async () => {
    await database.db!.query('delete from public.profiles where id = $1', [user.id]);
    await saveProfileSettings(user, { displayName: 'Alex', bio: '' });
    expect((await getProfileSettings(user)).displayName).toBe('Alex');
  });
});

describe('Site Configuration', () => {
  const DEFAULTS = { title: 'Built-in Title', description: 'Built-in description.' };

  it('reads as empty before it is saved, and the public pages then use the built-in values', async () => {
    const settings = await getSiteSettingsForEditing();
    expect(settings).toMatchObject({ siteTitle: '', metaDescription: '', socialImageUrl: '' });
    expect(effectiveSiteSettings(settings, DEFAULTS)).toEqual({ siteTitle: 'Built-in Title', metaDescription: 'Built-in description.', socialImageUrl: '' });
  });

  it('stores one row, reads it back through the cached, tagged read, and expires the settings tag', async () => {
    const saved = await saveSiteSettings({ siteTitle: 'Number Theory Notes', metaDescription: 'Primes and zeros.', socialImageUrl: '/storage/profile-images/og.png' });
    expect(saved).toMatchObject({ siteTitle: 'Number Theory Notes', metaDescription: 'Primes and zeros.', socialImageUrl: '/storage/profile-images/og.png' });
    expect(saved.updatedAt).not.toBeNull();
    const expired = [...cache.updateTag.mock.calls, ...cache.revalidateTag.mock.calls].map((call) => call[0]);
    expect(expired).toContain('settings');
    expect(await getSiteSettings()).toEqual(saved);
    expect(cache.cacheTag).toHaveBeenCalledWith('settings');

    await saveSiteSettings({ siteTitle: 'Second Title', metaDescription: '', socialImageUrl: 'https://cdn.example.org/card.png' });
    const { rows } = await database.db!.query<{ n: number }>('select count(*)::int as n from public.site_settings');
    expect(rows[0].n).toBe(1);
    const second = await getSiteSettingsForEditing();
    expect(effectiveSiteSettings(second, DEFAULTS)).toEqual({
      siteTitle: 'Second Title',
      metaDescription: 'Built-in description.',
      socialImageUrl: 'https://cdn.example.org/card.png',
    });
  });

  it('falls back to the built-in values again once the fields are emptied', async () => {
    await saveSiteSettings({ siteTitle: '', metaDescription: '', socialImageUrl: '' });
    expect(effectiveSiteSettings(await getSiteSettings(), DEFAULTS)).toEqual({ siteTitle: 'Built-in Title', metaDescription: 'Built-in description.', socialImageUrl: '' });
  });

  it('recreates the row when it was deleted by hand', async () => {
    await database.db!.query('delete from public.site_settings');
    await saveSiteSettings({ siteTitle: 'Back', metaDescription: '', socialImageUrl: '' });
    expect((await getSiteSettingsForEditing()).siteTitle).toBe('Back');
  });
});

describe('Publication Lookups: the contact address given to the scholarly sources', () => {
  it('reads as none before it is saved, then stores one row without touching the public settings or any tag', async () => {
    expect(await getLookupContactEmail()).toBe('');
    const before = await getSiteSettingsForEditing();
    cache.updateTag.mockClear();
    cache.revalidateTag.mockClear();
    expect(await saveLookupContactEmail('owner@university.edu')).toBe('owner@university.edu');
    expect(await getLookupContactEmail()).toBe('owner@university.edu');
    expect(await saveLookupContactEmail('second@university.edu')).toBe('second@university.edu');
    const { rows } = await database.db!.query<{ n: number }>('select count(*)::int as n from public.admin_settings');
    expect(rows[0].n).toBe(1);
    expect(await getSiteSettingsForEditing()).toEqual(before);
    expect([...cache.updateTag.mock.calls, ...cache.revalidateTag.mock.calls]).toEqual([]);
  });

  it('is refused by the database past 254 characters, whatever the caller', async () => {
    await expect(saveLookupContactEmail(`${'a'.repeat(250)}@example.org`)).rejects.toThrow();
    expect(await getLookupContactEmail()).toBe('second@university.edu');
  });

  it('the form refuses an address that is not one, and takes a blank one', async () => {
    const { lookupContactSchema, SETTINGS_MESSAGES } = await import('@/lib/validation/settings');
    expect(lookupContactSchema.safeParse({ lookupContactEmail: 'not an address' }).error?.issues[0]?.message).toBe(SETTINGS_MESSAGES.lookupContactEmail);
    expect(lookupContactSchema.safeParse({ lookupContactEmail: '  ' }).data).toEqual({ lookupContactEmail: '' });
    expect(lookupContactSchema.safeParse({ lookupContactEmail: ' me@uni.edu ' }).data).toEqual({ lookupContactEmail: 'me@uni.edu' });
  });
});

describe('Security Settings: the built-in password change', () => {
  it('refuses a wrong current password, changes nothing, and counts it like a failed sign-in', async () => {
    const current = await createSession(database.db!, SECRET, user, 'this browser');
    const other = await createSession(database.db!, SECRET, user, 'another browser');
    signInAs(current);
    const result = await localAuth.changePassword({ currentPassword: 'not the password', newPassword: NEW_PASSWORD }, CLIENT);
    expect(result).toMatchObject({ ok: false, error: 'The current password is incorrect.', code: 'invalid_credentials' });
    expect((await authenticate(database.db!, EMAIL, OLD_PASSWORD, '198.51.100.1')).ok).toBe(true);
    const { rows } = await database.db!.query<{ attempts: number }>(`select attempts from auth.app_sign_in_attempts where key like 'account-address:%' and key like $1`, [
      `%|${CLIENT.ip}`,
    ]);
    expect(rows[0]?.attempts).toBe(1);
    // The other session is untouched.
    expect((await rotateRefreshToken(database.db!, SECRET, other.refresh_token)).status).toBe('rotated');
  });

  it('refuses a caller who is not signed in', async () => {
    const result = await localAuth.changePassword({ currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD }, CLIENT);
    expect(result.ok).toBe(false);
    expect((await authenticate(database.db!, EMAIL, OLD_PASSWORD, '198.51.100.1')).ok).toBe(true);
  });

  it('stores the new password, ends every other session (their refresh tokens stop working) and keeps this one', async () => {
    const current = await createSession(database.db!, SECRET, user, 'this browser');
    const other = await createSession(database.db!, SECRET, user, 'another browser');
    const third = await createSession(database.db!, SECRET, user, 'a phone');
    signInAs(current);
    expect(await localAuth.getUser()).toEqual(user);

    const result = await localAuth.changePassword({ currentPassword: OLD_PASSWORD, newPassword: NEW_PASSWORD }, CLIENT);
    expect(result).toEqual({ ok: true, data: null });

    expect((await authenticate(database.db!, EMAIL, NEW_PASSWORD, '198.51.100.2')).ok).toBe(true);
    expect(await authenticate(database.db!, EMAIL, OLD_PASSWORD, '198.51.100.3')).toMatchObject({ ok: false, code: 'invalid_credentials' });

    // Other browsers: their refresh tokens are refused, and their still-unexpired access tokens no longer count.
    expect((await rotateRefreshToken(database.db!, SECRET, other.refresh_token)).status).toBe('invalid');
    expect((await rotateRefreshToken(database.db!, SECRET, third.refresh_token)).status).toBe('invalid');
    signInAs(other);
    expect(await localAuth.getUser()).toBeNull();

    // This browser stays signed in, and can still renew its session.
    signInAs(current);
    expect(await localAuth.getUser()).toEqual(user);
    expect((await rotateRefreshToken(database.db!, SECRET, current.refresh_token)).status).toBe('rotated');
  });
});
