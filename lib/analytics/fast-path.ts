import 'server-only';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

import { NEVER_STORE } from '@/lib/public-page-policy.mjs';
import { acceptBeacon, beaconText, type BeaconBody, type HeaderGetter } from './beacon';
import { BEACON_MAX_BYTES, BEACON_PATH } from './rules';

/**
 * Beacons answered before Next.js sees them (issue 48): "a flood of forged beacons cannot slow page loads".
 * Any request that goes through Next's handler costs the server's one JavaScript thread about as much as a
 * stored page does, even a static file or a 404 (`npm run bench:beacons`: 500 of either a second beside page
 * loads raised the pages' p99 by a third or more). A beacon needs none of that: this answers `POST
 * /insights/event` on the HTTP server itself, with the same checks as the route (lib/analytics/beacon.ts), and
 * hands every other request to Next unchanged.
 *
 * The server is Next's own under `next start` and npm start's under `npm start`; neither lets the app add a
 * handler in front, so the first request's `http.server.request.start` message (the channel the client-address
 * hook reads) names the server, and its `emit` is wrapped once. That request and any before the hook (under
 * `npm start` the instrumentation runs at the first request) are answered by the route, as are all beacons on
 * a serverless host (Vercel), where this is not installed.
 */

const installedKey = Symbol.for('academic-portfolio.analytics-fast-path');

/** Node's request headers, read as a Headers object is. */
function headersOf(request: IncomingMessage): HeaderGetter {
  return {
    get(name: string) {
      const value = request.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(', ') : (value ?? null);
    },
  };
}

/** The body, read no further than BEACON_MAX_BYTES (the rest is left unread and the connection closed). */
function readBody(request: IncomingMessage): Promise<BeaconBody> {
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const done = (body: BeaconBody) => {
      request.removeAllListeners('data');
      resolve(body);
    };
    request.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > BEACON_MAX_BYTES) {
        request.pause();
        done(413);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => done(beaconText(chunks)));
    request.on('error', () => done(400));
  });
}

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  let status = 204;
  try {
    status = await acceptBeacon(headersOf(request), () => readBody(request));
  } catch (error) {
    console.error('Could not take a page-view beacon', error);
  }
  // A body left unread (refused before it was read): a small one is drained so that the connection can carry
  // the next request; a large one, or one of unknown length, is not waited for, and the connection is closed.
  if (!request.readableEnded) {
    const length = Number(request.headers['content-length'] ?? Number.NaN);
    if (Number.isFinite(length) && length <= BEACON_MAX_BYTES) request.resume();
    else response.setHeader('connection', 'close');
  }
  response.writeHead(status, { 'cache-control': NEVER_STORE, 'content-length': '0' }).end();
}

/** Installs the fast path on this process's HTTP server (once; nothing on Vercel). */
export function answerBeaconsBeforeNext(): void {
  const process_ = globalThis as Record<symbol, unknown>;
  if (process_[installedKey] || process.env.VERCEL === '1') return;
  process_[installedKey] = true;
  const wrapped = new WeakSet<Server>();
  subscribe('http.server.request.start', (message) => {
    const { server } = message as { server?: Server };
    if (!server || wrapped.has(server)) return;
    wrapped.add(server);
    const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
    server.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event === 'request') {
        const [request, response] = args as [IncomingMessage, ServerResponse];
        if (request.method === 'POST' && request.url === BEACON_PATH) {
          void answer(request, response);
          return true;
        }
      }
      return emit(event, ...args);
    }) as Server['emit'];
  });
}
