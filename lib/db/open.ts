import { existsSync, readdirSync } from 'node:fs';
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

/** The embedded database exists but PGlite cannot open it (a damaged data directory, most likely). */
export class DatabaseOpenError extends Error {
  constructor(
    readonly dir: string,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'DatabaseOpenError';
  }
}

export function pgliteDir(env: Pick<Env, 'dataDir'>): string {
  return path.join(env.dataDir, 'pglite');
}

/**
 * PGlite takes a folder without PG_VERSION for a new database and initialises it on top of whatever
 * is there: a damaged database would silently become an empty one (and get the sample content).
 */
function assertWholeOrNew(dir: string): void {
  if (!existsSync(dir) || existsSync(path.join(dir, 'PG_VERSION'))) return;
  if (readdirSync(dir).length > 0) throw new Error('the folder holds database files but no PG_VERSION, so it is not a whole database');
}

/**
 * Opens the configured database: the server at DATABASE_URL, else PGlite in DATA_DIR/pglite under the
 * exclusive data-directory lock (throws DataDirLockedError when another live process holds it, and
 * DatabaseOpenError when PGlite fails to open its directory).
 */
export async function openDatabase(env: Env, options: { purpose: string }): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) {
    const db = await openPostgres(env.DATABASE_URL);
    return { db, release: () => db.close() };
  }
  const lock = acquireDataDirLock(env.dataDir, options.purpose);
  let db: Database;
  try {
    assertWholeOrNew(pgliteDir(env));
    db = await openPglite(pgliteDir(env));
  } catch (error) {
    lock.release();
    throw new DatabaseOpenError(pgliteDir(env), error);
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
