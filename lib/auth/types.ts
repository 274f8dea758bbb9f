/** The auth port's vocabulary, shared by the built-in and the Supabase adapters. */

export interface AuthUser {
  id: string;
  email: string;
}

/** docs/product.md §3: what the auth service hands back for a signed-in user. */
export interface Session {
  access_token: string;
  refresh_token: string;
  /** Seconds since the epoch. */
  expires_at: number;
  expires_in: number;
  token_type: 'bearer';
  user: AuthUser;
}

/** docs/product.md §4: global and local end the current session; others ends every other one and keeps it. */
export type SignOutScope = 'global' | 'local' | 'others';

export type AuthResult<T> = { ok: true; data: T } | { ok: false; error: string; code?: AuthErrorCode };

export type AuthErrorCode = 'invalid_credentials' | 'rate_limited' | 'user_exists' | 'weak_password' | 'unavailable';

/**
 * What pages, actions and route handlers use, whichever backend serves auth. Every method reads and
 * writes the request's cookies itself; sign-in and sign-out therefore run in server actions or route
 * handlers only.
 */
export interface AuthPort {
  signInWithPassword(credentials: { email: string; password: string }, client: ClientInfo): Promise<AuthResult<Session>>;
  signUp(credentials: { email: string; password: string }, client: ClientInfo): Promise<AuthResult<{ user: AuthUser }>>;
  signOut(scope: SignOutScope): Promise<AuthResult<null>>;
  /** The signed-in user, verified (never a bare cookie read); null when anonymous. */
  getUser(): Promise<AuthUser | null>;
  /**
   * Admin Settings' Update Password: the current password is checked (and counted like a sign-in), the
   * new one stored, and every other session of the user ended; this one stays signed in.
   */
  changePassword(passwords: { currentPassword: string; newPassword: string }, client: ClientInfo): Promise<AuthResult<null>>;
}

export interface ClientInfo {
  /** Best-effort client address, for the per-address sign-in limit. */
  ip: string;
  userAgent: string | null;
}
