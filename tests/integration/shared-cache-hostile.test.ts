// @module-tag security
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { sharedRedis } from '../helpers/shared-redis';
import { cacheEntry } from '../helpers/cache-entry';

/**
 * What Redis holds for the shared cache (lib/cache/use-cache-handler.mjs, lib/cache/shared-cache.mjs) may
 * not be what the app wrote: garbage, a value cut short, a huge value, tag expiries that are not times.
 * Each is ignored with one warning naming it and deleted, never handed to Next (rendered) and never an
 * error (Next does not catch one from the handler: a 500), and none of them reads as Redis being
 * unreachable. Against a real Redis from Debian, written to by another client as another program would.
 */

type TagsManifest = Map<string, { expired?: number; stale?: number }>;
const require = createRequire(path.join(process.cwd(), 'package.json'));
const { tagsManifest } = require('next/dist/server/lib/incremental-cache/tags-manifest.external.js') as { tagsManifest: TagsManifest };

const PREFIX = `hostile-${process.pid}:`;
const redis = sharedRedis(PREFIX);
/** Another program writing to the same Redis. */
let other: Redis;
let shared: typeof import('@/lib/cache/shared-cache.mjs');
let handlers: typeof import('@/lib/cache/use-cache-handler.mjs');
let warnings: MockInstance<typeof console.warn>;

beforeAll(async () => {
  other = new Redis(redis.url);
  shared = await import('@/lib/cache/shared-cache.mjs');
  handlers = await import('@/lib/cache/use-cache-handler.mjs');
}, 30_000);

afterAll(() => other?.disconnect());

beforeEach(() => {
  warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  warnings.mockRestore();
});

const warned = () => warnings.mock.calls.map((args) => args.map(String).join(' '));

/** 4 bytes of length, then the metadata's JSON, then the value: the layout the handler stores. */
function layout(metaJson: string, value: string | Buffer = ''): Buffer {
  const json = Buffer.from(metaJson);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, Buffer.from(value)]);
}

/** Metadata as Next's entries carry it (what the handler wrote before it recorded a checksum). */
const nextMeta = () => ({ tags: ['blog'], stale: 300, timestamp: Date.now(), expire: 3600, revalidate: 900 });
/** A real serialized value, as Next's 'use cache' hands it over (React's flight format). */
const realValue = Buffer.from('0:{"title":"A post","content":"Its text"}\n');

/** What a handler wrote for the real value: the stored bytes, read back from Redis. */
async function writtenByTheApp(): Promise<Buffer> {
  const handler = handlers.createUseCacheHandler();
  await handler.set('written-by-the-app', Promise.resolve(cacheEntry(['blog'], realValue)));
  const stored = await other.getBuffer(`${PREFIX}entry:written-by-the-app`);
  if (!stored) throw new Error('the handler stored nothing');
  return stored;
}

/** Puts `stored` under the entry key of `key` as another program would, and reads it through a handler. */
async function readPlanted(key: string, plant: (redisKey: string) => Promise<unknown>) {
  const redisKey = `${PREFIX}entry:${key}`;
  await plant(redisKey);
  const handler = handlers.createUseCacheHandler();
  await expect(handler.get(key, [])).resolves.toBeUndefined();
  return { redisKey };
}

/** The outcome every refused entry must have: one warning naming it, the key gone, the cache not down. */
async function expectRefused(key: string, redisKey: string) {
  const lines = warned();
  expect(lines, lines.join('\n')).toHaveLength(1);
  expect(lines[0]).toContain(JSON.stringify(key));
  expect(lines[0]).toContain('Ignored the shared cache entry');
  expect(lines[0]).not.toContain('unreachable');
  expect(await other.exists(redisKey)).toBe(0);
  expect(shared.sharedCacheDown()).toBe(false);
}

