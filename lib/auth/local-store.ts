import 'server-only';
import type { Database, Queryable } from '@/lib/db/types';
import { REFRESH_TOKEN_TTL_SECONDS } from './constants';
import { PasswordCheckBusyError, verifyPassword } from './password';
import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNT_SLOWDOWN, RATE_LIMIT_MESSAGE, accountAddressKey, accountDelayMs, accountKey, clearAttempts, countAttempt, releaseAttempt, reserveAttempt } from './rate-limit';
import { generateRefreshToken, hashToken, signAccessToken } from './tokens';
import type { AuthResult, AuthUser, Session, SignOutScope } from './types';

/**
 * The built-in auth's storage: sessions and rotating refresh tokens in auth.app_sessions and
 * auth.app_refresh_tokens. Knows nothing about cookies, so it is tested directly on PGlite.
 */

/** A refresh token presented again this soon after its rotation is a race (parallel requests), not theft. */
export const REUSE_GRACE_MS = 10_000;

export const INVALID_CREDENTIALS = 'Invalid email or password';

async function issueTokens(tx: Queryable, secret: Uint8Array, user: AuthUser, sessionId: string, now: Date): Promise<Session> {
  const refreshToken = generateRefreshToken();
  await tx.query(
    `insert into auth.app_refresh_tokens (token_hash, session_id, created_at, expires_at) values ($1, $2, $3, $4)`,
    [hashToken(refreshToken), sessionId, now.toISOString(), new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000).toISOString()],
  );
  const { token, expiresAt } = await signAccessToken(secret, { sub: user.id, email: user.email, sid: sessionId }, now);
  return {
    access_token: token,
    refresh_token: refreshToken,
    expires_at: expiresAt,
    expires_in: expiresAt - Math.floor(now.getTime() / 1000),
    token_type: 'bearer',
    user,
  };
}

export async function createSession(db: Database, secret: Uint8Array, user: AuthUser, userAgent: string | null, now: Date = new Date()): Promise<Session> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `insert into auth.app_sessions (user_id, user_agent, created_at, refreshed_at) values ($1, $2, $3, $3) returning id::text as id`,
      [user.id, userAgent?.slice(0, 512) ?? null, now.toISOString()],
    );
    await tx.query('update auth.users set last_sign_in_at = $2 where id = $1', [user.id, now.toISOString()]);
    return issueTokens(tx, secret, user, rows[0].id, now);
  });
}

export type RefreshOutcome =
  | { status: 'rotated'; session: Session; sessionId: string }
  /** Rotated moments ago by a parallel request: still this user, but no new tokens (the other response carries them). */
  | { status: 'concurrent'; user: AuthUser; sessionId: string }
  | { status: 'invalid' }
  /** A used token came back after the grace period: the session has been revoked. */
  | { status: 'reused' };

