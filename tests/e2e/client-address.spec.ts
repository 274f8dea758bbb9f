import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { expect, test } from './fixtures/csp';
import { startNextStart } from '../helpers/next-start';
import { documentedNginxConfig, NGINX, startDocumentedNginx, testableNginxConfig } from '../helpers/nginx';
import { freePort, startSite } from '../helpers/site-server';

/**
 * Issue 42: a client cannot choose its address, on the deployments people use. Under `npm start` and plain
 * `next start` alike, a client that sends a new X-Forwarded-For (and X-Real-IP) with every search gets one
 * address's search limit, and cannot keep search's queue full for everyone: exposed directly (no
 * TRUST_PROXY), behind nginx as docs/deploy.md configures it (appending the address it was reached from to
 * what the client sent, TRUST_PROXY=1), and behind nginx replacing the header with that address
 * (TRUST_PROXY=1). Each client is told apart by the loopback address it connects from (127.0.0.0/8).
 */

const SERVERS = { 'npm start': startSite, 'next start': startNextStart } as const;
/** SEARCH_RATE_LIMIT.searches (lib/search/rate-limit.ts, a server-only module). */
const SEARCHES_A_MINUTE = 60;

/** GET `path` from the loopback address `from`, with `headers`; answers the status. */
function statusOf(url: string, path: string, from: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    request(new URL(path, url), { localAddress: from, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

const search = (word: string) => `/api/search?${new URLSearchParams({ q: word }).toString()}`;
let claimed = 0;
/** What a client bent on dodging the limit sends: another address each time. */
const rotating = () => {
  claimed += 1;
  const address = `203.0.113.${claimed % 250}`;
  return { 'x-forwarded-for': `198.51.100.${claimed % 250}, ${address}`, 'x-real-ip': address };
};

/** The documented nginx, told to replace X-Forwarded-For with the address it was reached from. */
async function startReplacingNginx(upstreamPort: number): Promise<{ url: string; stop(): Promise<void> }> {
  const documented = documentedNginxConfig();
  expect(documented).toContain('$proxy_add_x_forwarded_for');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-nginx-replacing-'));
  mkdirSync(path.join(dir, 'cache'));
  const port = await freePort();
  writeFileSync(path.join(dir, 'nginx.conf'), testableNginxConfig(documented.replaceAll('$proxy_add_x_forwarded_for', '$remote_addr'), { port, upstreamPort, dir }));
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await expect.poll(() => statusOf(url, '/robots.txt', '127.0.0.1').catch(() => 0), { timeout: 10_000 }).toBe(200);
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * At `url`, the client at `attacker` gets SEARCHES_A_MINUTE searches whatever it claims;
 * past them, a flood of its searches is refused at once (429), while the client at `bystander` searches.
 */
async function oneAddressLimit(url: string, attacker: string, bystander: string): Promise<void> {
  for (let n = 1; n <= SEARCHES_A_MINUTE; n += 1) expect(await statusOf(url, search(`word${n}`), attacker, rotating()), `search ${n}`).toBe(200);
  expect(await statusOf(url, search('one more'), attacker, rotating())).toBe(429);

  const flood = Array.from({ length: 40 }, (_, n) => statusOf(url, search(`flood${n}`), attacker, rotating()));
  const meanwhile = statusOf(url, search('zeta'), bystander, rotating());
  expect(new Set(await Promise.all(flood))).toEqual(new Set([429]));
  expect(await meanwhile).toBe(200);
}

for (const [name, start] of Object.entries(SERVERS)) {
  test.describe(`${name}: a client rotating X-Forwarded-For gets one address's search limit`, () => {
    let direct: Awaited<ReturnType<typeof start>>;
    let proxied: Awaited<ReturnType<typeof start>>;
    let appending: { url: string; stop(): Promise<unknown> };
    let replacing: { url: string; stop(): Promise<unknown> };

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      [direct, proxied] = await Promise.all([start(), start({ env: { TRUST_PROXY: '1' } })]);
      appending = await startDocumentedNginx(Number(new URL(proxied.url).port));
      replacing = await startReplacingNginx(Number(new URL(proxied.url).port));
      // Under plain `next start`, the server appends connections' addresses once the app has loaded
      // (instrumentation.ts): a request in the moment before may not have it, so these come first, from an
      // address of their own.
      for (const site of [direct, appending, replacing]) expect(await statusOf(site.url, search('warm'), '127.0.0.9')).toBe(200);
    });
    test.afterAll(async () => {
      await Promise.all([appending?.stop(), replacing?.stop()]);
      await Promise.all([direct?.stop(), proxied?.stop()]);
    });

    test('exposed directly', async () => {
      test.setTimeout(120_000);
      await oneAddressLimit(direct.url, '127.0.0.2', '127.0.0.3');
    });

    test('behind nginx appending to X-Forwarded-For, as docs/deploy.md configures it', async () => {
      test.setTimeout(120_000);
      await oneAddressLimit(appending.url, '127.0.0.4', '127.0.0.5');
    });

    test('behind nginx replacing X-Forwarded-For', async () => {
      test.setTimeout(120_000);
      await oneAddressLimit(replacing.url, '127.0.0.6', '127.0.0.7');
    });
  });
}
