import { NextResponse, type NextRequest } from 'next/server';
import { cookies } from 'next/headers';
import { cookieOptions } from '@/lib/auth/cookies';
import { COOKIES, safeAdminPath } from '@/lib/auth/constants';
import { getCurrentUser } from '@/lib/auth/guard';
import { recheckFreshness, secureCookies } from '@/lib/auth/request';

/**
 * The re-check a returning tab makes (visibilitychange): answers whether the freshness stamp is still
 * within the window, sliding it forward when it is, clearing it (and remembering where the admin was)
 * when not. POST, so no cache or prefetch ever answers for it; SameSite=Lax keeps other sites out.
 */
export async function POST(request: NextRequest): Promise<NextResponse> {
  const user = await getCurrentUser();
  const fresh = user ? await recheckFreshness(user.id) : false;
  if (!fresh) {
    const body: unknown = await request.json().catch(() => null);
    const path = body && typeof body === 'object' && 'path' in body && typeof body.path === 'string' ? body.path : null;
    (await cookies()).set(COOKIES.requestedPath, safeAdminPath(path), cookieOptions.requestedPath(await secureCookies()));
  }
  return NextResponse.json({ fresh, signedIn: user !== null }, { headers: { 'Cache-Control': 'no-store' } });
}
