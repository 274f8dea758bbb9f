'use client';

import { useEffect, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { Loader2, RefreshCw } from 'lucide-react';

import { adminToast } from '@/components/admin/toast';
import { Button } from '@/components/ui/button';

/**
 * What an editor shows when its data could not be read (docs/product.md §8): the error toast and a
 * retry, and no form, so nothing empty can be saved over the stored data. With `title` the toast is that
 * title with the message below it (Research Papers' toasts are all titled 'Error').
 */
export function EditorLoadFailed({ toast, what, title }: { toast: string; what: string; title?: string }) {
  const router = useRouter();
  const [retrying, startRetry] = useTransition();
  useEffect(() => {
    // The id keeps a re-render from stacking a second toast.
    const id = `load-failed:${toast}`;
    if (title) adminToast.error(title, { id, description: toast });
    else adminToast.error(toast, { id });
  }, [toast, title]);
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-4 text-sm">
      <p className="text-destructive">{what} could not be loaded.</p>
      <Button type="button" variant="outline" size="sm" disabled={retrying} onClick={() => startRetry(() => router.refresh())}>
        {retrying ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
        Try again
      </Button>
    </div>
  );
}
