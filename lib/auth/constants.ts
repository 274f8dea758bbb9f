/**
 * Names and lifetimes shared by the proxy, the server and the browser code of the auth port. Nothing
 * secret lives here, so client components may import it.
 */

/** docs/product.md §9: the admin area needs a sign-in no older than 5 minutes of inactivity. */
export const FRESHNESS_WINDOW_MS = 5 * 60 * 1000;

/** Built-in access tokens are short-lived; the refresh token renews them without a new password. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const COOKIES = {
  /** The signed access token (built-in auth). Path / because storage route handlers need it too. */
  access: 'pf-access',
  /** The rotating refresh token (built-in auth). Only the admin area renews sessions. */
  refresh: 'pf-refresh',
  /** The freshness stamp: when the admin last proved their password, slid forward on each admin visit. */
  fresh: 'pf-admin-fresh',
  /** The admin path a signed-out visitor asked for, to return there after login. */
  requestedPath: 'pf-requested-path',
} as const;

export const COOKIE_PATHS = {
  access: '/',
  refresh: '/admin',
  fresh: '/admin',
  requestedPath: '/admin',
} as const;

/** Access Denied's two texts (docs/product.md §2), also what an admin action answers a caller it refuses. */
export const ACCESS_DENIED = {
  anonymous: 'You need to be signed in to access this area. Please log in to continue.',
  forbidden: "Your account doesn't have permission to access this area.",
} as const;

export const ADMIN_HOME = '/admin';
export const LOGIN_PATH = '/admin/login';
export const UNAUTHORIZED_PATH = '/admin/unauthorized';
export const SETUP_PATH = '/admin/setup';
/** Route handlers of the auth flow itself (session renewal, the freshness re-check). */
export const AUTH_ROUTES_PREFIX = '/admin/auth';

/** Admin paths anyone may open: the guard must not send a visitor from these to the login page. */
export function isOpenAdminPath(pathname: string): boolean {
  return [LOGIN_PATH, UNAUTHORIZED_PATH, SETUP_PATH, AUTH_ROUTES_PREFIX].some(
    (open) => pathname === open || pathname.startsWith(`${open}/`),
  );
}

/**
 * The remembered path may only be a same-site path inside the admin area: anything else (another host,
 * `//evil.example`, a backslash trick, the login page itself) falls back to the dashboard, so a crafted
 * link can never turn the login into an open redirect.
 */
export function safeAdminPath(candidate: string | null | undefined): string {
  if (!candidate || candidate.length > 512) return ADMIN_HOME;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || /[\\\u0000-\u001f]/.test(candidate)) return ADMIN_HOME;
  let url: URL;
  try {
    url = new URL(candidate, 'http://same.invalid');
  } catch {
    return ADMIN_HOME;
  }
  if (url.origin !== 'http://same.invalid') return ADMIN_HOME;
  const inAdmin = url.pathname === ADMIN_HOME || url.pathname.startsWith(`${ADMIN_HOME}/`);
  if (!inAdmin || isOpenAdminPath(url.pathname)) return ADMIN_HOME;
  return `${url.pathname}${url.search}`;
}
