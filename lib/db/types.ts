/** Something SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  /** One statement with $1… parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[]; affectedRows: number }>;
  /** Several statements, no parameters (migrations, scripts). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Flushes what is written (CHECKPOINT) and closes. */
  close(): Promise<void>;
}
