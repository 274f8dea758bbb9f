import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from '@/lib/db/migrate';
import { openPglite } from '@/lib/db/pglite';
import type { Database, Queryable } from '@/lib/db/types';
import { copyPreparedData } from './prepared-data';

/** A migrated PGlite (with the built-in auth bootstrap) in a fresh temporary directory: a copy of the prepared one. */
export async function openTestPglite(): Promise<{ db: Database; cleanup(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-pglite-'));
  await copyPreparedData('migrated', path.join(dir, 'pglite'));
  const db = await openPglite(path.join(dir, 'pglite'));
  try {
    await migrate(db, { authBootstrap: true });
  } catch (error) {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    db,
    async cleanup() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestRole = 'anon' | { userId: string };

/**
 * Runs fn in a transaction as an API request would run on Supabase: under the anon or authenticated
 * role with the JWT claims set, so row-level security applies. Committed when fn resolves.
 */
export function asRole<T>(db: Database, role: TestRole, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const claims = role === 'anon' ? { role: 'anon' } : { sub: role.userId, role: 'authenticated' };
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    await tx.exec(role === 'anon' ? 'set local role anon' : 'set local role authenticated');
    return fn(tx);
  });
}

/** Inserts an auth.users row (as the built-in auth would on sign-up) and returns its id. */
export async function createUser(db: Queryable, email: string, fullName?: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, 'not-a-real-hash', $2::text::jsonb) returning id`,
    [email, JSON.stringify(fullName === undefined ? {} : { full_name: fullName })],
  );
  return rows[0].id;
}

/** Gives the user the admin role. */
export async function makeAdmin(db: Queryable, userId: string): Promise<void> {
  await db.query(`insert into public.user_roles (user_id, role_id) select $1::uuid, id from public.roles where name = 'admin'`, [userId]);
}
