import 'server-only';
import type { NextRequest } from 'next/server';
import { createServerClient } from '@supabase/ssr';
import { getEnv } from '@/lib/env';
import { cookieOptions, requestOrigin, shouldUseSecureCookies, type CookieOptions } from './cookies';
import { COOKIES } from './constants';
import { getAuthSecret } from './secret';
import { serverRealtime } from './supabase-client';
import { verifyAccessToken } from './tokens';

/**
 * The session as the proxy sees it, from the request's cookies alone (the proxy never reads the
 * database). One function per auth adapter, chosen here, like with-supabase's `updateSession`.
 */
export interface RequestSession {
  /** The signed-in user's id, or null. */
  subject: string | null;
  /** Built-in auth: the access token has run out but a refresh token is there, so this is not a sign-out. */
  expiredWithRefreshToken: boolean;
  /**
   * Cookies the adapter renewed (Supabase refreshes an expired session here). They are already set on
   * `request.cookies` for the rest of this request; the proxy copies them onto its response.
   */
  renewed: { name: string; value: string; options: Partial<CookieOptions> }[];
}

async function builtInSession(request: NextRequest): Promise<RequestSession> {
  const verdict = await verifyAccessToken(getAuthSecret(), request.cookies.get(COOKIES.access)?.value);
  if (verdict.status === 'valid') return { subject: verdict.claims.sub, expiredWithRefreshToken: false, renewed: [] };
  return { subject: null, expiredWithRefreshToken: Boolean(request.cookies.get(COOKIES.refresh)?.value), renewed: [] };
}

async function supabaseSession(request: NextRequest, url: string, anonKey: string): Promise<RequestSession> {
  const renewed: RequestSession['renewed'] = [];
  const supabase = createServerClient(url, anonKey, {
    realtime: serverRealtime,
    cookieOptions: cookieOptions.supabase(shouldUseSecureCookies(requestOrigin(request.headers))),
    cookies: {
      getAll: () => request.cookies.getAll(),
      setAll: (cookies) => {
        cookies.forEach(({ name, value }) => request.cookies.set(name, value));
        renewed.push(...(cookies as RequestSession['renewed']));
      },
    },
  });
  // getClaims() verifies the token and refreshes an expired session, writing the new cookies above.
  const { data } = await supabase.auth.getClaims();
  return { subject: data?.claims?.sub ?? null, expiredWithRefreshToken: false, renewed };
}

export async function sessionFromRequest(request: NextRequest): Promise<RequestSession> {
  const env = getEnv();
  if (env.mode === 'supabase' && env.NEXT_PUBLIC_SUPABASE_URL && env.NEXT_PUBLIC_SUPABASE_ANON_KEY) {
    return supabaseSession(request, env.NEXT_PUBLIC_SUPABASE_URL, env.NEXT_PUBLIC_SUPABASE_ANON_KEY);
  }
  return builtInSession(request);
}
