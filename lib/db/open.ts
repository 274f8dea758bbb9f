import path from 'node:path';
import type { Env } from '@/lib/env';
import { acquireDataDirLock } from './lock';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Database } from './types';

export interface OpenedDatabase {
  db: Database;
  /** Closes the database (checkpointing PGlite) and then releases the data-directory lock. */
  release(): Promise<void>;
}

export function pgliteDir(env: Pick<Env, 'dataDir'>): string {
  return path.join(env.dataDir, 'pglite');
}

/**
 * Opens the configured database: the server at DATABASE_URL, else PGlite in DATA_DIR/pglite under the
 * exclusive data-directory lock (throws DataDirLockedError when another live process holds it).
 */
export async function openDatabase(env: Env, options: { purpose: string }): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) {
    const db = await openPostgres(env.DATABASE_URL);
    return { db, release: () => db.close() };
  }
  const lock = acquireDataDirLock(env.dataDir, options.purpose);
  let db: Database;
  try {
    db = await openPglite(pgliteDir(env));
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    db,
    async release() {
      try {
        await db.close();
      } finally {
        lock.release();
      }
    },
  };
}