interface TokenRow {
  session_id: string;
  user_id: string;
  email: string;
  expires_at: Date | string;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const TOKEN_LOOKUP = `
  select t.session_id::text as session_id, s.user_id::text as user_id, u.email, t.expires_at, t.used_at, s.revoked_at
  from auth.app_refresh_tokens t
  join auth.app_sessions s on s.id = t.session_id
  join auth.users u on u.id = s.user_id
  where t.token_hash = $1`;

/**
 * Exchanges a refresh token for a new pair. The old token is claimed with one conditional update, so of
 * two requests racing with the same token only one rotates. `persist` runs inside the transaction with
 * the new session: when it throws (the new cookies cannot be written), the rotation is rolled back and
 * the old token stays valid, so an admin is never logged out by a failed write.
 */
export async function rotateRefreshToken(
  db: Database,
  secret: Uint8Array,
  refreshToken: string | undefined,
  options: { now?: Date; persist?: (session: Session) => void | Promise<void> } = {},
): Promise<RefreshOutcome> {
  if (!refreshToken) return { status: 'invalid' };
  const now = options.now ?? new Date();
  const hash = hashToken(refreshToken);
  const outcome = await db.transaction<RefreshOutcome | { status: 'revoke'; sessionId: string }>(async (tx) => {
    const { rows } = await tx.query<TokenRow>(`${TOKEN_LOOKUP} for update of t`, [hash]);
    const row = rows[0];
    if (!row || row.revoked_at !== null || new Date(row.expires_at) <= now) return { status: 'invalid' };
    if (row.used_at !== null) {
      const sinceUse = now.getTime() - new Date(row.used_at).getTime();
      if (sinceUse <= REUSE_GRACE_MS) return { status: 'concurrent', user: { id: row.user_id, email: row.email }, sessionId: row.session_id };
      return { status: 'revoke', sessionId: row.session_id };
    }
    const claimed = await tx.query('update auth.app_refresh_tokens set used_at = $2 where token_hash = $1 and used_at is null', [hash, now.toISOString()]);
    if (claimed.affectedRows !== 1) return { status: 'invalid' };
    await tx.query('update auth.app_sessions set refreshed_at = $2 where id = $1', [row.session_id, now.toISOString()]);
    const session = await issueTokens(tx, secret, { id: row.user_id, email: row.email }, row.session_id, now);
    await options.persist?.(session);
    return { status: 'rotated', session, sessionId: row.session_id };
  });
  if (outcome.status === 'revoke') {
    // Outside the rotation's transaction: the revocation must stick whatever the caller does next.
    await db.query('update auth.app_sessions set revoked_at = $2 where id = $1 and revoked_at is null', [outcome.sessionId, now.toISOString()]);
    return { status: 'reused' };
  }
  return outcome;
}

/**
 * Read-only check of a refresh token, for server components that cannot write cookies: the user behind
 * an unused, unexpired token of a live session (or one rotated within the grace period).
 */
export async function peekRefreshToken(db: Queryable, refreshToken: string | undefined, now: Date = new Date()): Promise<{ user: AuthUser; sessionId: string } | null> {
  if (!refreshToken) return null;
  const { rows } = await db.query<TokenRow>(TOKEN_LOOKUP, [hashToken(refreshToken)]);
  const row = rows[0];
  if (!row || row.revoked_at !== null || new Date(row.expires_at) <= now) return null;
  if (row.used_at !== null && now.getTime() - new Date(row.used_at).getTime() > REUSE_GRACE_MS) return null;
  return { user: { id: row.user_id, email: row.email }, sessionId: row.session_id };
}

/** The user of a session that has not been signed out or revoked. */
export async function activeSessionUser(db: Queryable, sessionId: string): Promise<AuthUser | null> {
  const { rows } = await db.query<{ id: string; email: string }>(
    `select u.id::text as id, u.email from auth.app_sessions s join auth.users u on u.id = s.user_id
     where s.id = $1::uuid and s.revoked_at is null`,
    [sessionId],
  );
  return rows[0] ?? null;
}

/** The scopes of docs/product.md §4: local ends this session, global every session of the user, others all but this one. */
export async function revokeSessions(db: Queryable, sessionId: string, scope: SignOutScope, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const sql = {
    local: `update auth.app_sessions set revoked_at = $2 where id = $1::uuid and revoked_at is null`,
    global: `update auth.app_sessions set revoked_at = $2
             where user_id = (select user_id from auth.app_sessions where id = $1::uuid) and revoked_at is null`,
    others: `update auth.app_sessions set revoked_at = $2
             where user_id = (select user_id from auth.app_sessions where id = $1::uuid) and id <> $1::uuid and revoked_at is null`,
  }[scope];
  const { affectedRows } = await db.query(sql, [sessionId, at]);
  return affectedRows;
}

/**
 * Email + password sign-in with the brute-force limits. The attempt is reserved before the password is
 * checked (see reserveAttempt), and every failure answers the same message whether or not the email
 * exists; a missing account still costs a hash so timing does not tell either.
 */
export async function authenticate(db: Database, email: string, password: string, ip: string): Promise<AuthResult<AuthUser>> {
  const pair = accountAddressKey(email, ip);
  const account = accountKey(email);
  if (!(await reserveAttempt(db, pair))) return { ok: false, error: RATE_LIMIT_MESSAGE, code: 'rate_limited' };
  // Between queries, so the wait holds no connection or transaction.
  const delay = accountDelayMs(await countAttempt(db, account, ACCOUNT_SLOWDOWN));
  if (delay > 0) await sleep(delay);

  const { rows } = await db.query<{ id: string; email: string; encrypted_password: string | null }>(
    'select id::text as id, email, encrypted_password from auth.users where lower(email) = lower($1)',
    [email.trim()],
  );
  const user = rows[0];
  let valid: boolean;
  try {
    valid = await verifyPassword(password, user?.encrypted_password ?? DUMMY_HASH);
  } catch (error) {
    if (!(error instanceof PasswordCheckBusyError)) throw error;
    // Turned away unchecked: that must not count towards anyone's lock.
    await releaseAttempt(db, pair);
    return { ok: false, error: error.message, code: 'unavailable' };
  }
  if (!user || !user.encrypted_password || !valid) return { ok: false, error: INVALID_CREDENTIALS, code: 'invalid_credentials' };
  await clearAttempts(db, pair);
  await clearAttempts(db, account);
  return { ok: true, data: { id: user.id, email: user.email } };
}

// A well-formed hash of a random password: verifying against it costs what a real check costs.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** Built-in sign-up. No mail service exists in this mode, so the address counts as confirmed at once. */
export async function createPasswordUser(db: Database, email: string, passwordHash: string): Promise<AuthResult<AuthUser>> {
  const { rows } = await db.query<{ id: string; email: string }>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, $2, now())
     on conflict ((lower(email))) do nothing returning id::text as id, email`,
    [email.trim(), passwordHash],
  );
  if (!rows[0]) return { ok: false, error: 'User already registered', code: 'user_exists' };
  return { ok: true, data: rows[0] };
}
