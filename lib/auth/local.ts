import 'server-only';
import { cookies } from 'next/headers';
import { getDb } from '@/lib/db/client';
import { cookieOptions } from './cookies';
import { CURRENT_PASSWORD_WRONG } from '@/lib/validation/settings';
import { ACCESS_DENIED, COOKIE_PATHS, COOKIES } from './constants';
import {
  activeSessionUser,
  authenticate,
  createPasswordUser,
  createSession,
  peekRefreshToken,
  revokeSessions,
  rotateRefreshToken,
} from './local-store';
import { PasswordCheckBusyError, hashPassword } from './password';
import { SIGN_UP_LIMITS, SIGN_UP_RATE_LIMIT_MESSAGE, SIGN_UP_SITE_KEY, reserveAttempt, signUpAddressKey } from './rate-limit';
import { secureCookies } from './request';
import { getAuthSecret } from './secret';
import { verifyAccessToken } from './tokens';
import type { AuthPort, AuthUser, Session } from './types';

type CookieStore = Awaited<ReturnType<typeof cookies>>;

function writeSessionCookies(store: CookieStore, session: Session, secure: boolean): void {
  store.set(COOKIES.access, session.access_token, cookieOptions.access(secure));
  store.set(COOKIES.refresh, session.refresh_token, cookieOptions.refresh(secure));
}

function clearSessionCookies(store: CookieStore): void {
  store.set(COOKIES.access, '', cookieOptions.expired(COOKIE_PATHS.access));
  store.set(COOKIES.refresh, '', cookieOptions.expired(COOKIE_PATHS.refresh));
  store.set(COOKIES.fresh, '', cookieOptions.expired(COOKIE_PATHS.fresh));
}

/** Server components cannot write cookies; server actions and route handlers can. */
function tryClearSessionCookies(store: CookieStore): void {
  try {
    clearSessionCookies(store);
  } catch {
    // A render: the proxy or the next action clears them.
  }
}

export interface LocalSession {
  user: AuthUser;
  sessionId: string;
}

/**
 * The signed-in user from the request's cookies. A valid access token is checked against its session
 * row (so a sign-out anywhere takes effect at once). An expired one is renewed with the refresh token:
 * rotated where cookies can be written (actions, route handlers), merely verified in a render, where the
 * rotation rolls back because the new cookies cannot be stored.
 */
export async function readLocalSession(): Promise<LocalSession | null> {
  const store = await cookies();
  const secret = getAuthSecret();
  const verdict = await verifyAccessToken(secret, store.get(COOKIES.access)?.value);
  const db = await getDb();
  if (verdict.status === 'valid') {
    const user = await activeSessionUser(db, verdict.claims.sid);
    if (user) return { user, sessionId: verdict.claims.sid };
    tryClearSessionCookies(store);
    return null;
  }
  const refreshToken = store.get(COOKIES.refresh)?.value;
  if (!refreshToken) return null;
  const secure = await secureCookies();
  try {
    const outcome = await rotateRefreshToken(db, secret, refreshToken, { persist: (session) => writeSessionCookies(store, session, secure) });
    if (outcome.status === 'rotated') return { user: outcome.session.user, sessionId: outcome.sessionId };
    if (outcome.status === 'concurrent') return { user: outcome.user, sessionId: outcome.sessionId };
    tryClearSessionCookies(store);
    return null;
  } catch {
    return peekRefreshToken(db, refreshToken);
  }
}

export const localAuth: AuthPort = {
  async signInWithPassword({ email, password }, client) {
    const db = await getDb();
    const result = await authenticate(db, email, password, client.ip);
    if (!result.ok) return result;
    const session = await createSession(db, getAuthSecret(), result.data, client.userAgent);
    writeSessionCookies(await cookies(), session, await secureCookies());
    return { ok: true, data: session };
  },

  async signUp({ email, password }, client) {
    const db = await getDb();
    // Before any hashing: a refused sign-up costs the server one query.
    const addressOk = await reserveAttempt(db, signUpAddressKey(client.ip), SIGN_UP_LIMITS.address);
    if (!addressOk || !(await reserveAttempt(db, SIGN_UP_SITE_KEY, SIGN_UP_LIMITS.site))) {
      return { ok: false, error: SIGN_UP_RATE_LIMIT_MESSAGE, code: 'rate_limited' };
    }
    let passwordHash: string;
    try {
      passwordHash = await hashPassword(password);
    } catch (error) {
      if (error instanceof PasswordCheckBusyError) return { ok: false, error: error.message, code: 'unavailable' };
      throw error;
    }
    const result = await createPasswordUser(db, email, passwordHash);
    return result.ok ? { ok: true, data: { user: result.data } } : result;
  },

  async signOut(scope) {
    const store = await cookies();
    const current = await readLocalSession();
    if (current) await revokeSessions(await getDb(), current.sessionId, scope);
    // docs/product.md §4: scope others keeps this session (and its cookies); global and local remove it.
    if (scope !== 'others') clearSessionCookies(store);
    return { ok: true, data: null };
  },

  async getUser() {
    return (await readLocalSession())?.user ?? null;
  },

  async changePassword({ currentPassword, newPassword }, client) {
    const current = await readLocalSession();
    if (!current) return { ok: false, error: ACCESS_DENIED.anonymous, code: 'invalid_credentials' };
    const db = await getDb();
    const checked = await authenticate(db, current.user.email, currentPassword, client.ip);
    if (!checked.ok) return checked.code === 'invalid_credentials' ? { ok: false, error: CURRENT_PASSWORD_WRONG, code: 'invalid_credentials' } : checked;
    let passwordHash: string;
    try {
      passwordHash = await hashPassword(newPassword);
    } catch (error) {
      if (error instanceof PasswordCheckBusyError) return { ok: false, error: error.message, code: 'unavailable' };
      throw error;
    }
    await db.transaction(async (tx) => {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid', [current.user.id, passwordHash]);
      await revokeSessions(tx, current.sessionId, 'others');
    });
    return { ok: true, data: null };
  },
};
