import 'server-only';
import type { Queryable } from '@/lib/db/types';

/**
 * Five failed sign-ins per account from one client address within 15 minutes: a guesser is stopped,
 * while nobody else's failures (from another address, or for another account) can lock the owner out.
 */
export const SIGN_IN_LIMIT = { attempts: 5, windowMs: 15 * 60 * 1000 } as const;

/**
 * Past this many sign-ins for one account within the window, from any addresses, each further check of
 * that account waits longer (see accountDelayMs): a guesser spread over many addresses is slowed to a
 * crawl, and the owner, who knows the password, still gets in.
 */
export const ACCOUNT_SLOWDOWN = { freeAttempts: 5, firstDelayMs: 500, maxDelayMs: 10_000, windowMs: 15 * 60 * 1000 } as const;

/** Sign-ups per client address, and for the whole site, within 15 minutes (each one runs scrypt). */
export const SIGN_UP_LIMITS = {
  address: { attempts: 5, windowMs: 15 * 60 * 1000 },
  site: { attempts: 30, windowMs: 15 * 60 * 1000 },
} as const;

export const SIGN_UP_RATE_LIMIT_MESSAGE = 'Too many sign-up attempts. Please wait 15 minutes and try again.';

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
  return (await countAttempt(db, key, limit, now)) <= limit.attempts;
}

/** Records one attempt for the key and answers how many the current window now holds (this one included). */
export async function countAttempt(db: Queryable, key: string, limit: Pick<Limit, 'windowMs'>, now: Date = new Date()): Promise<number> {
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
  return rows[0]?.attempts ?? 0;
}

/** How long to wait before checking the password of an account that has seen `attempts` sign-ins in the window. */
export function accountDelayMs(attempts: number): number {
  const over = attempts - ACCOUNT_SLOWDOWN.freeAttempts;
  if (over <= 0) return 0;
  return Math.min(ACCOUNT_SLOWDOWN.firstDelayMs * 2 ** (over - 1), ACCOUNT_SLOWDOWN.maxDelayMs);
}

/** A success: the key's earlier failures no longer count. */
export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('delete from auth.app_sign_in_attempts where key = $1', [key]);
}

/** Gives back one reserved attempt (an attempt the server turned away before checking anything). */
export async function releaseAttempt(db: Queryable, key: string): Promise<void> {
  await db.query('update auth.app_sign_in_attempts set attempts = greatest(attempts - 1, 0) where key = $1', [key]);
}

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
/** One account from one client address: the key the sign-in limit blocks on. */
export const accountAddressKey = (email: string, ip: string) => `account-address:${email.trim().toLowerCase()}|${ip}`;
export const signUpAddressKey = (ip: string) => `sign-up-address:${ip}`;
export const SIGN_UP_SITE_KEY = 'sign-up-site';
