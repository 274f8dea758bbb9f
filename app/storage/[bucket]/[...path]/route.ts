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
  return getStorage().serve(bucket, path, { method: request.method, headers: request.headers });
}

export const GET = serve;
export const HEAD = serve;
