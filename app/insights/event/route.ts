import { connection } from 'next/server';

import { countEvent, siteHosts, takeBeacon } from '@/lib/analytics/collect';
import { readerPage } from '@/lib/analytics/pages';
import { BEACON_MAX_BYTES, pagePathOf, referrerHostOf } from '@/lib/analytics/rules';
import { clientAddress } from '@/lib/client-address';
import { NEVER_STORE } from '@/lib/public-pages';

/**
 * The page-view beacon (issue 48): public/insights/script.js sends `{"p": path, "r": referrer}` with
 * navigator.sendBeacon on each page a reader opens. Every answer is an empty one, so nothing here is ever an
 * error page: 204 when the view is counted or quietly not counted (a crawler, Do Not Track, a page that does not
 * exist), 400 for a beacon that is not one, 413 for one too large, 429 past the address's limit. A beacon from
 * another site (its Origin) is refused; the rest cannot be told from a reader's and is bounded instead: one
 * address counts at most BEACON_RATE_LIMIT a minute, and the events are written in batches.
 */

const answer = (status: number) => new Response(null, { status, headers: { 'cache-control': NEVER_STORE } });

/** The body as text; 413 when it is larger than BEACON_MAX_BYTES (read no further), 400 when it is not UTF-8. */
async function readBody(request: Request): Promise<string | 400 | 413> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > BEACON_MAX_BYTES) return 413;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BEACON_MAX_BYTES) {
      await reader.cancel();
      return 413;
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    return 400;
  }
}

export async function POST(request: Request): Promise<Response> {
  await connection();
  const origin = request.headers.get('origin');
  if (origin && origin !== 'null' && !siteHosts(request.headers).includes(hostOf(origin))) return answer(403);
  if (!(await takeBeacon(clientAddress(request.headers)))) return answer(429);
  const body = await readBody(request);
  if (typeof body === 'number') return answer(body);
  let beacon: unknown;
  try {
    beacon = JSON.parse(body);
  } catch {
    return answer(400);
  }
  if (typeof beacon !== 'object' || beacon === null) return answer(400);
  const { p, r } = beacon as { p?: unknown; r?: unknown };
  const path = pagePathOf(p);
  if (path === null) return answer(400);
  const page = await readerPage(path).catch(() => null);
  if (page !== null) await countEvent(request.headers, 'view', page, referrerHostOf(r, siteHosts(request.headers)));
  return answer(204);
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return '';
  }
}
