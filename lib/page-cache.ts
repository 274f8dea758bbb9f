import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';
import { etagMatches } from './etag';
import { NO_PAGE_CACHE_ATTRIBUTE } from './page-cache-marker';
import { hasSessionCookie, isRouterRequest, PUBLIC_PAGE } from './public-pages';

/**
 * The in-process page cache (ARCHITECTURE.md, "Scale": one machine, pages cached in-process).
 *
 * Public pages read their data through `'use cache'` functions, but Next.js still renders the React tree
 * on every request, and that render costs far more than the reads. This cache keeps the finished HTML of
 * a public page for anonymous visitors and answers the next identical request with it, so a page costs
 * about what a static file costs. Every content write empties it (`expireTags` in lib/content/tags.ts),
 * so a change shows on the very next request, exactly like the tagged data cache below it.
 *
 * What is never cached: anything but a GET of a public page route; a request with a session cookie (the
 * page may show that visitor something of their own); App Router navigations and prefetches (RSC
 * payloads); responses other than a plain 200 HTML page, or ones that set a cookie; a page that marks
 * itself uncacheable (a failed read's toast renders NO_PAGE_CACHE_ATTRIBUTE).
 *
 * The server (scripts/start.ts) and the app's own bundle are separate module graphs in one process, so
 * the cache lives on globalThis under a registered symbol and both see the same instance.
 */


/** Response headers that belong to one connection or one response, never to a stored copy. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

export const PAGE_CACHE_HEADER = 'x-page-cache';

export interface PageCacheOptions {
  /** Entries older than this are rendered again (relative dates, the footer's year). */
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
}

const DEFAULTS: PageCacheOptions = { ttlMs: 60_000, maxEntries: 500, maxBytes: 64 * 1024 * 1024 };

interface Entry {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Bumped by every invalidation: a render that began before it must not be stored after it. */
  private generation = 0;

  constructor(
    private readonly options: PageCacheOptions = DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get currentGeneration(): number {
    return this.generation;
  }

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.options.ttlMs) {
      this.delete(key);
      return undefined;
    }
    // Map order is insertion order: re-inserting keeps the most recently used at the end.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Stores a rendered page unless the cache was invalidated since its render began. */
  set(key: string, entry: Omit<Entry, 'storedAt'>, generationAtStart: number): boolean {
    if (generationAtStart !== this.generation) return false;
    if (entry.body.length > this.options.maxBytes / 8) return false;
    this.delete(key);
    this.entries.set(key, { ...entry, storedAt: this.now() });
    this.bytes += entry.body.length;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.delete(oldest);
    }
    return true;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }
}

const REGISTRY = Symbol.for('academic-portfolio.page-cache');
type Registry = typeof globalThis & { [REGISTRY]?: PageCache };

/** The process's page cache, created by the server; undefined where no server installed one (build, tests). */
export function installPageCache(cache = new PageCache()): PageCache {
  const registry = globalThis as Registry;
  registry[REGISTRY] ??= cache;
  return registry[REGISTRY];
}

export function invalidatePageCache(): void {
  (globalThis as Registry)[REGISTRY]?.invalidate();
}

/**
 * Crawlers and link-preview fetchers that do not run JavaScript: Next.js puts a page's metadata (title,
 * Open Graph, canonical) in the <head> for them and streams it into the <body> for everyone else, so the
 * two get different bytes and must not share a cache entry. Next 16's default list (`htmlLimitedBots`,
 * next/dist/shared/lib/router/utils/html-bots.js), repeated here because this server reads the request
 * before Next.js does; keep it in step when upgrading.
 */
const HTML_LIMITED_BOTS =
  /[\w-]+-Google|Google-[\w-]+|Chrome-Lighthouse|Slurp|DuckDuckBot|baiduspider|yandex|sogou|bitlybot|tumblr|vkShare|quora link preview|redditbot|ia_archiver|Bingbot|BingPreview|applebot|facebookexternalhit|facebookcatalog|Twitterbot|LinkedInBot|Slackbot|Discordbot|WhatsApp|SkypeUriPreview|Yeti|googleweblight/i;

/** The cache key of a request, or null when the request must be rendered for this visitor alone. */
export function pageCacheKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null {
  if (req.method !== 'GET' || !req.url) return null;
  // Only plain origin-form paths: `//host/x` would parse as another host's `/x`, and URL parsing turns a
  // backslash into a slash where Next.js does not, so either could store one page under another's key.
  if (!req.url.startsWith('/') || req.url.startsWith('//') || req.url.includes('\\')) return null;
  const url = new URL(req.url, 'http://page.cache');
  const header = (name: string) => req.headers[name];
  if (!PUBLIC_PAGE.test(url.pathname) || isRouterRequest(header, url.searchParams) || hasSessionCookie(header)) return null;
  // The stored bytes are in one encoding; the key names it, and only a response sent in it is stored.
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  // Pages reached over HTTPS (behind a TLS proxy) carry Strict-Transport-Security; plain ones do not.
  const https = String(req.headers['x-forwarded-proto'] ?? '').includes('https') ? 'https:' : '';
  const reader = HTML_LIMITED_BOTS.test(String(req.headers['user-agent'] ?? '')) ? 'bot:' : '';
  return encoding ? `${encoding} ${reader}${https}${url.pathname}${url.search}` : null;
}

