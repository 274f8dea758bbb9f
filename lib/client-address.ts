import { randomUUID } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { isIP, type Socket } from 'node:net';

import { getEnv } from '@/lib/env';

/**
 * The client's address, for every per-address limit (sign-in, sign-up, search) and the security log. It is
 * taken the way Express's `trust proxy` takes it with a number of hops: the X-Forwarded-For entries are
 * read from the right, the rightmost being the address of the connection itself, and TRUST_PROXY (the
 * number of reverse proxies in front, each appending the address it was reached from) says how many of
 * them to pass over. With none, the connection's own address; behind one, the entry it appended; whatever
 * a client writes into the header itself stays further left and is never read. docs/deploy.md, "The
 * visitor's address", gives each deployment's value.
 *
 * Next.js fills X-Forwarded-For with the connection's address only when the request has none, and passes a
 * client's own header on unchanged, without the connection's address. So the server appends it itself:
 * recordConnectionAddresses() below, which every request passes through before Next.js sees it.
 */

/** The address of a request whose address cannot be known: those requests share one limit. */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * One X-Forwarded-For entry as an address to count by: an IPv4 address, or an IPv6 one in its one canonical
 * form (so that `2001:DB8:0::1` is not another address than `2001:db8::1`), an IPv4 address in IPv6 form
 * (`::ffff:192.0.2.1`, as a dual-stack socket reports it) as IPv4, a port or brackets left out. Anything
 * else is UNKNOWN_ADDRESS, so garbage cannot be a fresh address of its own.
 */
export function normalizeAddress(entry: string): string {
  let address = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.indexOf(':'));
  // A zone (fe80::1%eth0) names the interface of a link-local address, not another client.
  address = address.replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 4) return address;
  if (family !== 6) return UNKNOWN_ADDRESS;
  const canonical = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const mapped = /^::ffff:([\da-f]{1,4}):([\da-f]{1,4})$/.exec(canonical);
  if (!mapped) return canonical;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * The client's address from an X-Forwarded-For whose rightmost entry is the connection's own address,
 * with `hops` trusted proxies in front: the entry `hops` places from the right. A header with fewer
 * entries than that gives its leftmost one (the furthest address known), as Express does.
 */
export function addressFromForwardedFor(forwardedFor: string | null | undefined, hops: number): string {
  const entries = (forwardedFor ?? '').split(',');
  return normalizeAddress(entries[Math.max(entries.length - 1 - hops, 0)]!);
}

/**
 * Marks the requests whose connection address was appended. Its value is made afresh by each process and
 * never leaves it, so a client cannot send it: a request without it was not seen by the hook.
 */
const SEAL_HEADER = 'x-portfolio-connection';
/** On globalThis: Next.js bundles each route with its own copy of this module, and npm start's script has one more. */
const sealKey = Symbol.for('academic-portfolio.connection-seal');
const processState = globalThis as Record<symbol, string | undefined>;

/**
 * Appends the connection's address to every request's X-Forwarded-For as it reaches this process's HTTP
 * server, before Next.js reads it (Node's `http.server.request.start` channel, published before the
 * server's request handler runs), and seals the request. Once per process; later calls do nothing.
 * scripts/start.ts calls it before it listens, instrumentation.ts as the app loads. Under plain `next start`
 * the server listens before any of the app is loaded, so requests in that moment are not sealed, and
 * clientAddress reads them knowing that.
 */
export function recordConnectionAddresses(): void {
  if (processState[sealKey] !== undefined) return;
  const seal = randomUUID();
  processState[sealKey] = seal;
  subscribe('http.server.request.start', (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    const sent = request.headers['x-forwarded-for'];
    const own = socket.remoteAddress ?? UNKNOWN_ADDRESS;
    request.headers['x-forwarded-for'] = sent ? `${sent}, ${own}` : own;
    request.headers[SEAL_HEADER] = seal;
  });
}

/**
 * The client's address of the request with these headers (TRUST_PROXY hops unless told otherwise). A request
 * the hook did not seal lacks the connection's address: behind proxies, the rightmost entry is then the one
 * the nearest proxy appended, so one hop fewer is read; exposed directly (no hop), the address is unknown,
 * since Next.js passes a client's own X-Forwarded-For on as it came.
 */
export function clientAddress(headers: Pick<Headers, 'get'>, hops: number = getEnv().TRUST_PROXY): string {
  recordConnectionAddresses();
  const forwardedFor = headers.get('x-forwarded-for');
  if (headers.get(SEAL_HEADER) === processState[sealKey]) return addressFromForwardedFor(forwardedFor, hops);
  return hops === 0 ? UNKNOWN_ADDRESS : addressFromForwardedFor(forwardedFor, hops - 1);
}
