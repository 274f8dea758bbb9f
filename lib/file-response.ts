import 'server-only';

import { getEnv } from '@/lib/env';
import { etagMatches } from '@/lib/etag';
import { publicPageCacheControl } from '@/lib/public-pages';

/**
 * A public file made from the content (/cv.pdf, /cv.json, a paper's /research/{id}/cite): the public pages' Cache-Control (anyone may keep a copy, and must ask
 * again before reusing it unless PUBLIC_CACHE_SECONDS says otherwise), the file's ETag, and a 304 with no body
 * when the visitor's copy is current.
 */
export function publicFileResponse(request: Request, file: { body: Uint8Array | string; etag: string; headers: Record<string, string> }): Response {
  const headers = {
    ...file.headers,
    etag: file.etag,
    'cache-control': publicPageCacheControl(getEnv().PUBLIC_CACHE_SECONDS),
    'x-content-type-options': 'nosniff',
  };
  if (etagMatches(request.headers.get('if-none-match'), file.etag)) return new Response(null, { status: 304, headers });
  // The cached bytes as they are (a Blob would copy them on every answer).
  const body = file.body as string | Uint8Array<ArrayBuffer>;
  return new Response(request.method === 'HEAD' ? null : body, { headers });
}
