import { connection } from 'next/server';
import { getCurrentUser } from '@/lib/auth/guard';
import { whenServing } from '@/lib/content/read';
import { BUCKETS, getStorageStatus } from '@/lib/storage';
import { StorageStatusToasts, type StorageProblem } from './storage-status-toasts';

/**
 * The startup storage check's toasts (docs/product.md §8) for whoever opens the site. Renders nothing when
 * every bucket is ready, and then reads nothing of the request: the page stays whole in Next's route
 * cache. Only while a bucket has a problem does it wait for the request (whose session decides the
 * wording), making that part of every page request-time. Mount it inside <Suspense fallback={null}>.
 */
export async function StorageStatus() {
  await whenServing();
  const status = await getStorageStatus().catch((error: unknown) => {
    console.error('Storage status: the check could not be read', error);
    return null;
  });
  if (!status?.ok) {
    await connection();
    return <StorageStatusToasts checkFailed problems={[]} signedIn={false} />;
  }
  const problems: StorageProblem[] = BUCKETS.flatMap((bucket) => {
    const state = status.buckets[bucket];
    return state === 'ready' ? [] : [{ bucket, state }];
  });
  if (problems.length === 0) return null;
  await connection();
  // Only asked when there is something to say: the public pages stay free of session reads otherwise.
  const signedIn = (await getCurrentUser().catch(() => null)) !== null;
  return <StorageStatusToasts problems={problems} signedIn={signedIn} />;
}
