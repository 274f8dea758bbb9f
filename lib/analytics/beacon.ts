import 'server-only';

import { clientAddress } from '@/lib/client-address';
import { countEvent, intakeOpen, siteHosts, takeBeacon } from './collect';
import { countedPagePath } from './pages';
import { BEACON_MAX_BYTES, pagePathOf, referrerHostOf } from './rules';

/**
 * One page-view beacon (issue 48): `{"p": path, "r": referrer}` from public/insights/script.js. The answer is
 * a status alone, never a page: 204 when the view is counted or quietly not (a crawler, Do Not Track, past the
 * server's intake (INTAKE); a path of the site's shape with no page is dropped when the queue is written), 400
 * for a body that is not a beacon, 413 past BEACON_MAX_BYTES, 403 from another site's page (its Origin), 429
 * past the address's limit a minute.
 * Answered by app/insights/event/route.ts, and, on a long-running server, before Next.js sees the request
 * (lib/analytics/fast-path.ts): both call this.
 */

export type HeaderGetter = Pick<Headers, 'get'>;

/** A body read with its bound: the text, or the status that refuses it (413 too large, 400 not UTF-8). */
export type BeaconBody = string | 400 | 413;

/** Decodes a body's bytes: 400 when they are not UTF-8. */
export function beaconText(chunks: readonly Uint8Array[]): BeaconBody {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    return 400;
  }
}

/** Whether a declared Content-Length is past the bound already (the body is then not read at all). */
export function declaredTooLarge(headers: HeaderGetter): boolean {
  return Number(headers.get('content-length') ?? '0') > BEACON_MAX_BYTES;
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return '';
  }
}

export async function acceptBeacon(headers: HeaderGetter, readBody: () => Promise<BeaconBody>): Promise<number> {
  const hosts = siteHosts(headers);
  const origin = headers.get('origin');
  if (origin && origin !== 'null' && !hosts.includes(hostOf(origin))) return 403;
  if (!(await takeBeacon(clientAddress(headers)))) return 429;
  if (declaredTooLarge(headers)) return 413;
  // Past the server's intake (a flood from many addresses) a beacon is answered unread and not counted.
  if (!intakeOpen()) return 204;
  const body = await readBody();
  if (typeof body === 'number') return body;
  let beacon: unknown;
  try {
    beacon = JSON.parse(body);
  } catch {
    return 400;
  }
  if (typeof beacon !== 'object' || beacon === null) return 400;
  const { p, r } = beacon as { p?: unknown; r?: unknown };
  const path = pagePathOf(p);
  if (path === null) return 400;
  await countEvent(headers, 'view', countedPagePath(path), referrerHostOf(r, hosts));
  return 204;
}
