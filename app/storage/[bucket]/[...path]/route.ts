import { countDownload } from '@/lib/analytics/collect';
import { getStorage } from '@/lib/storage';
import { isBucket } from '@/lib/storage/buckets';

type Context = { params: Promise<{ bucket: string; path: string[] }> };

/**
 * Public files at /storage/<bucket>/<path>: the storage port serves them (the local-disk adapter from
 * DATA_DIR/storage; Supabase Storage answers its own public URLs, so there this is a 404).
 */
async function serve(request: Request, { params }: Context): Promise<Response> {
  const { bucket, path } = await params;
  if (!isBucket(bucket)) return new Response('Not found', { status: 404 });
  const response = await getStorage().serve(bucket, path, { method: request.method, headers: request.headers });
  // PDFs (papers, slides, the owner's documents) are downloads; the images of the pages are not counted.
  if (/^application\/pdf\b/.test(response.headers.get('content-type') ?? '')) countDownload(request, new URL(request.url).pathname, response);
  return response;
}

export const GET = serve;
export const HEAD = serve;