export type PageEncoding = 'gzip' | 'deflate' | 'identity';

/**
 * The encoding a client asked for, as Next.js's compression chooses it: the highest q-value among gzip,
 * deflate and identity (gzip first on a tie), `*` standing for the ones not named, identity acceptable
 * unless refused (Next's `compression` negotiates with `negotiator` the same way). Null when the client accepts none of them.
 */
export function negotiateEncoding(header: string | string[] | undefined): PageEncoding | null {
  const weights = new Map<string, number>();
  // An unnamed identity ranks with the lowest weight named (a q of 0 counting as 1), as negotiator does.
  let lowest = 1;
  for (const part of String(header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    const clamped = Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0;
    weights.set(token, clamped);
    lowest = Math.min(lowest, clamped || 1);
  }
  const weightOf = (encoding: PageEncoding): number => {
    const named = weights.get(encoding) ?? weights.get('*');
    if (named !== undefined) return named;
    return encoding === 'identity' ? lowest : 0;
  };
  let best: PageEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of ['gzip', 'deflate', 'identity'] as const) {
    const weight = weightOf(encoding);
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** Whether a finished page may be kept: readable, and not marked uncacheable by the page itself. */
export function isCacheableBody(body: Buffer, contentEncoding: unknown): boolean {
  let html: Buffer;
  try {
    if (contentEncoding === undefined || contentEncoding === 'identity') html = body;
    else if (contentEncoding === 'gzip') html = gunzipSync(body);
    else if (contentEncoding === 'deflate') html = inflateSync(body);
    else return false;
  } catch {
    return false;
  }
  return !html.includes(NO_PAGE_CACHE_ATTRIBUTE);
}

/**
 * Answers from the cache when it can; returns whether it did. A request whose If-None-Match names the
 * stored page's ETag gets 304 Not Modified, as Next.js answers it.
 */
export function serveFromPageCache(cache: PageCache, key: string, res: ServerResponse, req?: Pick<IncomingMessage, 'headers'>): boolean {
  const entry = cache.get(key);
  if (!entry) return false;
  const etag = entry.headers.etag;
  if (typeof etag === 'string' && req && etagMatches(req.headers['if-none-match'], etag)) {
    // A 304 carries the validators and caching headers, not the body's type or encoding.
    const headers = Object.fromEntries(Object.entries(entry.headers).filter(([name]) => name !== 'content-type' && name !== 'content-encoding'));
    res.writeHead(304, { ...headers, [PAGE_CACHE_HEADER]: 'hit' });
    res.end();
    return true;
  }
  res.writeHead(entry.status, { ...entry.headers, 'content-length': entry.body.length, [PAGE_CACHE_HEADER]: 'hit' });
  res.end(entry.body);
  return true;
}

/**
 * Lets a response through unchanged while keeping a copy of its bytes, then stores the copy if it turned
 * out to be a cacheable page. Call before handing the response to Next.js.
 */
export function recordIntoPageCache(cache: PageCache, key: string, res: ServerResponse): void {
  const generation = cache.currentGeneration;
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
    size += buffer.length;
    if (size > 8 * 1024 * 1024) overflow = true;
    else chunks.push(Buffer.from(buffer));
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.setHeader(PAGE_CACHE_HEADER, 'miss');
  res.write = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return write(...args);
  }) as ServerResponse['write'];
  res.end = ((...args: unknown[]) => {
    keep(args[0], args[1]);
    return end(...args);
  }) as ServerResponse['end'];
  res.once('finish', () => {
    if (overflow || res.statusCode !== 200) return;
    const headers = res.getHeaders();
    if (headers['set-cookie'] !== undefined) return;
    if (!String(headers['content-type'] ?? '').startsWith('text/html')) return;
    const stored: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (!HOP_HEADERS.has(name) && name !== PAGE_CACHE_HEADER && value !== undefined) stored[name] = value;
    }
    const body = Buffer.concat(chunks);
    // A key names one encoding: a response sent in another (Next chose differently) is not stored under it.
    const sent = String(headers['content-encoding'] ?? 'identity');
    if (key.slice(0, key.indexOf(' ')) !== sent) return;
    if (!isCacheableBody(body, headers['content-encoding'])) return;
    cache.set(key, { status: 200, headers: stored, body }, generation);
  });
}
