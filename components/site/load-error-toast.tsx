'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';
import { NO_PAGE_CACHE_ATTRIBUTE } from '@/lib/page-cache-marker';
import { withSiteToast } from './site-toast';

/**
 * Rendered by a server component whose read failed: shows the spec's error toast once (section 8) and,
 * for the detail pages, moves on to the list page. Its hidden marker keeps the page out of the page cache,
 * so the next visitor gets a fresh attempt rather than this failure.
 */
export function LoadErrorToast({ message, redirectTo }: { message: string; redirectTo?: string }) {
  const router = useRouter();
  useEffect(() => {
    withSiteToast((toast) => toast.error(message, { id: message }));
    if (redirectTo) router.replace(redirectTo);
  }, [message, redirectTo, router]);
  return <span hidden {...{ [NO_PAGE_CACHE_ATTRIBUTE]: '' }} />;
}
