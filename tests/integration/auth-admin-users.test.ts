import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN, grantAdminByEmail, listAdmins, revokeAdminByEmail } from '@/lib/auth/admin-role';
import { isAdmin } from '@/lib/auth/admin-role';
import type { Database } from '@/lib/db/types';
import { createUser, makeAdmin, openTestPglite } from '../helpers/db';

let db: Database;
let cleanup: () => Promise<void>;
let ownerId: string;

beforeAll(async () => {
  ({ db, cleanup } = await openTestPglite());
  ownerId = await createUser(db, 'owner@example.com', 'Ada Lovelace');
  await makeAdmin(db, ownerId);
  await createUser(db, 'colleague@example.com');
  await createUser(db, 'second@example.com');
});
afterAll(() => cleanup());

describe('admin users', () => {
  it('lists admins with their profile name and id', async () => {
    expect(await listAdmins(db)).toEqual([{ id: ownerId, email: 'owner@example.com', fullName: 'Ada Lovelace', avatarUrl: null }]);
  });

  it('granting an unknown email fails with the spec message', async () => {
    expect(await grantAdminByEmail(db, 'ghost@example.com')).toEqual({
      ok: false,
      error: 'User with email ghost@example.com not found. Make sure they have registered first.',
    });
  });

  it('granting works once, case-insensitively; a second grant says the user already has access', async () => {
    expect(await grantAdminByEmail(db, 'Colleague@Example.com')).toEqual({ ok: true, message: 'Admin access granted to Colleague@Example.com successfully.' });
    expect(await grantAdminByEmail(db, 'colleague@example.com')).toEqual({ ok: false, error: 'User colleague@example.com already has admin access.' });
    expect((await listAdmins(db)).map((a) => a.email)).toEqual(['owner@example.com', 'colleague@example.com']);
  });

  it('revoking removes the role; revoking an unknown email says not found', async () => {
    expect(await revokeAdminByEmail(db, 'colleague@example.com')).toEqual({ ok: true, message: 'Admin access revoked from colleague@example.com successfully.' });
    expect(await revokeAdminByEmail(db, 'ghost@example.com')).toEqual({ ok: false, error: 'User with email ghost@example.com not found.' });
  });

  it('the last remaining admin cannot be revoked', async () => {
    expect(await revokeAdminByEmail(db, 'owner@example.com')).toEqual({ ok: false, error: LAST_ADMIN });
    expect(await isAdmin(db, ownerId)).toBe(true);
  });

  it('two admins revoking each other at once leave one admin', async () => {
    await grantAdminByEmail(db, 'second@example.com');
    const results = await Promise.all([revokeAdminByEmail(db, 'owner@example.com'), revokeAdminByEmail(db, 'second@example.com')]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await listAdmins(db)).toHaveLength(1);
  });

  it('a missing admin role is reported as the database setup problem', async () => {
    await db.query(`update public.roles set name = 'admin-renamed' where name = 'admin'`);
    try {
      expect(await grantAdminByEmail(db, 'colleague@example.com')).toEqual({
        ok: false,
        error: 'Admin role not found in the database. Please check your database setup.',
      });
    } finally {
      await db.query(`update public.roles set name = 'admin' where name = 'admin-renamed'`);
    }
  });
});
