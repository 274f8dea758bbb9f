// @module-tag security
import { beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * POST /api/refresh (issue 46), the outside scheduler's way to start the citation run, with the run, the
 * configuration and the request's address played by doubles: closed without REFRESH_SECRET, refused without
 * the secret, limited per address whatever it sends, and starting the run (nothing else) with it.
 * tests/e2e/citations.spec.ts calls the same route on real servers sharing one database.
 */

const SECRET = 'a-refresh-secret-of-at-least-32-characters';
const client = vi.hoisted(() => ({ ip: '203.0.113.9' }));
const env = vi.hoisted(() => ({ REFRESH_SECRET: undefined as string | undefined }));
const startRefresh = vi.hoisted(() => vi.fn());
const afterCalls = vi.hoisted(() => [] as unknown[]);

vi.mock('@/lib/auth/request', () => ({ clientInfo: async () => ({ ip: client.ip, userAgent: null }) }));
vi.mock('@/lib/env', () => ({ getEnv: () => env }));
vi.mock('@/lib/scholarly/refresh/start', () => ({ startRefresh }));
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  connection: async () => undefined,
  after: (task: unknown) => afterCalls.push(task),
}));

const { POST } = await import('@/app/api/refresh/route');

const call = (authorization?: string) =>
  POST(new Request('http://127.0.0.1:3000/api/refresh', { method: 'POST', headers: authorization === undefined ? {} : { authorization } }));

let address = 0;
beforeEach(() => {
  // Each test from its own address: the limit's window outlives a test.
  address += 1;
  client.ip = `203.0.113.${address}`;
  env.REFRESH_SECRET = SECRET;
  startRefresh.mockReset();
  startRefresh.mockReturnValue({ state: 'started', done: Promise.resolve(null) });
  afterCalls.length = 0;
});

describe('POST /api/refresh', () => {
  it('is not there (404) while REFRESH_SECRET is unset, whatever is sent', async () => {
    env.REFRESH_SECRET = undefined;
    const answer = await call(`Bearer ${SECRET}`);
    expect(answer.status).toBe(404);
    expect(startRefresh).not.toHaveBeenCalled();
  });

  it('refuses a request without the secret, or with another, with 401 and starts nothing', async () => {
    for (const [index, authorization] of [undefined, '', 'Bearer', `Basic ${SECRET}`, `Bearer ${SECRET}x`, `Bearer ${SECRET.slice(0, -1)}`, 'Bearer wrong'].entries()) {
      // One address each, so that the limit is not what answers.
      client.ip = `192.0.2.${index + 1}`;
      const answer = await call(authorization);
      expect(answer.status, String(authorization)).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect(startRefresh).not.toHaveBeenCalled();
  });

  it('starts the run with the secret, keeps the function for it (after), and answers 202 at once', async () => {
    const answer = await call(`Bearer ${SECRET}`);
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ started: true, running: false });
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect(startRefresh).toHaveBeenCalledExactlyOnceWith('route');
    expect(afterCalls).toHaveLength(1);
  });

  it('says so when this server is running a run already', async () => {
    startRefresh.mockReturnValue({ state: 'running', done: Promise.resolve(null) });
    const answer = await call(`bearer   ${SECRET}`);
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ started: false, running: true });
  });

  it('limits each address to 6 calls a minute, right or wrong, and the seventh gets 429 with Retry-After', async () => {
    for (let index = 0; index < 3; index += 1) expect((await call('Bearer wrong')).status).toBe(401);
    for (let index = 0; index < 3; index += 1) expect((await call(`Bearer ${SECRET}`)).status).toBe(202);
    const limited = await call(`Bearer ${SECRET}`);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect(startRefresh).toHaveBeenCalledTimes(3);
    // Another address is not limited by it.
    client.ip = '198.51.100.7';
    expect((await call(`Bearer ${SECRET}`)).status).toBe(202);
  });
});
