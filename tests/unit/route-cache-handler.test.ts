// @module-tag security
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { createHash } from 'node:crypto';

import RouteCache from '@/lib/cache/route-cache-handler.mjs';
import { storedPageEtag } from '@/lib/cache/stored-etag.mjs';

const require = createRequire(import.meta.url);
const { nodeFs } = require('next/dist/server/lib/node-fs-methods.js') as { nodeFs: unknown };
const { tagsManifest } = require('next/dist/server/lib/incremental-cache/tags-manifest.external.js') as {
  tagsManifest: Map<string, { expired?: number }>;
};

/** A handler as Next makes one per request: pages in memory, nothing written to disk. */
const handler = () =>
  new RouteCache({ fs: nodeFs, flushToDisk: false, serverDistDir: mkdtempSync(path.join(os.tmpdir(), 'route-cache-')), revalidatedTags: [], maxMemoryCacheSize: 1 << 20 });

const page = (tags: string[], html: string) => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from(''),
  headers: { 'x-next-cache-tags': tags.join(',') },
  postponed: undefined,
  status: 200,
  segmentData: undefined,
});
const ctx = { isRoutePPREnabled: true, isFallback: false, kind: 'APP_PAGE' };
const htmlOf = (entry: unknown) => (entry as { value?: { html?: string } } | null)?.value?.html;
/** A few milliseconds: Next dates pages and tag expiries by the wall clock, in whole milliseconds. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('the route cache handler', () => {
  it("stores a whole page with its ETag, made once from its HTML, and says it for the page's path until a save expires one of its tags", async () => {
    const key = '/route-cache/APP_PAGE/0123abc/$/etag-page';
    const render = handler();
    await render.get(key, ctx);
    await render.set(key, page(['etag-page'], '<p>kept</p>'), ctx);
    const etag = `"${createHash('sha1').update('<p>kept</p>').digest('base64url')}"`;
    const stored = (await handler().get(key, ctx)) as { value: { headers: Record<string, string> } };
    expect(stored.value.headers.etag).toBe(etag);
    // What the proxy asks before Next: the same answer for the path, nothing for a path never looked up.
    expect(await storedPageEtag('/etag-page')).toBe(etag);
    expect(await storedPageEtag('/never-asked')).toBeNull();

    await tick();
    tagsManifest.set('etag-page', { expired: Date.now() });
    await tick();
    expect(await storedPageEtag('/etag-page')).toBeNull();
  });

  it('gives no ETag to a page with dynamic holes or another status, which Next renders per request', async () => {
    const cache = handler();
    await cache.get('/route-cache/APP_PAGE/0123abc/$/holes', ctx);
    await cache.set('/route-cache/APP_PAGE/0123abc/$/holes', { ...page(['holes'], '<p>shell</p>'), postponed: 'state' }, ctx);
    await cache.get('/route-cache/APP_PAGE/0123abc/$/gone', ctx);
    await cache.set('/route-cache/APP_PAGE/0123abc/$/gone', { ...page(['gone'], '<p>not found</p>'), status: 404 }, ctx);
    expect(await storedPageEtag('/holes')).toBeNull();
    expect(await storedPageEtag('/gone')).toBeNull();
  });

  it("names the home page '/' (Next's key ends in /index)", async () => {
    const key = '/route-cache/APP_PAGE/0123abc/$/index';
    const render = handler();
    await render.get(key, ctx);
    await render.set(key, page(['home-etag'], '<p>home</p>'), ctx);
    expect(await storedPageEtag('/')).toMatch(/^"[\w-]+"$/);
  });

  it('stores a rendered page as Next does, and answers the next lookup with it', async () => {
    const render = handler();
    expect(await render.get('/about-a', ctx)).toBeNull();
    await render.set('/about-a', page(['about-a'], '<p>v1</p>'), ctx);
    expect(htmlOf(await handler().get('/about-a', ctx))).toBe('<p>v1</p>');
  });

  it('drops a page whose render began before a write expired one of its tags: the next request renders it again', async () => {
    const render = handler();
    await render.get('/research-a', ctx);
    await tick();
    // An admin's save lands while the page renders with what it read before.
    tagsManifest.set('research-a', { expired: Date.now() });
    await tick();
    await render.set('/research-a', page(['research-a', 'settings'], '<p>before the save</p>'), ctx);
    expect(await handler().get('/research-a', ctx)).toBeNull();

    // Rendered after the save: kept.
    await tick();
    const again = handler();
    await again.get('/research-a', ctx);
    await again.set('/research-a', page(['research-a', 'settings'], '<p>after the save</p>'), ctx);
    expect(htmlOf(await handler().get('/research-a', ctx))).toBe('<p>after the save</p>');
  });

  it('keeps a page when only other tags expired during its render', async () => {
    const render = handler();
    await render.get('/blog-a', ctx);
    await tick();
    tagsManifest.set('projects-a', { expired: Date.now() });
    await render.set('/blog-a', page(['blog-a'], '<p>blog</p>'), ctx);
    expect(htmlOf(await handler().get('/blog-a', ctx))).toBe('<p>blog</p>');
  });

  it('keeps optimised images in memory, at most 50 MB in all and 5 MB for one, least recently used out first', async () => {
    const imageCtx = { kind: 'IMAGE', isFallback: false };
    const image = (size: number) => ({ kind: 'IMAGE', etag: 'e', buffer: Buffer.alloc(size), extension: 'avif', revalidate: 60 });
    const cache = handler();
    await cache.set('image-first', image(4 << 20), imageCtx);
    expect(((await handler().get('image-first', imageCtx)) as { value: { buffer: Buffer } }).value.buffer.length).toBe(4 << 20);
    // Too large to keep (over a tenth of the bound): not stored.
    await cache.set('image-huge', image(6 << 20), imageCtx);
    expect(await cache.get('image-huge', imageCtx)).toBeNull();
    // Distinct entries past 50 MB push the oldest out; what was read last stays.
    for (let index = 0; index < 13; index += 1) {
      await cache.set(`image-${index}`, image(4 << 20), imageCtx);
      if (index === 6) expect(await cache.get('image-first', imageCtx)).not.toBeNull();
    }
    expect(await cache.get('image-0', imageCtx)).toBeNull();
    expect(await cache.get('image-12', imageCtx)).not.toBeNull();
    expect(await cache.get('image-first', imageCtx)).not.toBeNull();
  });
});