describe("'use cache' entries the app did not write", () => {
  const cases: [string, () => Promise<Buffer> | Buffer][] = [
    ['random bytes', () => randomBytes(4096)],
    ['a length prefix past the end', () => Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0xf0]), Buffer.from('{"tags":[]}')])],
    ['fewer than 4 bytes', () => Buffer.from([0, 1])],
    ['metadata that is not JSON', () => layout('{"tags": [', 'value')],
    ['null metadata', () => layout('null')],
    ['{} metadata', () => layout('{}', 'value')],
    ['{"tags":5} metadata', () => layout('{"tags":5}', 'value')],
    ['tags that are not strings', () => layout(JSON.stringify({ ...nextMeta(), tags: [{ toString: 1 }] }), 'value')],
    ['a timestamp that is not a number', () => layout(JSON.stringify({ ...nextMeta(), timestamp: 'yesterday' }), 'value')],
    ["Next's metadata with the value 'garbage' (no length or checksum recorded)", () => layout(JSON.stringify(nextMeta()), 'garbage')],
    ["the app's metadata with the value 'garbage'", async () => {
      const stored = await writtenByTheApp();
      return Buffer.concat([stored.subarray(0, stored.length - realValue.length), Buffer.from('garbage')]);
    }],
    ["the app's entry with its value cut short", async () => {
      const stored = await writtenByTheApp();
      return stored.subarray(0, stored.length - 10);
    }],
    ["the app's entry with one byte of its value changed", async () => {
      const stored = Buffer.from(await writtenByTheApp());
      stored[stored.length - 3] ^= 0x20;
      return stored;
    }],
  ];

  for (const [name, make] of cases) {
    it(`${name}: a miss (no error), one warning naming the key, the key deleted, the cache not down`, async () => {
      const bytes = await make();
      warnings.mockClear();
      const key = `hostile-${name.replace(/\W+/g, '-')}`;
      const { redisKey } = await readPlanted(key, (redisKey) => other.set(redisKey, bytes, 'PX', 60_000));
      await expectRefused(key, redisKey);
    });
  }

  it('a key of another type than a string: a miss, one warning, the key deleted, the cache not down', async () => {
    const key = 'hostile-a-hash';
    const { redisKey } = await readPlanted(key, (redisKey) => other.hset(redisKey, 'field', 'value'));
    await expectRefused(key, redisKey);
  });

  it('a 20 MB value: refused without being read (it never leaves Redis), one warning, deleted', async () => {
    const key = 'hostile-20-megabytes';
    const huge = Buffer.concat([layout(JSON.stringify(nextMeta())), Buffer.alloc(20 * 1024 * 1024, 'x')]);
    /** What Redis has sent to all its clients so far, in bytes. */
    const sent = async () => Number(/total_net_output_bytes:(\d+)/.exec(await other.info('stats'))![1]);
    const before = await sent();
    const { redisKey } = await readPlanted(key, (redisKey) => other.set(redisKey, huge, 'PX', 60_000));
    expect(await sent() - before).toBeLessThan(64 * 1024);
    await expectRefused(key, redisKey);
    expect(warned()[0]).toMatch(/bytes are over the \d+-byte bound/);
  });

  it('the same key planted again is refused again, without a second warning', async () => {
    const key = 'hostile-twice';
    const first = await readPlanted(key, (redisKey) => other.set(redisKey, 'garbage'));
    await expectRefused(key, first.redisKey);
    const again = await readPlanted(key, (redisKey) => other.set(redisKey, 'more garbage'));
    expect(warned()).toHaveLength(1);
    expect(await other.exists(again.redisKey)).toBe(0);
  });

  it("the app's own entries are still read, and carry their value's length and checksum", async () => {
    const handler = handlers.createUseCacheHandler();
    await handler.set('key-good', Promise.resolve(cacheEntry(['blog'], realValue)));
    const found = await handler.get('key-good', []);
    expect(found && (await new Response(found.value).text())).toBe(realValue.toString());
    expect(found).not.toHaveProperty('sha256');
    const stored = (await other.getBuffer(`${PREFIX}entry:key-good`)) as Buffer;
    const meta = JSON.parse(stored.subarray(4, 4 + stored.readUInt32BE(0)).toString());
    expect(meta).toMatchObject({ tags: ['blog'], size: realValue.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(warned()).toEqual([]);
  });

  it('an entry over the bound is not written to Redis (one warning), and reads of it are misses', async () => {
    const bound = handlers.MAX_ENTRY_BYTES ?? 8 * 1024 * 1024;
    const handler = handlers.createUseCacheHandler();
    await handler.set('key-too-large', Promise.resolve(cacheEntry(['blog'], new Uint8Array(bound + 1024))));
    expect(await other.exists(`${PREFIX}entry:key-too-large`)).toBe(0);
    await handler.set('key-too-large', Promise.resolve(cacheEntry(['blog'], new Uint8Array(bound + 1024))));
    expect(warned()).toHaveLength(1);
    expect(warned()[0]).toContain('"key-too-large"');
    expect(await handler.get('key-too-large', [])).toBeUndefined();
    expect(shared.sharedCacheDown()).toBe(false);
  });
});

