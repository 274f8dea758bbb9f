'use client';

import { useTransition } from 'react';
import { Link } from '@/components/link';
import { useRouter } from 'next/navigation';
import { Loader2, Sparkles } from 'lucide-react';

import { dismissFirstRunAction } from '@/app/admin/(guarded)/welcome/actions';
import { adminToast } from '@/components/admin/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The dashboard's welcome while the first run is not answered (docs/product.md §2, "Admin dashboard"): the
 * first sign-in of an owner made by ADMIN_EMAIL or `npm run admin:create` is asked here, as the setup link asks.
 */
export function FirstRunCard() {
  const router = useRouter();
  const [dismissing, startDismissing] = useTransition();
  const dismiss = () =>
    startDismissing(async () => {
      const result = await dismissFirstRunAction().catch(() => ({ ok: false as const, error: 'The server could not be reached. Please try again.' }));
      if (!result.ok) {
        adminToast.error('Failed to dismiss the welcome', { description: result.error });
        return;
      }
      router.refresh();
    });
  return (
    <section aria-labelledby="first-run-heading">
      <Card className="border-primary/40 bg-primary/5">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Sparkles className="size-5 text-primary" aria-hidden />
            <h2 id="first-run-heading">Make the site yours</h2>
          </CardTitle>
          <CardDescription>
            Your name, role line and profile links replace the sample researcher’s on every page; then keep the sample content to see the site filled in, or start empty.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button asChild>
            <Link href="/admin/welcome">Set Up Your Site</Link>
          </Button>
          <Button type="button" variant="ghost" onClick={dismiss} disabled={dismissing}>
            {dismissing ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Dismiss
          </Button>
        </CardContent>
      </Card>
    </section>
  );
}
