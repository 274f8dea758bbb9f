import 'server-only';
import { cookies, headers } from 'next/headers';
import { cookieOptions, requestOrigin, shouldUseSecureCookies } from './cookies';
import { COOKIE_PATHS, COOKIES } from './constants';
import { getAuthSecret } from './secret';
import { clientAddress } from '@/lib/client-address';
import { getEnv } from '@/lib/env';
import { isFresh, readFreshnessStamp, signFreshnessStamp } from './tokens';
import type { ClientInfo } from './types';

/** Whether cookies set while answering this request get the Secure flag (see shouldUseSecureCookies). */
export async function secureCookies(): Promise<boolean> {
  return shouldUseSecureCookies(requestOrigin(await headers()));
}

/**
 * Who is asking: the client's address (lib/client-address.ts, the one reading of it every per-address limit
 * uses) and its user agent. A client cannot choose its address, but one may have many (an IPv6 block, a
 * botnet), which is why the per-account limit is the one that cannot be sidestepped.
 */
export async function clientInfo(): Promise<ClientInfo> {
  const h = await headers();
  return { ip: clientAddress(h), userAgent: h.get('user-agent') };
}

/** Marks the admin as having just proved their password: the 5-minute freshness window starts now. */
export async function stampFreshness(userId: string): Promise<void> {
  const store = await cookies();
  store.set(COOKIES.fresh, signFreshnessStamp(getAuthSecret(), userId), cookieOptions.fresh(await secureCookies()));
}

export async function clearFreshness(): Promise<void> {
  (await cookies()).set(COOKIES.fresh, '', cookieOptions.expired(COOKIE_PATHS.fresh));
}

/** The admin path remembered by the proxy, read once: it is cleared as it is used. */
export async function takeRequestedPath(): Promise<string | undefined> {
  const store = await cookies();
  const value = store.get(COOKIES.requestedPath)?.value;
  if (value !== undefined) store.set(COOKIES.requestedPath, '', cookieOptions.expired(COOKIE_PATHS.requestedPath));
  return value;
}

/** Whether the signed-in user's freshness stamp is within the window (always, with the bypass on). */
export async function hasFreshStamp(userId: string): Promise<boolean> {
  if (getEnv().ADMIN_FRESHNESS_BYPASS) return true;
  const stamp = (await cookies()).get(COOKIES.fresh)?.value;
  return isFresh(readFreshnessStamp(getAuthSecret(), userId, stamp));
}

/** Slides a fresh stamp forward, or clears a stale one; answers whether it was fresh. */
export async function recheckFreshness(userId: string): Promise<boolean> {
  const fresh = await hasFreshStamp(userId);
  if (fresh) await stampFreshness(userId);
  else await clearFreshness();
  return fresh;
}