describe('tag expiries the app did not write', () => {
  it('are ignored with one warning each, and deleted; the good ones are still copied; the cache is not down', async () => {
    const at = Date.now();
    const bad: Record<string, string> = {
      'tag-not-a-number': 'garbage',
      'tag-huge': '1e308',
      'tag-far-future': String(at + 10 * 365 * 24 * 3600 * 1000),
      'tag-negative': '-5',
      'tag-long-value': '1'.repeat(100_000),
      ['tag-long-name-'.padEnd(300, 'x')]: String(at),
    };
    await other.hset(`${PREFIX}tags:expired`, { ...bad, 'tag-good': String(at) });
    await other.hset(`${PREFIX}tags:stale`, { 'tag-stale-garbage': '<script>alert(1)</script>', 'tag-good': String(at) });

    await expect(shared.refreshSharedTags()).resolves.toBe(true);
    expect(shared.sharedCacheDown()).toBe(false);
    expect(tagsManifest.get('tag-good')).toEqual({ expired: at, stale: at });
    for (const tag of [...Object.keys(bad), 'tag-stale-garbage']) expect(tagsManifest.has(tag), tag).toBe(false);

    const lines = warned();
    expect(lines).toHaveLength(Object.keys(bad).length + 1);
    for (const tag of Object.keys(bad)) expect(lines.filter((line) => line.includes(JSON.stringify(tag).slice(0, 150))), tag).toHaveLength(1);
    expect(lines.join('\n')).not.toContain('<script>');
    expect(lines.join('\n')).not.toContain('unreachable');
    expect(await other.hkeys(`${PREFIX}tags:expired`)).toEqual(['tag-good']);
    expect(await other.hkeys(`${PREFIX}tags:stale`)).toEqual(['tag-good']);

    // Read again: nothing more to say.
    await other.hset(`${PREFIX}tags:expired`, 'tag-not-a-number', 'garbage');
    await expect(shared.refreshSharedTags()).resolves.toBe(true);
    expect(warned()).toHaveLength(Object.keys(bad).length + 1);
  });

  it('a save still records its expiry over a recorded value that is garbage or far ahead, and the cache is not down', async () => {
    await other.hset(`${PREFIX}tags:expired`, 'save-over-garbage', 'garbage', 'save-over-future', '99999999999999999', 'save-over-inf', 'inf');
    const handler = handlers.createUseCacheHandler();
    await handler.updateTags(['save-over-garbage', 'save-over-future', 'save-over-inf']);
    expect(shared.sharedCacheDown()).toBe(false);
    for (const tag of ['save-over-garbage', 'save-over-future', 'save-over-inf']) {
      expect(Number(await other.hget(`${PREFIX}tags:expired`, tag)), tag).toBe(tagsManifest.get(tag)?.expired);
    }
    expect(warned().join('\n')).not.toContain('unreachable');
  });
});
