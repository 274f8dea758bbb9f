import { Suspense } from 'react';
import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { ShieldAlert } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ACCESS_DENIED } from '@/lib/auth/constants';
import { getCurrentUser } from '@/lib/auth/guard';

export const metadata: Metadata = { title: 'Access Denied' };

export default function UnauthorizedPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="justify-items-center">
          <ShieldAlert className="size-12 text-destructive" aria-hidden />
          <CardTitle className="text-2xl">
            <h1>Access Denied</h1>
          </CardTitle>
          <CardDescription>
            <Suspense fallback={<span className="invisible">…</span>}>
              <Explanation />
            </Suspense>
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button variant="outline" asChild>
            <Link href="/">Return to Home</Link>
          </Button>
          <Button asChild>
            <Link href="/admin/login">Login</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}

async function Explanation() {
  const user = await getCurrentUser();
  return ACCESS_DENIED[user ? 'forbidden' : 'anonymous'];
}
