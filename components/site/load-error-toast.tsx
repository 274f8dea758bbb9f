'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';
import { withSiteToast } from './site-toast';

/**
 * Rendered by a server component whose read failed: shows the error toast of docs/product.md §8 once and,
 * for the detail pages, moves on to the list page.
 */
export function LoadErrorToast({ message, redirectTo }: { message: string; redirectTo?: string }) {
  const router = useRouter();
  useEffect(() => {
    withSiteToast((toast) => toast.error(message, { id: message }));
    if (redirectTo) router.replace(redirectTo);
  }, [message, redirectTo, router]);
  return null;
}
