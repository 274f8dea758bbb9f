import 'server-only';

import { randomBytes } from 'node:crypto';
import os from 'node:os';

import type { Queryable } from '@/lib/db/types';

/**
 * The run's lease (issue 46): one per site, in public.refresh_state's one row (id = true), so that of several
 * servers sharing a database one runs at a time. Taking, renewing and releasing are each one atomic update
 * that names the holder, and every time is the database's own now(): servers whose clocks disagree still
 * agree on when a lease runs out. A holder that crashes stops renewing; its lease runs out and another
 * holder takes it over (and resumes its run, run.ts). The migration inserts the row; the code inserts it
 * again (on conflict do nothing) when it is missing, as after a hand-made restore.
 */

/** How long a lease lasts unless renewed: the run renews it at least every third of this. */
export const LEASE_MS = 2 * 60_000;

const HOLDER_KEY = Symbol.for('academic-portfolio.refresh-holder');

/**
 * This process's holder id, `${hostname}:${pid}:${random}`, made once per process (kept on globalThis: the
 * server script and the Next bundle each load their own copy of this module). The random part tells apart two
 * processes that had the same pid on one host (a container restarted).
 */
export function processHolder(): string {
  const store = globalThis as Record<symbol, unknown>;
  store[HOLDER_KEY] ??= `${os.hostname().slice(0, 150)}:${process.pid}:${randomBytes(6).toString('hex')}`;
  return store[HOLDER_KEY] as string;
}

/** refresh_state's row, when a hand-made restore or an old copy left it out. */
async function ensureRow(db: Queryable): Promise<void> {
  await db.query('insert into public.refresh_state (id) values (true) on conflict (id) do nothing');
}

function checkMs(ms: number): number {
  if (!Number.isInteger(ms) || ms <= 0) throw new RangeError(`A lease lasts a positive whole number of milliseconds, not ${ms}.`);
  return ms;
}

/**
 * Takes the lease for `ms` when no one holds it, its holder's time has run out, or `holder` holds it already
 * (then it is renewed): one update, so of two servers asking at once exactly one gets it. True when taken.
 */
export async function takeLease(db: Queryable, holder: string, ms: number = LEASE_MS): Promise<boolean> {
  checkMs(ms);
  const take = () =>
    db.query(
      `update public.refresh_state
          set lease_holder = $1, lease_until = now() + $2 * interval '1 millisecond'
        where id and (lease_holder is null or lease_until is null or lease_until < now() or lease_holder = $1)
    returning id`,
      [holder, ms],
    );
  const { rows } = await take();
  if (rows.length > 0) return true;
  const { rows: present } = await db.query('select 1 from public.refresh_state where id');
  if (present.length > 0) return false;
  await ensureRow(db);
  return (await take()).rows.length > 0;
}

/**
 * Extends `holder`'s lease by `ms` from now. False when someone else holds it (or no one): `holder` stalled past
 * its time and another took it over, and must stop at once, writing nothing more. A lease that ran out but
 * that no one took is still `holder`'s: nothing was done meanwhile that its run could contradict.
 */
export async function renewLease(db: Queryable, holder: string, ms: number = LEASE_MS): Promise<boolean> {
  checkMs(ms);
  const { rows } = await db.query(
    `update public.refresh_state set lease_until = now() + $2 * interval '1 millisecond' where id and lease_holder = $1 returning id`,
    [holder, ms],
  );
  return rows.length > 0;
}

/** Gives the lease up, if `holder` still holds it (a lease another took over is left alone). */
export async function releaseLease(db: Queryable, holder: string): Promise<void> {
  await db.query('update public.refresh_state set lease_holder = null, lease_until = null where id and lease_holder = $1', [holder]);
}

/** Whether `holder` holds the lease now (its time not checked: see renewLease). */
export async function holdsLease(db: Queryable, holder: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from public.refresh_state where id and lease_holder = $1', [holder]);
  return rows.length > 0;
}

/**
 * The condition a write of the run adds to its own statement (`… where ${leaseFence('$7')}`, $7 holding the holder's id):
 * the write happens only while the holder still holds the lease, checked in the same statement, so a holder
 * that stalled and lost its lease cannot write over its successor's work even between two renewals.
 */
export const leaseFence = (param: string) => `exists (select 1 from public.refresh_state where id and lease_holder = ${param})`;
