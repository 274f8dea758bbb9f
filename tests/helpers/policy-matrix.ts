import type { Database, Queryable } from '@/lib/db/types';

/**
 * Proving row-level security cell by cell on a real Postgres server set up the way Supabase sets up a
 * project: every cell is one statement, run as one API request would run it, then rolled back, so cells
 * never affect each other.
 */

/**
 * What a Supabase project holds before its first migration, as far as privileges go: the API roles
 * (service_role bypasses row-level security), PostgREST's login role `authenticator` that switches into
 * them per request, and the default privileges that grant every new table, function and sequence of
 * `public` to all three API roles. So nothing but the migrations' own revokes and policies keeps data in.
 * Plus the part of Storage's schema the storage migration touches, granted as Supabase grants it.
 * Run it as a superuser on an empty database, before migrating with the auth bootstrap (which then
 * finds the roles already there).
 */
export const SUPABASE_PROJECT_SQL = `
  create role anon nologin noinherit;
  create role authenticated nologin noinherit;
  create role service_role nologin noinherit bypassrls;
  create role authenticator login noinherit;
  grant anon, authenticated, service_role to authenticator;

  grant usage on schema public to anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

  create schema storage;
  create table storage.buckets (id text primary key, name text not null, public boolean not null default false);
  create table storage.objects (
    id uuid primary key default gen_random_uuid(),
    bucket_id text references storage.buckets (id),
    name text,
    owner uuid
  );
  alter table storage.buckets enable row level security;
  alter table storage.objects enable row level security;
  grant usage on schema storage to anon, authenticated, service_role;
  grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
`;

/** Who a request comes from: the role PostgREST switches to and, once signed in, the user's id. */
export interface ApiCaller {
  role: 'anon' | 'authenticated' | 'service_role';
  userId?: string;
}

export const SERVICE_ROLE: ApiCaller = { role: 'service_role' };

/**
 * Runs the rest of the transaction as PostgREST runs a request: the role switched with
 * set_config('role'), the JWT claims as one JSON setting (`request.jwt.claims`, PostgREST 9+) and as one
 * setting per claim (`request.jwt.claim.sub`, earlier versions). auth.uid() reads either. All
 * transaction-local, as PostgREST sets them; an absent claim is '' (auth.uid() reads '' as none).
 */
export async function actAs(tx: Queryable, caller: ApiCaller): Promise<void> {
  const claims = caller.userId ? { sub: caller.userId, role: caller.role } : { role: caller.role };
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.role', $1, true), set_config('request.jwt.claim.sub', $3, true)`,
    [caller.role, JSON.stringify(claims), caller.userId ?? ''],
  );
}

class RolledBack extends Error {
  constructor(readonly value: unknown) {
    super('rolled back on purpose');
  }
}

/** Runs fn in a transaction that is always rolled back, and returns what fn returned. */
export async function rolledBack<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new RolledBack(await fn(tx));
    });
  } catch (thrown) {
    if (thrown instanceof RolledBack) return thrown.value as T;
    throw thrown;
  }
  throw new Error('The transaction committed although it was meant to roll back');
}

export function isPostgresError(error: unknown): error is Error & { code: string } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

/** 42501: permission denied (a missing grant) or "new row violates row-level security policy". */
export const INSUFFICIENT_PRIVILEGE = '42501';

/** `error` is neither allowed nor denied: the statement failed for another reason, or hit only some rows. */
export type Verdict = 'allowed' | 'denied' | 'error';

export interface Outcome {
  verdict: Verdict;
  /** Why: the rows it reached, or Postgres's message. */
  detail: string;
}

export interface Cell {
  /** The statement under test, run as the caller. */
  statement: string;
  /**
   * How many rows it aims at: a fixed number (an insert: 1), or a query counting them, run as
   * service_role (which bypasses row-level security). Allowed means it reached all of them.
   */
  targets: number | string;
  /** Run as service_role before the statement, e.g. to make room for an insert into a one-row table. */
  prepare?: string;
}

