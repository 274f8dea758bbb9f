'use client';

import { useEffect } from 'react';
import type { Bucket } from '@/lib/storage/buckets';
import { withSiteToast } from './site-toast';

export type StorageProblem = { bucket: Bucket; state: 'not-found' | 'forbidden' };

/**
 * Shows the startup storage toasts once per page load (docs/product.md §8): one per bucket that failed, then
 * the summary for the audience. Toast ids keep a re-render from showing them twice.
 */
export function StorageStatusToasts({ problems, signedIn, checkFailed = false }: { problems: StorageProblem[]; signedIn: boolean; checkFailed?: boolean }) {
  useEffect(() => {
    if (!checkFailed && problems.length === 0) return;
    withSiteToast((toast) => {
      if (checkFailed) {
        toast.error('Some media features may be limited. Please contact an administrator.', { id: 'storage-check-failed' });
        return;
      }
      for (const { bucket, state } of problems) {
        const id = `storage-${bucket}`;
        if (state === 'not-found') toast.error(`Storage bucket "${bucket}" not found. Please contact administrator.`, { id });
        else if (signedIn) toast.warning("You don't have permission to access this storage bucket", { id });
        else toast.warning('You need to be logged in to access storage features', { id });
      }
      if (signedIn) toast.error('Some storage features may be limited. Please contact an administrator.', { id: 'storage-summary' });
      else toast.warning('Sign in to enable media uploads and storage features', { id: 'storage-summary' });
    });
  }, [checkFailed, problems, signedIn]);
  return null;
}
