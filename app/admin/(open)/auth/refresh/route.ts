import { NextResponse, type NextRequest } from 'next/server';
import { cookies } from 'next/headers';
import { cookieOptions } from '@/lib/auth/cookies';
import { COOKIES, LOGIN_PATH, safeAdminPath } from '@/lib/auth/constants';
import { getCurrentUser } from '@/lib/auth/guard';
import { secureCookies } from '@/lib/auth/request';

/**
 * A relative Location: behind the custom server request.url names the host Next.js was started with,
 * which need not be the one the browser used (and holds the cookies for).
 */
function redirectTo(path: string): NextResponse {
  return new NextResponse(null, { status: 307, headers: { Location: path, 'Cache-Control': 'no-store' } });
}

/**
 * Where the proxy sends an admin whose access token expired: renewing reads and rotates the refresh
 * token in the database (which the proxy may not touch), then the admin continues to the page asked for.
 */
export async function GET(request: NextRequest): Promise<NextResponse> {
  const next = safeAdminPath(request.nextUrl.searchParams.get('next'));
  const user = await getCurrentUser();
  if (user) return redirectTo(next);
  (await cookies()).set(COOKIES.requestedPath, next, cookieOptions.requestedPath(await secureCookies()));
  return redirectTo(LOGIN_PATH);
}
