import { connection } from 'next/server';

import { acceptBeacon, beaconText, type BeaconBody } from '@/lib/analytics/beacon';
import { BEACON_MAX_BYTES } from '@/lib/analytics/rules';
import { NEVER_STORE } from '@/lib/public-pages';

/**
 * The page-view beacon (issue 48; lib/analytics/beacon.ts says what each answer means). On a long-running
 * server most beacons are answered before they reach Next.js (lib/analytics/fast-path.ts); this route answers
 * the rest: the first ones, and every one on a host where that does not apply (serverless).
 */

/** The body, read no further than BEACON_MAX_BYTES. */
async function readBody(request: Request): Promise<BeaconBody> {
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
  return beaconText(chunks);
}

export async function POST(request: Request): Promise<Response> {
  await connection();
  const status = await acceptBeacon(request.headers, () => readBody(request));
  return new Response(null, { status, headers: { 'cache-control': NEVER_STORE } });
}
