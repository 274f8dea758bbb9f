import { createServerClient, type CookieOptions } from '@supabase/ssr';
import { ACCESS_DENIED } from './constants';
import { cookieOptions } from './cookies';
import { CURRENT_PASSWORD_WRONG } from '@/lib/validation/settings';
import type { SupabaseClient, SupabaseClientOptions } from '@supabase/supabase-js';
import type { AuthPort, AuthResult, AuthUser, Session, SignOutScope } from './types';

/**
 * The Supabase adapter of the auth port, independent of Next.js so it can be tested against a local
 * HTTP double: it talks to Supabase Auth through @supabase/ssr's server client and a cookie jar.
 */

export interface CookieJar {
  getAll(): { name: string; value: string }[];
  /** May throw (a server component render); the proxy refreshes sessions, so a lost write is harmless. */
  setAll(cookies: { name: string; value: string; options: CookieOptions }[]): void;
}

export interface SupabaseConfig {
  url: string;
  anonKey: string;
  /** Whether the session cookies get the Secure flag (lib/auth/cookies.ts, shouldUseSecureCookies). */
  secureCookies?: boolean;
}

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/**
 * supabase-js builds a realtime client eagerly and, on Node 20 (no global WebSocket), throws unless given
 * a transport. The server never opens a realtime channel, so the transport refuses to be constructed.
 */
class NoServerRealtime {
  constructor() {
    throw new Error('Realtime is not used on the server');
  }
}
export const serverRealtime = { transport: NoServerRealtime as unknown as RealtimeTransport };

export function createSupabaseServerClient(config: SupabaseConfig, jar: CookieJar): SupabaseClient {
  return createServerClient(config.url, config.anonKey, {
    realtime: serverRealtime,
    cookieOptions: cookieOptions.supabase(config.secureCookies ?? false),
    cookies: {
      getAll: () => jar.getAll(),
      setAll: (cookies) => {
        try {
          jar.setAll(cookies);
        } catch {
          // Called during a render, where cookies are read-only: the proxy has already renewed the session.
        }
      },
    },
  });
}

function toSession(session: {
  access_token: string;
  refresh_token: string;
  expires_at?: number;
  expires_in: number;
  user: { id: string; email?: string };
}): Session {
  return {
    access_token: session.access_token,
    refresh_token: session.refresh_token,
    expires_at: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in,
    expires_in: session.expires_in,
    token_type: 'bearer',
    user: { id: session.user.id, email: session.user.email ?? '' },
  };
}

/**
 * The verified user: getClaims() checks the access token's signature (against the project's JWKS, or by
 * asking Supabase Auth for symmetric keys) and renews an expired session through the refresh token.
 * getSession() alone would trust whatever the cookie says.
 */
export async function verifiedSupabaseUser(client: SupabaseClient): Promise<AuthUser | null> {
  const { data, error } = await client.auth.getClaims();
  if (error || !data?.claims?.sub) return null;
  const email = typeof data.claims.email === 'string' ? data.claims.email : '';
  return { id: data.claims.sub, email };
}

/** A cookie jar of its own, in memory: for a client whose session must not reach the browser. */
function memoryJar(): CookieJar {
  const cookies = new Map<string, string>();
  return {
    getAll: () => [...cookies].map(([name, value]) => ({ name, value })),
    setAll: (changed) => changed.forEach(({ name, value }) => (value ? cookies.set(name, value) : cookies.delete(name))),
  };
}

export function supabaseAuthPort(config: SupabaseConfig, jar: () => Promise<CookieJar>): AuthPort {
  const client = async () => createSupabaseServerClient(config, await jar());
  return {
    async signInWithPassword({ email, password }): Promise<AuthResult<Session>> {
      const { data, error } = await (await client()).auth.signInWithPassword({ email, password });
      if (error) return { ok: false, error: error.message || 'Invalid email or password', code: error.status === 429 ? 'rate_limited' : 'invalid_credentials' };
      if (!data.session) return { ok: false, error: 'Login failed. Please check your credentials.', code: 'invalid_credentials' };
      return { ok: true, data: toSession(data.session) };
    },

    async signUp({ email, password }): Promise<AuthResult<{ user: AuthUser }>> {
      const { data, error } = await (await client()).auth.signUp({ email, password });
      // Only these codes mean the address is taken: a 422 is also weak_password, signup_disabled, … (supabase/auth
      // internal/api/signup.go and errorcode.go), which must reach the form as refusals.
      if (error) return { ok: false, error: error.message || 'Failed to sign up', code: error.code === 'user_already_exists' || error.code === 'email_exists' ? 'user_exists' : undefined };
      if (!data.user) return { ok: false, error: 'Failed to sign up' };
      return { ok: true, data: { user: { id: data.user.id, email: data.user.email ?? email } } };
    },

    async signOut(scope: SignOutScope): Promise<AuthResult<null>> {
      // supabase-js already ignores 401/403/404 answers (docs/product.md §4) and keeps the session for 'others'.
      const { error } = await (await client()).auth.signOut({ scope });
      return error ? { ok: false, error: error.message || 'Failed to sign out' } : { ok: true, data: null };
    },

    async getUser(): Promise<AuthUser | null> {
      return verifiedSupabaseUser(await client());
    },

    async changePassword({ currentPassword, newPassword }): Promise<AuthResult<null>> {
      const supabase = await client();
      const user = await verifiedSupabaseUser(supabase);
      if (!user) return { ok: false, error: ACCESS_DENIED.anonymous, code: 'invalid_credentials' };
      // Supabase Auth changes a password without the old one; the Settings page asks for it, so it is checked,
      // by a sign-in whose session is kept in memory only: this browser keeps the session it has. Signed in
      // through the cookie client, the check replaced it, and the old session, ended below with the others,
      // was still in the cookies of this browser's requests in flight (a prefetch), whose answers then
      // cleared the new one. The checking session is among the others that end.
      const check = await createSupabaseServerClient(config, memoryJar()).auth.signInWithPassword({ email: user.email, password: currentPassword });
      if (check.error) {
        return check.error.status === 429
          ? { ok: false, error: check.error.message, code: 'rate_limited' }
          : { ok: false, error: CURRENT_PASSWORD_WRONG, code: 'invalid_credentials' };
      }
      const updated = await supabase.auth.updateUser({ password: newPassword });
      if (updated.error) {
        return { ok: false, error: updated.error.message || 'Failed to update password', code: updated.error.code === 'weak_password' ? 'weak_password' : undefined };
      }
      const ended = await supabase.auth.signOut({ scope: 'others' });
      if (ended.error) return { ok: false, error: `The password was changed, but other sessions could not be ended: ${ended.error.message}` };
      return { ok: true, data: null };
    },
  };
}
