import 'server-only';
import type { Queryable } from '@/lib/db/types';

/** Five failed sign-ins per account, and per client address, within 15 minutes. */
export const SIGN_IN_LIMIT = { attempts: 5, windowMs: 15 * 60 * 1000 } as const;

export const RATE_LIMIT_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

export interface Limit {
  attempts: number;
  windowMs: number;
}

/**
 * Reserves one attempt for the key and answers whether it is within the limit. The reservation is one
 * upsert, so parallel requests each see a distinct count: of a burst of 50 wrong passwords exactly
 * `limit.attempts` ever reach the password check. A new window starts once the old one has passed.
 */
export async function reserveAttempt(db: Queryable, key: string, limit: Limit = SIGN_IN_LIMIT, now: Date = new Date()): Promise<boolean> {
  const { rows } = await db.query<{ attempts: number }>(
    `insert into auth.app_sign_in_attempts as a (key, attempts, window_started_at)
     values ($1, 1, $2)
     on conflict (key) do update set
       attempts = case when a.window_started_at <= $2::timestamptz - make_interval(secs => $3::double precision / 1000)
                       then 1 else a.attempts + 1 end,
       window_started_at = case when a.window_started_at <= $2::timestamptz - make_interval(secs => $3::double precision / 1000)
                       then $2 else a.window_started_at end
     returning attempts`,
    [key, now.toISOString(), limit.windowMs],
  );
  return (rows[0]?.attempts ?? 0) <= limit.attempts;
}

/** A success for this account: its earlier failures no longer count. */
export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('delete from auth.app_sign_in_attempts where key = $1', [key]);
}

/**
 * A success from this address gives back only its own reservation: an attacker who owns one account
 * must not be able to wipe the address's failures by signing into it between guesses.
 */
export async function releaseAttempt(db: Queryable, key: string): Promise<void> {
  await db.query('update auth.app_sign_in_attempts set attempts = greatest(attempts - 1, 0) where key = $1', [key]);
}

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${ip}`;
