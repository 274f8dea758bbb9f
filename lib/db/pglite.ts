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

/**
 * Opens PGlite in `dir` (created if missing). PGlite has no lock of its own: callers must hold the
 * data-directory lock (lib/db/lock.ts) before calling this, or two processes will corrupt the data.
 */
export async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const pg = await PGlite.create(dir);
  const base = wrap(pg);
  let closed = false;
  return {
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
}
