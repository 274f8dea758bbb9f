import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ADMIN_CREATE_USAGE } from '../../scripts/lib/admin-create-args';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import { migrate } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { parseEnv } from '@/lib/env';
import { preparedDataDir, runScript, tempDataDir } from '../helpers/site-server';

async function adminCreate(dataDir: string, ...args: string[]) {
  const run = runScript('scripts/admin-create.ts', args, { DATA_DIR: dataDir });
  const { code } = await run.exited;
  return { code, output: run.output() };
}

/** A DATA_DIR whose database exists, migrated without the sample content (copied: no initdb). */
const migratedDataDir = () => preparedDataDir({ env: { SEED_SAMPLE_CONTENT: 'false' } });

async function readUsers(dataDir: string) {
  const opened = await openDatabase(parseEnv({ DATA_DIR: dataDir }), { purpose: 'test' });
  try {
    await migrate(opened.db, { authBootstrap: true });
    const { rows } = await opened.db.query<{ email: string; encrypted_password: string; is_admin: boolean }>(
      `select u.email, u.encrypted_password,
              exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                      where ur.user_id = u.id and r.name = 'admin') as is_admin
       from auth.users u order by u.email`,
    );
    return rows;
  } finally {
    await opened.release();
  }
}

describe('npm run admin:create', () => {
  // Each refused argument list is a unit test of readAdminCreateArgs (tests/unit/admin-create-args.test.ts);
  // here, once, what the command does with a refusal.
  it('refuses bad arguments with the message and the usage, exits 1, and has not opened or made a database', async () => {
    const dataDir = tempDataDir();
    const { code, output } = await adminCreate(dataDir, '--email', 'not-an-email', '--password', 'short');
    expect(code).toBe(1);
    expect(output).toContain('The email address is not valid.');
    expect(output).toContain('The password must be at least 8 characters.');
    expect(output).toContain(ADMIN_CREATE_USAGE);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('creates the user with the admin role, then reports an existing admin without changing it', async () => {
    const dataDir = tempDataDir();
    const first = await adminCreate(dataDir, '--email', 'Owner@Example.com', '--password', 'long-enough-1');
    expect(first.code).toBe(0);
    expect(first.output).toContain('Created admin owner@example.com');
    const [user] = await readUsers(dataDir);
    expect(user).toMatchObject({ email: 'owner@example.com', is_admin: true });
    expect(await verifyPassword('long-enough-1', user.encrypted_password)).toBe(true);

    const again = await adminCreate(dataDir, '--email', 'owner@example.com', '--password', 'another-password');
    expect(again.code).toBe(0);
    expect(again.output).toContain('owner@example.com is already an admin; nothing changed.');
    const [unchanged] = await readUsers(dataDir);
    expect(unchanged.encrypted_password).toBe(user.encrypted_password);
  });

  it("promotes an existing registered user given that account's password, and keeps the password", async () => {
    const dataDir = await migratedDataDir();
    const hash = await hashPassword('long-enough-1');
    const opened = await openDatabase(parseEnv({ DATA_DIR: dataDir }), { purpose: 'test' });
    await opened.db.query("insert into auth.users (email, encrypted_password) values ('reader@example.com', $1)", [hash]);
    await opened.release();

    const { code, output } = await adminCreate(dataDir, '--email', 'reader@example.com', '--password', 'long-enough-1');
    expect(code).toBe(0);
    expect(output).toContain('reader@example.com already had an account (password unchanged) and is now an admin.');
    expect(await readUsers(dataDir)).toEqual([{ email: 'reader@example.com', encrypted_password: hash, is_admin: true }]);
  });

  it('refuses to promote an account someone else registered first under the address: the password does not match', async () => {
    const dataDir = await migratedDataDir();
    const hash = await hashPassword('squatter-password');
    const opened = await openDatabase(parseEnv({ DATA_DIR: dataDir }), { purpose: 'test' });
    await opened.db.query("insert into auth.users (email, encrypted_password) values ('owner@example.com', $1)", [hash]);
    await opened.release();

    const { code, output } = await adminCreate(dataDir, '--email', 'owner@example.com', '--password', 'operator-password');
    expect(code).toBe(1);
    expect(output).toContain('An account for owner@example.com exists already and the password given is not its password');
    expect(await readUsers(dataDir)).toEqual([{ email: 'owner@example.com', encrypted_password: hash, is_admin: false }]);
  });
});

describe('ensureAdmin', () => {
  it('two servers making the same admin at once on one database: one creates it, the other finds it made (no failed start)', async () => {
    const { ensureAdmin } = await import('@/lib/auth/admin-provisioning');
    const env = parseEnv({ DATA_DIR: await migratedDataDir() });
    const opened = await openDatabase(env, { purpose: 'test' });
    try {
      const credentials = { email: 'owner@example.org', password: 'owner-password-123' };
      // Both look the address up before either has written it: the second insert meets the first's row.
      const results = await Promise.all([ensureAdmin(opened.db, env, credentials), ensureAdmin(opened.db, env, credentials)]);
      expect(results.sort()).toEqual(['already-admin', 'created']);
      const { rows } = await opened.db.query<{ n: number }>('select count(*)::int as n from auth.users');
      expect(rows[0]!.n).toBe(1);
    } finally {
      await opened.release();
    }
  });
});
