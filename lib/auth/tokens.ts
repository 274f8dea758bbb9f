import 'server-only';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, FRESHNESS_WINDOW_MS } from './constants';

const ISSUER = 'academic-portfolio';
const AUDIENCE = 'authenticated';

export interface AccessClaims {
  /** The user id. */
  sub: string;
  email: string;
  /** The session id: lets sign-out and reuse detection end a session whose access token is still valid. */
  sid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  iat: number;
}

export async function signAccessToken(
  secret: Uint8Array,
  claims: { sub: string; email: string; sid: string },
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const expiresAt = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ email: claims.email, sid: claims.sid, role: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expiresAt };
}

export type AccessVerdict = { status: 'valid'; claims: AccessClaims } | { status: 'expired' } | { status: 'invalid' };

/** Checks signature, algorithm, issuer, audience and expiry; an expired token is told apart from a forged one. */
export async function verifyAccessToken(secret: Uint8Array, token: string | undefined, now: Date = new Date()): Promise<AccessVerdict> {
  if (!token) return { status: 'invalid' };
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
    });
    const { sub, email, sid, exp, iat } = payload;
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string' || typeof exp !== 'number' || typeof iat !== 'number') {
      return { status: 'invalid' };
    }
    return { status: 'valid', claims: { sub, email, sid, exp, iat } };
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return { status: 'expired' };
    return { status: 'invalid' };
  }
}

/** 256 random bits: unguessable, and only its hash is stored. */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

// ---------------------------------------------------------------------------------------------------
// The freshness stamp: `<issued ms>.<hmac>`, the HMAC binding the time to the user so a stamp cannot be
// forged, moved to another account, or pushed into the future by editing the cookie.
// ---------------------------------------------------------------------------------------------------

function stampMac(secret: Uint8Array, subject: string, issuedAt: number): Buffer {
  return createHmac('sha256', secret).update(`fresh:${subject}:${issuedAt}`).digest();
}

export function signFreshnessStamp(secret: Uint8Array, subject: string, now: number = Date.now()): string {
  return `${now}.${stampMac(secret, subject, now).toString('base64url')}`;
}

/** The stamp's time when it is authentic for this subject, else null. */
export function readFreshnessStamp(secret: Uint8Array, subject: string, stamp: string | undefined): number | null {
  if (!stamp) return null;
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(stamp);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  const expected = stampMac(secret, subject, issuedAt);
  const actual = Buffer.from(match[2], 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? issuedAt : null;
}

/**
 * Fresh means proven within the window. A stamp from the future (clock skew beyond a minute, or an
 * attempt to outlive the window) is not fresh either.
 */
export function isFresh(issuedAt: number | null, now: number = Date.now(), windowMs: number = FRESHNESS_WINDOW_MS): boolean {
  if (issuedAt === null) return false;
  const age = now - issuedAt;
  return age <= windowMs && age >= -60_000;
}
