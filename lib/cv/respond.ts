import 'server-only';

import { getEnv } from '@/lib/env';
import { etagMatches } from '@/lib/etag';
import { NEVER_STORE, publicPageCacheControl } from '@/lib/public-pages';

/**
 * A CV file's answer (/cv.pdf, /cv.json): the public pages' Cache-Control (anyone may keep a copy, and must ask
 * again before reusing it unless PUBLIC_CACHE_SECONDS says otherwise), the file's ETag, and a 304 with no body
 * when the visitor's copy is current.
 */
export function cvFileResponse(request: Request, file: { body: Uint8Array | string; etag: string; headers: Record<string, string> }): Response {
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

/** The answer when the content cannot be read: a plain message, never stored. */
export function cvUnavailable(what: string): Response {
  return new Response(`The ${what} could not be made. Please try again later.\n`, {
    status: 503,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NEVER_STORE, 'retry-after': '30' },
  });
}