/**
 * Runs one cell as the caller, rolled back afterwards. Allowed: the statement succeeded and returned or
 * affected every targeted row. Denied: Postgres refused it with 42501, or row-level security filtered
 * out every targeted row. Anything else (another error, some rows but not all) is an error verdict.
 */
export function runCell(db: Database, caller: ApiCaller, cell: Cell): Promise<Outcome> {
  return rolledBack(db, async (tx): Promise<Outcome> => {
    await actAs(tx, SERVICE_ROLE);
    if (cell.prepare) await tx.exec(cell.prepare);
    const wanted =
      typeof cell.targets === 'number'
        ? cell.targets
        : (await tx.query<{ n: number }>(`select (${cell.targets})::int as n`)).rows[0].n;
    if (wanted === 0) return { verdict: 'error', detail: 'the statement targets no rows: sample data is missing' };

    await actAs(tx, caller);
    let reached: number;
    try {
      const result = await tx.query(cell.statement);
      reached = Math.max(result.rows.length, result.affectedRows);
    } catch (error) {
      if (isPostgresError(error) && error.code === INSUFFICIENT_PRIVILEGE) return { verdict: 'denied', detail: error.message };
      return { verdict: 'error', detail: isPostgresError(error) ? `${error.code}: ${error.message}` : String(error) };
    }
    if (reached === wanted) return { verdict: 'allowed', detail: `${reached} of ${wanted} rows` };
    if (reached === 0) return { verdict: 'denied', detail: `row-level security left 0 of ${wanted} rows` };
    return { verdict: 'error', detail: `reached ${reached} of ${wanted} rows` };
  });
}

export const MARKS: Record<Verdict, string> = { allowed: '✓', denied: '✗', error: '?' };

/**
 * Reads a table written as a literal: each line a label, then ✓/✗ marks (spaces between them are for
 * the eye). Lines without marks (headers, blank lines) are skipped. Every row must have `width` marks.
 */
export function parseMarks(table: string, width: number): Map<string, Array<'allowed' | 'denied'>> {
  const rows = new Map<string, Array<'allowed' | 'denied'>>();
  for (const line of table.split('\n')) {
    const first = line.search(/[✓✗]/);
    if (first === -1) continue;
    const label = line.slice(0, first).trim();
    const marks = [...line.slice(first).replace(/\s+/g, '')];
    if (marks.length !== width || marks.some((mark) => mark !== '✓' && mark !== '✗')) {
      throw new Error(`Row "${label}" of the expected table needs ${width} ✓/✗ marks, has "${line.slice(first)}"`);
    }
    if (rows.has(label)) throw new Error(`Row "${label}" appears twice in the expected table`);
    rows.set(
      label,
      marks.map((mark) => (mark === '✓' ? 'allowed' : 'denied')),
    );
  }
  return rows;
}

/**
 * Lays out a matrix the way parseMarks reads one: a label column, then one group of mark columns per
 * heading (e.g. select, insert, update, delete), each group's columns named by a letter.
 */
export function formatMarks(options: { headings: string[]; columns: string[]; rows: Array<{ label: string; marks: string[] }> }): string {
  const { headings, columns, rows } = options;
  const labelWidth = Math.max(...rows.map((row) => row.label.length)) + 3;
  const groupWidth = Math.max(columns.length * 2 - 1, ...headings.map((heading) => heading.length));
  const line = (label: string, groups: string[]) =>
    (label.padEnd(labelWidth) + groups.map((group) => group.padEnd(groupWidth)).join('   ')).trimEnd();
  const groupsOf = (marks: string[]) =>
    headings.map((_, index) => marks.slice(index * columns.length, (index + 1) * columns.length).join(' '));
  return [
    line('', headings),
    line('', headings.map(() => columns.join(' '))),
    ...rows.map((row) => line(row.label, groupsOf(row.marks))),
  ].join('\n');
}
