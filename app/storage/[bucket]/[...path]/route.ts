import path from 'node:path';
import { getEnv } from '@/lib/env';
import { isBucket } from '@/lib/storage/buckets';
import { serveStoredFile } from '@/lib/storage/serve';

type Context = { params: Promise<{ bucket: string; path: string[] }> };

/**
 * Public files of the local-disk adapter: /storage/<bucket>/<path>. In Supabase mode the files live in
 * Supabase Storage and their public URLs point there, so this route has nothing to serve.
 */
async function serve(request: Request, { params }: Context): Promise<Response> {
  const { bucket, path: segments } = await params;
  const env = getEnv();
  if (env.mode === 'supabase' || !isBucket(bucket)) return new Response('Not found', { status: 404 });
  return serveStoredFile(path.join(env.dataDir, 'storage', bucket), segments, { method: request.method, headers: request.headers });
}

export const GET = serve;
export const HEAD = serve;
