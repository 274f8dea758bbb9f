import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';

import { addressFromForwardedFor, clientAddress, normalizeAddress, recordConnectionAddresses, UNKNOWN_ADDRESS } from '@/lib/client-address';

/*
 * Issue 42: the client's address, read the way Express's `trust proxy` reads it with a number of hops. The
 * X-Forwarded-For below always ends with the connection's own address, as the server makes it
 * (recordConnectionAddresses); tests/e2e/client-address.spec.ts runs the three deployments for real.
 */

describe("the client's address from X-Forwarded-For and the number of trusted proxies", () => {
  // What each deployment hands the app, for a client at 203.0.113.9 that claims to be 198.51.100.1.
  const deployments = {
    'exposed directly, no header sent': { header: '203.0.113.9', hops: 0 },
    'exposed directly, a header sent': { header: '198.51.100.1, 203.0.113.9', hops: 0 },
    'behind one proxy that appends': { header: '198.51.100.1, 203.0.113.9, 127.0.0.1', hops: 1 },
    'behind one proxy that replaces': { header: '203.0.113.9, 127.0.0.1', hops: 1 },
    'behind a CDN and a proxy, both appending': { header: '198.51.100.1, 203.0.113.9, 192.0.2.50, 127.0.0.1', hops: 2 },
  };
  for (const [name, { header, hops }] of Object.entries(deployments)) {
    it(`finds the client ${name}`, () => expect(addressFromForwardedFor(header, hops)).toBe('203.0.113.9'));
  }

  it('never takes an address the client wrote, however many it writes', () => {
    const claimed = Array.from({ length: 50 }, (_, n) => `198.51.100.${n}`).join(', ');
    expect(addressFromForwardedFor(`${claimed}, 203.0.113.9`, 0)).toBe('203.0.113.9');
    expect(addressFromForwardedFor(`${claimed}, 203.0.113.9, 127.0.0.1`, 1)).toBe('203.0.113.9');
    expect(addressFromForwardedFor(`${claimed},203.0.113.9,127.0.0.1`, 1)).toBe('203.0.113.9');
    // Two header lines of their own are one list to Node and to fetch's Headers, joined with a comma.
    expect(addressFromForwardedFor(['198.51.100.1', '198.51.100.2, 203.0.113.9, 127.0.0.1'].join(', '), 1)).toBe('203.0.113.9');
  });

  it('gives the leftmost entry when there are fewer entries than hops, as Express does', () => {
    expect(addressFromForwardedFor('127.0.0.1', 1)).toBe('127.0.0.1');
    expect(addressFromForwardedFor('203.0.113.9, 127.0.0.1', 5)).toBe('203.0.113.9');
  });

  it('reads IPv6 addresses in one canonical form, and IPv4 ones however a socket or proxy wrote them', () => {
    expect(addressFromForwardedFor('2001:DB8:0:0::1', 0)).toBe('2001:db8::1');
    expect(addressFromForwardedFor('2001:db8::1, ::1', 1)).toBe('2001:db8::1');
    expect(addressFromForwardedFor('[2001:db8::1]:443, ::1', 1)).toBe('2001:db8::1');
    expect(addressFromForwardedFor('[2001:db8::7], ::1', 1)).toBe('2001:db8::7');
    expect(addressFromForwardedFor('fe80::1%eth0', 0)).toBe('fe80::1');
    expect(addressFromForwardedFor('::ffff:203.0.113.9', 0)).toBe('203.0.113.9');
    expect(addressFromForwardedFor('::FFFF:CB00:7109', 0)).toBe('203.0.113.9');
    expect(addressFromForwardedFor('203.0.113.9:51234, ::ffff:127.0.0.1', 1)).toBe('203.0.113.9');
    expect(normalizeAddress(' ::1 ')).toBe('::1');
  });

  it('makes anything that is not an address UNKNOWN_ADDRESS, so garbage is never an address of its own', () => {
    for (const garbage of ['', ' ', 'unknown', '<script>', 'a'.repeat(5_000), '203.0.113', '203.0.113.256', '01.2.3.4', '2001:db8::1::2', '[2001:db8::1', '203.0.113.9:port', 'example.org', '203.0.113.9 198.51.100.1']) {
      expect(normalizeAddress(garbage), JSON.stringify(garbage.slice(0, 20))).toBe(UNKNOWN_ADDRESS);
    }
    expect(addressFromForwardedFor(null, 0)).toBe(UNKNOWN_ADDRESS);
    expect(addressFromForwardedFor(undefined, 1)).toBe(UNKNOWN_ADDRESS);
    expect(addressFromForwardedFor('203.0.113.9,, 127.0.0.1', 1)).toBe(UNKNOWN_ADDRESS);
    expect(addressFromForwardedFor('<script>, 203.0.113.9, 127.0.0.1', 1)).toBe('203.0.113.9');
  });
});

/** Starts an HTTP server in this process and answers what it receives, sent from `localAddress`. */
async function received(send: Record<string, string>, localAddress = '127.0.0.1'): Promise<IncomingHttpHeaders> {
  const server = createServer((req, res) => res.end(JSON.stringify(req.headers)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      request({ host: '127.0.0.1', port, localAddress, headers: send }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(JSON.parse(body) as IncomingHttpHeaders));
      })
        .on('error', reject)
        .end();
    });
  } finally {
    server.close();
  }
}

const asHeaders = (headers: IncomingHttpHeaders) => new Headers(Object.entries(headers).map(([name, value]): [string, string] => [name, String(value)]));

describe("the connection's address, appended by the server itself", () => {
  it("appends the connection's address to what the client sent, and seals the request so that clientAddress reads it", async () => {
    recordConnectionAddresses();
    recordConnectionAddresses();
    const headers = await received({ 'x-forwarded-for': '198.51.100.1' }, '127.0.0.2');
    // Once, however often it is installed.
    expect(headers['x-forwarded-for']).toBe('198.51.100.1, 127.0.0.2');
    expect(clientAddress(asHeaders(headers), 0)).toBe('127.0.0.2');
    expect(clientAddress(asHeaders(headers), 1)).toBe('198.51.100.1');
    // A request without the header gets the connection's address alone.
    expect((await received({}, '127.0.0.3'))['x-forwarded-for']).toBe('127.0.0.3');
  });

  it('cannot be sealed by a client: its own seal is replaced', async () => {
    recordConnectionAddresses();
    const honest = await received({});
    const seal = honest['x-portfolio-connection'];
    expect(seal).toMatch(/^[\da-f-]{36}$/);
    const forged = await received({ 'x-portfolio-connection': 'guessed', 'x-forwarded-for': '198.51.100.1' }, '127.0.0.4');
    expect(forged['x-portfolio-connection']).toBe(seal);
    expect(clientAddress(asHeaders(forged), 0)).toBe('127.0.0.4');
  });

  it('reads a request the server did not seal (one that came before the app loaded) knowing the connection is not in it', () => {
    recordConnectionAddresses();
    const unsealed = (forwardedFor: string) => new Headers({ 'x-forwarded-for': forwardedFor, 'x-portfolio-connection': 'guessed' });
    // Exposed directly: what Next.js hands on is the client's own header, or the connection's address; no telling which.
    expect(clientAddress(unsealed('198.51.100.1'), 0)).toBe(UNKNOWN_ADDRESS);
    // Behind proxies: the rightmost entry is the nearest proxy's.
    expect(clientAddress(unsealed('198.51.100.1, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddress(unsealed('198.51.100.1, 203.0.113.9, 192.0.2.50'), 2)).toBe('203.0.113.9');
  });
});
