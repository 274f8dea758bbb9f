import { afterAll, beforeAll } from 'vitest';
import { startRedis, type RedisServer } from './redis-server';

/**
 * A Redis of this test file's own, which the app reaches from the first beforeAll on (REDIS_URL, and `prefix`
 * as REDIS_KEY_PREFIX): import the modules that read them in a later beforeAll. After the file, the app's
 * shared connection is closed and the server removed.
 */
export function sharedRedis(prefix: string): RedisServer {
  const server = {} as RedisServer;
  beforeAll(async () => {
    Object.assign(server, await startRedis());
    process.env.REDIS_URL = server.url;
    process.env.REDIS_KEY_PREFIX = prefix;
  }, 30_000);
  afterAll(async () => {
    await (await import('@/lib/cache/shared-cache.mjs')).closeSharedCache();
    await server.stop?.();
    delete process.env.REDIS_URL;
    delete process.env.REDIS_KEY_PREFIX;
  });
  return server;
}
