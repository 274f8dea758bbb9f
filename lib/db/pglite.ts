import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './types';

type PGliteLike = Pick<PGlite, 'query' | 'exec'>;

function wrap(pg: PGliteLike): Queryable {
  return {
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await pg.query<T>(sql, params as unknown[] | undefined);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
  };
}

/** Where openPglite keeps the PGlite behind a Database, for the backups (lib/backup), which snapshot it. */
const RAW = Symbol.for('academic-portfolio.pglite');

/** The PGlite instance behind a Database that openPglite returned; null for any other database. */
export function pgliteInstance(db: Database): PGlite | null {
  return (db as Database & { [RAW]?: PGlite })[RAW] ?? null;
}

/**
 * Opens PGlite in `dir` (created if missing). PGlite has no lock of its own: callers must hold the
 * data-directory lock (lib/db/lock.ts) before calling this, or two processes will corrupt the data.
 */
export async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create(dir);
  const base = wrap(pg);
  let closed = false;
  const db: Database = {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async close() {
      if (closed) return;
      closed = true;
      await pg.exec('CHECKPOINT');
      await pg.close();
    },
  };
  Object.defineProperty(db, RAW, { value: pg });
  return db;
}
