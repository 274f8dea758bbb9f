import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_FAILED, LAST_ADMIN, grantAdminByEmail, listAdmins, revokeAdminByEmail } from '@/lib/auth/admin-role';
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

  it('granting an unknown email fails with the message of docs/product.md §6', async () => {
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

  /** Runs `body` while the database refuses `statement` on public.user_roles (a trigger that raises), then lifts it. */
  async function refusing(statement: 'insert' | 'delete', body: () => Promise<void>) {
    await db.query(`create function pg_temp.refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by a test'; end $$`);
    await db.query(`create trigger refuse_${statement} before ${statement} on public.user_roles for each row execute function pg_temp.refuse()`);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await body();
    } finally {
      logged.mockRestore();
      await db.query(`drop trigger refuse_${statement} on public.user_roles`);
      await db.query('drop function pg_temp.refuse()');
    }
  }

  it("a grant the database refuses says 'Failed to grant admin access: {message}', without the database's own text, and stores nothing", async () => {
    await refusing('insert', async () => {
      const result = await grantAdminByEmail(db, 'colleague@example.com');
      expect(result).toEqual({ ok: false, error: `Failed to grant admin access: ${DATABASE_FAILED}` });
      expect(JSON.stringify(result)).not.toContain('refused by a test');
    });
    expect((await listAdmins(db)).map((a) => a.email)).not.toContain('colleague@example.com');
  });

  it("a revoke the database refuses says 'Failed to revoke admin access: {message}' and keeps the role", async () => {
    await grantAdminByEmail(db, 'colleague@example.com');
    await refusing('delete', async () => {
      expect(await revokeAdminByEmail(db, 'colleague@example.com')).toEqual({ ok: false, error: `Failed to revoke admin access: ${DATABASE_FAILED}` });
    });
    expect((await listAdmins(db)).map((a) => a.email)).toContain('colleague@example.com');
    expect(await revokeAdminByEmail(db, 'colleague@example.com')).toMatchObject({ ok: true });
  });

  it("a role lookup the database cannot run says 'Error finding admin role: {message}'", async () => {
    await db.query('alter table public.roles rename to roles_away');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(await grantAdminByEmail(db, 'colleague@example.com')).toEqual({ ok: false, error: `Error finding admin role: ${DATABASE_FAILED}` });
      expect(await revokeAdminByEmail(db, 'owner@example.com')).toEqual({ ok: false, error: `Error finding admin role: ${DATABASE_FAILED}` });
    } finally {
      logged.mockRestore();
      await db.query('alter table public.roles_away rename to roles');
    }
  });
});
