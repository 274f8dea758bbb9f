import { createHash } from 'node:crypto';

import { baseMapSvg } from '@/lib/places/map';

/**
 * The world's land as one SVG path (Natural Earth's outlines from world-atlas, projected on the server): the
 * map of talks' background, fetched once and kept by the browser, so no page carries its 13 kB. The same for
 * every site and every request; the dots are the page's own.
 */
export function GET(request: Request): Response {
  const body = baseMapSvg();
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = { 'content-type': 'image/svg+xml; charset=utf-8', etag, 'x-content-type-options': 'nosniff' };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}
