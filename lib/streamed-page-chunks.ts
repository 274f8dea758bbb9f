import 'server-only';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';

import { ChunksAfterPaint } from '@/lib/cache/after-paint.mjs';

/**
 * A page rendered per request (`/search`, `/talks`, a 404) loads its JavaScript after its first paint, as a
 * stored page does (issue 49; lib/cache/after-paint.mjs). The route cache rewrites a page once as it stores it;
 * a page that is not stored is streamed straight to the response, and Next offers no hook between the two, so
 * its HTML is rewritten on the way out, here.
 *
 * Installed on the HTTP server as the beacons' fast path is (lib/analytics/fast-path.ts): each request's
 * `http.server.request.start` message hands over its response before Next sees it. The response's `writeHead`
 * is wrapped; Next sends its headers before the first piece of a streamed page (`flushHeaders()`), after its
 * compression has wrapped `write` and `end`, so once the headers say what the body is, the rewrite wraps those
 * and is handed the page as HTML, before compression. Only a streamed HTML page whose policy lets inline
 * scripts run is rewritten: the loader is an inline script, and the admin area's pages (a nonce) and stored
 * pages (hashes, and already rewritten) are not. Not installed on a serverless host (Vercel), where pages
 * keep React's tags as they are; nor does it see the requests before the instrumentation ran (under `npm
 * start`, the first).
 */

const installedKey = Symbol.for('academic-portfolio.streamed-page-chunks');

/** The header's values, one string each. */
function values(header: OutgoingHttpHeader | undefined): string[] {
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [String(header)];
}

/**
 * Whether every Content-Security-Policy on the response lets an inline script run: its script-src (or
 * default-src) says 'unsafe-inline' and names no nonce or hash, which would make the browser ignore it.
 */
export function allowsInlineScripts(policies: string[]): boolean {
  return policies.every((policy) => {
    const directives = policy.split(';').map((directive) => directive.trim().split(/\s+/));
    const scriptSrc = directives.find(([name]) => name?.toLowerCase() === 'script-src') ?? directives.find(([name]) => name?.toLowerCase() === 'default-src');
    if (!scriptSrc) return true;
    const sources = scriptSrc.slice(1).map((source) => source.toLowerCase());
    return sources.includes("'unsafe-inline'") && !sources.some((source) => /^'(nonce|sha256|sha384|sha512)-/.test(source));
  });
}

/** Whether the response, its headers set, is a streamed HTML page the rewrite may change. */
function rewritable(response: ServerResponse): boolean {
  const type = values(response.getHeader('content-type'))[0] ?? '';
  return (
    /^text\/html\b/i.test(type) &&
    response.getHeader('content-length') === undefined &&
    allowsInlineScripts(values(response.getHeader('content-security-policy')))
  );
}

type Callback = (error?: Error | null) => void;

/** A piece as Next or Node writes it: a string in an encoding, or bytes. */
function bytesOf(chunk: unknown, encoding: unknown): Buffer | null {
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return null;
}

/** Wraps the response's current `write` and `end` (compression's, when it compresses) with the rewrite. */
function rewriteBody(response: ServerResponse): void {
  const write = response.write as (this: ServerResponse, chunk: Buffer) => boolean;
  const end = response.end as (this: ServerResponse) => ServerResponse;
  const rewriter = new ChunksAfterPaint();
  const send = (target: ServerResponse, pieces: Buffer[]) => pieces.reduce((ok, piece) => write.call(target, piece) && ok, true);
  response.write = function (this: ServerResponse, chunk: unknown, encoding?: unknown, callback?: unknown) {
    const done = [encoding, callback].find((argument): argument is Callback => typeof argument === 'function');
    const bytes = bytesOf(chunk, encoding);
    const ok = bytes ? send(this, rewriter.push(bytes)) : write.call(this, chunk as Buffer);
    if (done) process.nextTick(done);
    return ok;
  } as ServerResponse['write'];
  response.end = function (this: ServerResponse, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const done = [chunk, encoding, callback].find((argument): argument is Callback => typeof argument === 'function');
    const bytes = typeof chunk === 'function' ? null : bytesOf(chunk, encoding);
    send(this, [...(bytes ? rewriter.push(bytes) : []), ...rewriter.end()]);
    if (done) this.once('finish', () => done());
    return end.call(this);
  } as ServerResponse['end'];
}

/**
 * Installs the rewrite for every request this process's HTTP server takes from now on (once; nothing on
 * Vercel). Answers how to remove it again (for tests: the channel is the whole process's).
 */
export function loadStreamedPageChunksAfterPaint(): () => void {
  const process_ = globalThis as Record<symbol, unknown>;
  if (process_[installedKey] || process.env.VERCEL === '1') return () => {};
  process_[installedKey] = true;
  const onRequest = (message: unknown) => {
    const { request, response } = message as { request?: IncomingMessage; response?: ServerResponse };
    if (!request || !response || request.method !== 'GET') return;
    const writeHead = response.writeHead;
    let decided = false;
    response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (!decided) {
        decided = true;
        if (rewritable(this)) rewriteBody(this);
      }
      return (writeHead as (...args: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
  };
  subscribe('http.server.request.start', onRequest);
  return () => {
    unsubscribe('http.server.request.start', onRequest);
    process_[installedKey] = false;
  };
}
