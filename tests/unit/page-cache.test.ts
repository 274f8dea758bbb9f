import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAGE_CACHE_HEADER,
  PageCache,
  installPageCache,
  isCacheableBody,
  invalidatePageCache,
  pageCacheKey,
  recordIntoPageCache,
  serveFromPageCache,
} from '@/lib/page-cache';

function key(url: string, headers: IncomingHttpHeaders = {}, method = 'GET') {
  return pageCacheKey({ method, url, headers });
}

describe('pageCacheKey', () => {
  it('caches the public pages of the spec for anonymous GETs', () => {
    for (const url of ['/', '/about', '/experience', '/projects', '/research', '/blog', '/blog/a-post', '/personal', '/personal/3f1c']) {
      expect(key(url), url).toBe(`identity ${url}`);
    }
    expect(key('/blog?tag=Algebra&q=ring')).toBe('identity /blog?tag=Algebra&q=ring');
    expect(key('/research', { 'accept-encoding': 'gzip, deflate, br' })).toBe('gzip /research');
  });

  it('keys on the encoding the response will be sent in, honouring q-values, so no client can poison another encoding', () => {
    expect(key('/', { 'accept-encoding': 'deflate' })).toBe('deflate /');
    expect(key('/', { 'accept-encoding': 'gzip;q=0, deflate' })).toBe('deflate /');
    expect(key('/', { 'accept-encoding': 'gzip;q=0.4, deflate;q=0.8' })).toBe('deflate /');
    expect(key('/', { 'accept-encoding': 'deflate, gzip' })).toBe('gzip /');
    expect(key('/', { 'accept-encoding': 'br' })).toBe('identity /');
    expect(key('/', { 'accept-encoding': '*' })).toBe('gzip /');
    expect(key('/', { 'accept-encoding': 'gzip;q=0, deflate;q=0, *;q=0' })).toBeNull();
    expect(key('/', { 'accept-encoding': 'identity;q=0' })).toBeNull();
  });

  it('keeps link-preview bots and crawlers that run no JavaScript apart: Next.js puts their metadata in the head', () => {
    expect(key('/blog/a-post', { 'user-agent': 'Twitterbot/1.0' })).toBe('identity bot:/blog/a-post');
    expect(key('/', { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' })).toBe('identity bot:/');
    expect(key('/', { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36' })).toBe('identity /');
  });

  it('keeps pages reached over HTTPS apart: they carry headers plain ones do not', () => {
    expect(key('/', { 'x-forwarded-proto': 'https' })).toBe('identity https:/');
    expect(key('/', { 'x-forwarded-proto': 'http' })).toBe('identity /');
  });

  it('never caches a path that URL parsing would read as another page', () => {
    expect(key('//evil.example/blog')).toBeNull();
    expect(key('/blog\\')).toBeNull();
    expect(key('/\\blog')).toBeNull();
  });

  it('never caches admin, API, storage, assets or unknown deep paths', () => {
    for (const url of ['/admin', '/admin/login', '/api/upload', '/storage/profile-images/a.png', '/_next/static/x.js', '/placeholder.svg', '/blog/a/b', '/aboutx']) {
      expect(key(url), url).toBeNull();
    }
  });

  it('renders for the visitor alone when signed in, when the App Router asks, or for other methods', () => {
    expect(key('/', { cookie: 'theme=dark; pf-access=token' })).toBeNull();
    expect(key('/', { cookie: 'sb-abcd-auth-token=base64-x' })).toBeNull();
    expect(key('/', { cookie: 'pf-refresh=x' })).toBeNull();
    expect(key('/', { cookie: 'theme=dark' })).toBe('identity /');
    expect(key('/blog', { rsc: '1' })).toBeNull();
    expect(key('/blog', { 'next-router-prefetch': '1' })).toBeNull();
    expect(key('/blog?_rsc=abc')).toBeNull();
    expect(key('/', {}, 'POST')).toBeNull();
    expect(key('/', {}, 'HEAD')).toBeNull();
  });
});

describe('PageCache', () => {
  const page = (text: string) => ({ status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from(text) });

  it('expires entries after the time to live', () => {
    let now = 0;
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 10, maxBytes: 1_000_000 }, () => now);
    cache.set('a', page('A'), cache.currentGeneration);
    now = 999;
    expect(cache.get('a')?.body.toString()).toBe('A');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used entries past its entry and byte limits', () => {
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 2, maxBytes: 80 });
    cache.set('a', page('A'), 0);
    cache.set('b', page('B'), 0);
    cache.get('a');
    cache.set('c', page('C'), 0);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    // A page larger than an eighth of the byte budget is never kept.
    expect(cache.set('big', page('x'.repeat(11)), 0)).toBe(false);
  });

  it('refuses a render that began before an invalidation', () => {
    const cache = new PageCache();
    const started = cache.currentGeneration;
    cache.set('a', page('old'), started);
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.set('a', page('rendered before the write'), started)).toBe(false);
    expect(cache.set('a', page('new'), cache.currentGeneration)).toBe(true);
    expect(cache.get('a')?.body.toString()).toBe('new');
  });

  it('is shared through globalThis, so the app bundle can empty the server’s cache', () => {
    const cache = installPageCache();
    expect(installPageCache(new PageCache())).toBe(cache);
    cache.set('a', page('A'), cache.currentGeneration);
    invalidatePageCache();
    expect(cache.size).toBe(0);
  });
});

describe('isCacheableBody', () => {
  const good = Buffer.from('<html><p>Papers</p></html>');
  const failed = Buffer.from('<html><span hidden="" data-no-page-cache=""></span></html>');

  it('keeps ordinary pages, plain or compressed, and refuses pages that mark themselves uncacheable', () => {
    expect(isCacheableBody(good, undefined)).toBe(true);
    expect(isCacheableBody(gzipSync(good), 'gzip')).toBe(true);
    expect(isCacheableBody(failed, undefined)).toBe(false);
    expect(isCacheableBody(gzipSync(failed), 'gzip')).toBe(false);
  });

  it('refuses what it cannot read', () => {
    expect(isCacheableBody(good, 'br')).toBe(false);
    expect(isCacheableBody(good, 'gzip')).toBe(false);
  });
});

describe('recording and serving over HTTP', () => {
  const cache = new PageCache();
  let server: Server;
  let base: string;
  let renders = 0;
  let version = 'v1';

  beforeAll(async () => {
    server = createServer((req, res) => {
      const k = pageCacheKey(req);
      if (k) {
        if (serveFromPageCache(cache, k, res, req)) return;
        recordIntoPageCache(cache, k, res);
      }
      renders += 1;
      if (req.url === '/blog/missing') {
        res.writeHead(404, { 'content-type': 'text/html' }).end('gone');
        return;
      }
      if (req.url === '/about') {
        res.setHeader('set-cookie', 'a=b');
      }
      if (req.url === '/compressed') {
        // Answers deflate whatever was asked: a response in another encoding than its key names.
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' }).end(deflateSync('<html>z</html>'));
        return;
      }
      if (req.url === '/personal') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><span hidden data-no-page-cache=""></span></html>');
        return;
      }
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('etag', `"page-${version}"`);
      // Streamed in pieces, as React streams a page.
      res.write('<html>');
      res.write(Buffer.from(`<p>${version}</p>`));
      setTimeout(() => res.end('</html>'), 5);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function get(path: string, headers: Record<string, string> = {}) {
    return await new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      httpRequest(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      })
        .on('error', reject)
        .end();
    });
  }

  it('stores the streamed page whole and answers the next visitor from it', async () => {
    const first = await get('/research');
    expect(first.headers[PAGE_CACHE_HEADER]).toBe('miss');
    expect(first.body).toBe('<html><p>v1</p></html>');
    const rendersBefore = renders;
    const second = await get('/research');
    expect(renders).toBe(rendersBefore);
    expect(second.headers[PAGE_CACHE_HEADER]).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(second.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
  });

  it('answers an If-None-Match naming the stored ETag with 304 and no body, anything else with the page', async () => {
    await get('/experience');
    const stored = await get('/experience');
    expect(stored.headers[PAGE_CACHE_HEADER]).toBe('hit');
    const etag = stored.headers.etag!;
    const rendersBefore = renders;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const revalidated = await get('/experience', { 'if-none-match': header });
      expect(revalidated.status, header).toBe(304);
      expect(revalidated.body).toBe('');
      expect(revalidated.headers.etag).toBe(etag);
    }
    const changed = await get('/experience', { 'if-none-match': '"page-v0"' });
    expect(changed.status).toBe(200);
    expect(changed.body).toBe(stored.body);
    expect(renders).toBe(rendersBefore);
  });

  it('shows a write on the very next request after an invalidation', async () => {
    await get('/projects');
    expect((await get('/projects')).headers[PAGE_CACHE_HEADER]).toBe('hit');
    version = 'v2';
    cache.invalidate();
    const after = await get('/projects');
    expect(after.headers[PAGE_CACHE_HEADER]).toBe('miss');
    expect(after.body).toContain('v2');
  });

  it('keeps signed-in visitors, errors and cookie-setting responses out of the cache', async () => {
    await get('/experience', { cookie: 'pf-access=t' });
    expect((await get('/experience', { cookie: 'pf-access=t' })).headers[PAGE_CACHE_HEADER]).toBeUndefined();
    await get('/blog/missing');
    expect((await get('/blog/missing')).status).toBe(404);
    expect((await get('/blog/missing')).headers[PAGE_CACHE_HEADER]).toBe('miss');
    await get('/about');
    expect((await get('/about')).headers[PAGE_CACHE_HEADER]).toBe('miss');
    // A page that showed a failed read's toast: the next visitor must get a fresh attempt.
    await get('/personal');
    expect((await get('/personal')).headers[PAGE_CACHE_HEADER]).toBe('miss');
  });

  it('never stores a response whose encoding is not the one its key names', async () => {
    const k = pageCacheKey({ method: 'GET', url: '/blog', headers: {} });
    expect(k).toBe('identity /blog');
    const res = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      // /compressed stands in for a renderer that chose deflate for a client whose key says identity.
      const probe = createServer((req, out) => {
        recordIntoPageCache(cache, k!, out);
        out.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' }).end(deflateSync('<html>z</html>'));
      });
      probe.listen(0, '127.0.0.1', () => {
        httpRequest(`http://127.0.0.1:${(probe.address() as AddressInfo).port}/blog`, (r) => {
          r.resume();
          r.on('end', () => probe.close(() => resolve(r.headers)));
        })
          .on('error', reject)
          .end();
      });
    });
    expect(res['content-encoding']).toBe('deflate');
    expect(cache.get(k!)).toBeUndefined();
  });
});
