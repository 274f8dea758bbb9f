import { Suspense } from 'react';
import type { Metadata } from 'next';
import { connection } from 'next/server';
import { Link } from '@/components/link';
import { Loader2 } from 'lucide-react';

import { SetupForm } from '@/components/admin/setup-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { countAdmins } from '@/lib/auth/admin-provisioning';
import { isSetupCodeValid } from '@/lib/auth/setup';
import { getDb } from '@/lib/db/client';

export const metadata: Metadata = { title: 'Set up the owner account' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function SetupPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <Suspense fallback={<Loader2 className="size-8 animate-spin text-muted-foreground" aria-label="Loading" />}>
        <Setup searchParams={searchParams} />
      </Suspense>
    </main>
  );
}

async function Setup({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const { code } = await searchParams;
  const value = typeof code === 'string' ? code : '';
  const open = (await countAdmins(await getDb())) === 0 && isSetupCodeValid(value);
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">
          <h1>Create the owner account</h1>
        </CardTitle>
        <CardDescription>
          {open
            ? 'This account gets admin access to edit the whole site.'
            : 'This setup link is not valid: an admin account exists already, the link was used, or its code is missing. The server prints a new link at start while no admin exists.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {open ? (
          <SetupForm code={value} />
        ) : (
          <Button asChild className="w-full">
            <Link href="/admin/login">Go to Login</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
