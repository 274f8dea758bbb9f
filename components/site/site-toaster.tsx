'use client';

import { lazy, Suspense, useSyncExternalStore } from 'react';

import { isSiteToasterWanted, subscribeToSiteToaster } from './site-toast';

const SonnerToaster = lazy(() => import('./site-toaster-sonner'));

const notWantedOnServer = () => false;

/**
 * The site's toaster (bottom right), mounted by the root layout. It renders nothing, and loads no sonner,
 * until a toast is raised through site-toast.ts; from then on it stays mounted across navigations.
 */
export function SiteToaster() {
  const wanted = useSyncExternalStore(subscribeToSiteToaster, isSiteToasterWanted, notWantedOnServer);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
