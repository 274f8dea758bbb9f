// @module-tag security
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chunksAfterFirstPaint } from '@/lib/cache/after-paint.mjs';
import { contentSecurityPolicy } from '@/lib/content-security-policy.mjs';
import { loadStreamedPageChunksAfterPaint } from '@/lib/streamed-page-chunks';

/**
 * Issue 49: lib/streamed-page-chunks.ts on a real HTTP server, the response handled as Next's server handles a
 * page rendered per request: its own compression middleware first (Next's compiled copy of `compression`), then
 * the headers, flushHeaders() and the page in pieces (next/dist/server/pipe-readable.js).
 */
const require = createRequire(import.meta.url);
const compression = require('next/dist/compiled/compression') as () => (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><script src="/_next/static/chunks/a1.js" async=""></script>' +
  '<script src="/_next/static/chunks/b2.js" async=""></script></head><body><main><h1>Talks</h1><p>Café ∑</p></main></body></html>';

interface Served {
  type?: string;
  policy?: string;
  length?: boolean;
  compress?: boolean;
}

let base = '';
let uninstall = () => {};
const server = createServer((request, response) => {
  const options = JSON.parse(decodeURIComponent(new URL(request.url ?? '/', 'http://x').searchParams.get('o') ?? '{}')) as Served;
  if (options.compress !== false) compression()(request, response, () => {});
  response.setHeader('content-type', options.type ?? 'text/html; charset=utf-8');
  if (options.policy) response.setHeader('content-security-policy', options.policy);
  if (options.length) {
    response.setHeader('content-length', Buffer.byteLength(PAGE));
    response.end(PAGE);
    return;
  }
  response.flushHeaders();
  // Cut inside a tag, inside a character and inside </body></html>, as the stream's pieces may be.
  const bytes = Buffer.from(PAGE);
  const cuts = [20, 70, bytes.indexOf('é') + 1, bytes.length - 5, bytes.length];
  let from = 0;
  const next = () => {
    const to = cuts.shift();
    if (to === undefined) return void response.end();
    response.write(bytes.subarray(from, to));
    from = to;
    setTimeout(next, 2);
  };
  next();
});

beforeAll(async () => {
  uninstall = loadStreamedPageChunksAfterPaint();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  uninstall();
  server.close();
});

async function get(options: Served, method = 'GET', gzip = true): Promise<{ body: string; encoding?: string }> {
  const response = await new Promise<IncomingMessage>((resolve, reject) =>
    httpRequest(`${base}/?o=${encodeURIComponent(JSON.stringify(options))}`, { method, headers: gzip ? { 'accept-encoding': 'gzip' } : {} }, resolve)
      .on('error', reject)
      .end(),
  );
  const pieces: Buffer[] = [];
  for await (const piece of response) pieces.push(piece as Buffer);
  const raw = Buffer.concat(pieces);
  const encoding = response.headers['content-encoding'];
  return { body: (encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'), encoding };
}

describe('a page rendered per request, on the way out', () => {
  it('is rewritten before compression: the gzip body unpacks to what chunksAfterFirstPaint makes of the page', async () => {
    const { body, encoding } = await get({ policy: contentSecurityPolicy("'unsafe-inline'") });
    expect(encoding).toBe('gzip');
    expect(body).toBe(chunksAfterFirstPaint(PAGE));
    expect(body).not.toBe(PAGE);
  });

  it('is rewritten alike without compression, and without Next compressing at all', async () => {
    expect((await get({}, 'GET', false)).body).toBe(chunksAfterFirstPaint(PAGE));
    expect((await get({ compress: false })).body).toBe(chunksAfterFirstPaint(PAGE));
  });

  it("is left as it is where the loader could not run or the page is not a streamed page's HTML", async () => {
    expect((await get({ policy: contentSecurityPolicy("'nonce-abc123'") })).body).toBe(PAGE);
    expect((await get({ policy: `script-src 'self' 'sha256-abc='` })).body).toBe(PAGE);
    expect((await get({ type: 'text/x-component' })).body).toBe(PAGE);
    expect((await get({ length: true })).body).toBe(PAGE);
  });
});
