import { COOKIE_PATHS, COOKIES, REFRESH_TOKEN_TTL_SECONDS } from './constants';

/** The attributes this app sets on its cookies: what Next's `cookies().set` and `NextResponse.cookies.set` take. */
export interface CookieOptions {
  httpOnly: boolean;
  sameSite: 'lax';
  secure?: boolean;
  path: string;
  maxAge?: number;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Secure when the request came over https, or in production on a real host name. Not on plain-http
 * loopback: a production build tried on http://localhost (and the end-to-end tests on 127.0.0.1)
 * would otherwise never get its cookies back from the browser.
 */
export function shouldUseSecureCookies(request: { protocol: string; host: string | null }, nodeEnv: string | undefined = process.env.NODE_ENV): boolean {
  if (request.protocol === 'https') return true;
  if (nodeEnv !== 'production') return false;
  const hostname = (request.host ?? '').replace(/:\d+$/, '').toLowerCase();
  return !LOOPBACK.has(hostname);
}

/** The request's protocol and host from its headers (the proxy in front sets x-forwarded-proto). */
export function requestOrigin(headers: Headers): { protocol: string; host: string | null } {
  const forwarded = headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return { protocol: forwarded === 'https' ? 'https' : 'http', host: headers.get('x-forwarded-host') ?? headers.get('host') };
}

function base(secure: boolean, path: string): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path };
}

export const cookieOptions = {
  // The cookie outlives its token (the token's own expiry decides validity), so the server can tell an
  // expired session, to renew, from none at all.
  access: (secure: boolean): CookieOptions => ({ ...base(secure, COOKIE_PATHS.access), maxAge: REFRESH_TOKEN_TTL_SECONDS }),
  refresh: (secure: boolean): CookieOptions => ({ ...base(secure, COOKIE_PATHS.refresh), maxAge: REFRESH_TOKEN_TTL_SECONDS }),
  // Session cookies (no maxAge): the stamp and the remembered path end with the browser anyway.
  fresh: (secure: boolean): CookieOptions => base(secure, COOKIE_PATHS.fresh),
  requestedPath: (secure: boolean): CookieOptions => ({ ...base(secure, COOKIE_PATHS.requestedPath), maxAge: 30 * 60 }),
  // Supabase mode: @supabase/ssr's session cookies. Its defaults (utils/constants.ts) are `httpOnly: false`,
  // so the browser's scripts could read the tokens; nothing in the browser talks to Supabase Auth here
  // (every call is made on the server), so they get the attributes of the app's own cookies.
  supabase: (secure: boolean): CookieOptions => base(secure, '/'),
  expired: (path: string): CookieOptions => ({ path, maxAge: 0, httpOnly: true, sameSite: 'lax' }),
};

export { COOKIES };
