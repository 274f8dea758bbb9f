import { Suspense } from 'react';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { Loader2 } from 'lucide-react';

import { LoginCard } from '@/components/admin/login-card';
import { ADMIN_HOME } from '@/lib/auth/constants';
import { getCurrentUser } from '@/lib/auth/guard';
import { hasFreshStamp } from '@/lib/auth/request';
import { getEnv } from '@/lib/env';

export const metadata: Metadata = { title: 'Admin Login' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function AdminLoginPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <Suspense fallback={<Loader2 className="size-8 animate-spin text-muted-foreground" aria-label="Loading" />}>
        <LoginGate searchParams={searchParams} />
      </Suspense>
    </main>
  );
}

async function LoginGate({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const stale = params.reason === 'stale';
  // The re-render that follows the sign-in action itself must not redirect: the form then sends the admin
  // to the path they first asked for, which a redirect to the dashboard here would override.
  const duringSignIn = (await headers()).has('next-action');
  const user = duringSignIn ? null : await getCurrentUser();
  // A signed-in visitor goes to the dashboard, unless the proxy has just sent them here because their
  // freshness stamp ran out: they must prove their password again first.
  if (user && !stale && (await hasFreshStamp(user.id))) redirect(ADMIN_HOME);
  return <LoginCard initialMode={params.mode === 'signup' ? 'signup' : 'login'} stale={stale} signupOpen={getEnv().ALLOW_SIGNUP} />;
}
