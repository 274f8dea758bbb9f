import pg from 'pg';
import type { Database, Queryable } from './types';

type Client = Pick<pg.PoolClient, 'query'>;

function wrap(client: Client): Queryable {
  return {
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await client.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** A pooled connection to any Postgres server (Supabase's included). */
export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle connection the server or the network drops (a restart, a pooler's idle timeout) is an 'error'
  // event on the pool, which without a listener ends the process. The pool has already discarded that
  // connection and opens a new one when one is next needed: say so, and go on.
  pool.on('error', (error) => console.error(`Postgres: an idle connection was dropped (${error.message}); the next query opens a new one.`));
  // Fail at start with the server's own message rather than on the first page view.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
