import { Suspense } from 'react';
import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { connection } from 'next/server';
import { Loader2 } from 'lucide-react';

import { MediaLibrary } from '@/components/admin/media/media-library';
import { requireAdmin } from '@/lib/auth/guard';
import { BUCKETS, getStorage, isBucket, type Bucket, type BucketState, type StoredObject } from '@/lib/storage';
import { BUCKET_LABELS } from '@/lib/storage/buckets';
import { cn } from '@/lib/utils';

export const metadata: Metadata = { title: 'Media Library' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function MediaPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="font-serif text-3xl font-semibold tracking-tight">Media Library</h1>
        <p className="mt-1 text-sm text-muted-foreground">Upload images and PDFs, copy their public addresses, and remove files that are no longer used.</p>
      </header>
      <Suspense
        fallback={
          <div className="flex min-h-[30vh] items-center justify-center" role="status" aria-label="Loading">
            <Loader2 className="size-8 animate-spin text-muted-foreground" aria-hidden />
          </div>
        }
      >
        <Library searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function Library({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  // The layout checks the role too, but a client-side navigation re-renders only the page.
  await requireAdmin();
  const requested = (await searchParams).bucket;
  const bucket: Bucket = typeof requested === 'string' && isBucket(requested) ? requested : 'blog-images';
  const storage = getStorage();

  const states = Object.fromEntries(
    await Promise.all(
      BUCKETS.map(async (b): Promise<[Bucket, BucketState | 'error']> => {
        try {
          return [b, await storage.checkBucket(b)];
        } catch (error) {
          console.error(`Media library: checking ${b} failed`, error);
          return [b, 'error'];
        }
      }),
    ),
  ) as Record<Bucket, BucketState | 'error'>;

  let files: StoredObject[] = [];
  let listError: string | null = null;
  if (states[bucket] === 'ready') {
    try {
      files = await storage.list(bucket);
    } catch (error) {
      console.error(`Media library: listing ${bucket} failed`, error);
      listError = `Storage system error: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Buckets" className="flex flex-wrap gap-2">
        {BUCKETS.map((b) => (
          <Link
            key={b}
            href={`/admin/media?bucket=${b}`}
            aria-current={b === bucket ? 'page' : undefined}
            className={cn(
              'rounded-md border px-3 py-1.5 text-sm transition-colors',
              b === bucket ? 'border-primary bg-primary/15 text-foreground' : 'border-border text-muted-foreground hover:bg-accent/60',
            )}
          >
            {BUCKET_LABELS[b]}
            {states[b] !== 'ready' && <span className="ml-1.5 text-destructive">(unavailable)</span>}
          </Link>
        ))}
      </nav>
      <MediaLibrary key={bucket} bucket={bucket} files={files} listError={listError} />
    </div>
  );
}
