import { randomBytes } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { Redis } from 'ioredis';
import { expect, test } from './fixtures/csp';
import { ADMIN, AUTH_SECRET, signIn, submitLogin } from './fixtures/auth';
import pg from 'pg';
import { callAction, createPaper, paperInput, serverActions, sessionCookieHeader } from './fixtures/actions';
import { fakeScholarlyEnv, startFakeScholarlyServer } from '../helpers/fake-scholarly-server';
import { startNextStart, type NextStartServer } from '../helpers/next-start';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { startRedis, type RedisServer } from '../helpers/redis-server';

/**
 * Past one machine: two plain `next start` processes on different ports, one Postgres (DATABASE_URL) and
 * one Redis (REDIS_URL), as a deployment behind a load balancer runs them. A save through either one
 * shows on the other at its very next request; Redis going away costs the cache, never a visitor's page;
 * the sign-in limit is counted in the database, for every instance at once.
 */

const RATE_LIMIT_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

let postgres: PostgresServer;
let redis: RedisServer;
const started: NextStartServer[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
});

test.afterAll(async () => {
  for (const server of started) await server.stop();
  await Promise.all([redis?.stop(), postgres?.stop()]);
});

async function instance(env: Record<string, string>): Promise<NextStartServer> {
  const server = await startNextStart({
    env: { DATABASE_URL: postgres.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET, ...env },
  });
  started.push(server);
  return server;
}

/** Creates a paper through one instance's server action (as the editor's form does); answers its title. */
async function savePaperThrough(browser: Browser, through: NextStartServer, label: string): Promise<string> {
  const context = await browser.newContext({ baseURL: through.url });
  try {
    const page = await context.newPage();
    await signIn(page, ADMIN, `${through.url}/admin/login`);
    const title = `${label} ${Date.now()}`;
    expect(await createPaper(context.request, through.url, title, await sessionCookieHeader(context))).toContain('"ok":true');
    return title;
  } finally {
    await context.close();
  }
}

/** Requests a page until this instance serves it from its route cache; answers that response's text. */
async function cachedPage(server: NextStartServer, path: string): Promise<string> {
  for (let tries = 0; tries < 5; tries += 1) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    if (response.headers.get('x-nextjs-cache') === 'HIT') return html;
  }
  throw new Error(`${server.url}${path} never came from the route cache`);
}

async function pageText(server: NextStartServer, path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`);
  expect(response.status, `${server.url}${path}`).toBe(200);
  return response.text();
}

/** Whether the instance's page (its next response, or the one it then keeps in its route cache) shows the text. */
async function shows(server: NextStartServer, path: string, text: string, fromRouteCache = false): Promise<void> {
  const html = fromRouteCache ? await cachedPage(server, path) : await pageText(server, path);
  expect(html.includes(text), `${server.url}${path} ${fromRouteCache ? 'from its route cache ' : ''}shows "${text}"`).toBe(true);
}

test('two instances with one Postgres and one Redis: a save through either shows on the other at once, also while Redis is away', async ({ browser }) => {
  test.setTimeout(240_000);
  const a = await instance({ REDIS_URL: redis.url });
  const b = await instance({ REDIS_URL: redis.url });
  for (const server of [a, b]) expect(server.output()).toContain('Cache shared with other instances through Redis');

  // Both instances keep /research in their route caches.
  for (const server of [a, b]) expect(await cachedPage(server, '/research')).not.toContain('Two instances');

  // A save through A is on B's very next response, and the other way round.
  const throughA = await savePaperThrough(browser, a, 'Two instances: saved through A');
  await shows(b, '/research', throughA);
  await shows(b, '/', throughA);
  await shows(b, '/research', throughA, true);
  const throughB = await savePaperThrough(browser, b, 'Two instances: saved through B');
  await shows(a, '/research', throughB);
  await shows(a, '/research', throughB, true);

  // Redis goes away: pages are still served, from the database, and a save still shows everywhere.
  await redis.kill();
  for (const server of [a, b]) {
    for (const path of ['/', '/research', '/blog', '/about']) expect((await fetch(`${server.url}${path}`)).status, path).toBe(200);
  }
  const whileAway = await savePaperThrough(browser, a, 'Two instances: saved while Redis was away');
  await shows(b, '/research', whileAway);
  for (const server of [a, b]) expect(server.output()).toContain('Redis at REDIS_URL is unreachable');

  // Redis comes back (empty): both instances use it again, and saves keep showing on the other one.
  await redis.restart();
  await expect.poll(() => a.output().includes('Redis is reachable again') && b.output().includes('Redis is reachable again'), { timeout: 15_000 }).toBe(true);
  await shows(b, '/research', whileAway, true);
  const afterwards = await savePaperThrough(browser, a, 'Two instances: saved after Redis came back');
  await shows(b, '/research', afterwards);
  for (const server of [a, b]) expect(server.output()).not.toMatch(/Unhandled|ECONNREFUSED.*\n\s+at /);
});

test('without REDIS_URL one instance on Postgres still keeps and expires its own pages', async ({ browser }) => {
  test.setTimeout(120_000);
  // B stops; C runs beside A (whose saves C would not see: which is why several instances need Redis).
  await started.splice(1, 1)[0]?.stop();
  const single = await instance({});
  expect(single.output()).not.toContain('Redis');
  await shows(single, '/research', 'Two instances: saved after Redis came back', true);
  const title = await savePaperThrough(browser, single, 'One instance without Redis');
  await shows(single, '/research', title);
  await shows(single, '/research', title, true);
});

/**
 * Something the app did not write, under a 'use cache' entry's key: `marker` inside every variant (as the
 * value, or in Next's metadata layout: 4 bytes of length, the JSON, the value).
 */
function garbageEntry(n: number, marker: string): Buffer {
  const layout = (json: string, value: Buffer | string) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(Buffer.byteLength(json));
    return Buffer.concat([length, Buffer.from(json), Buffer.from(value)]);
  };
  const nextMeta = JSON.stringify({ tags: ['research', 'blog', 'settings'], stale: 300, timestamp: Date.now(), expire: 3600, revalidate: 900 });
  const variants = [
    () => Buffer.from(marker),
    () => layout(nextMeta, `0:"${marker}"\n`),
    () => layout(nextMeta, marker),
    () => layout('null', marker),
    () => layout('{"tags":5}', marker),
    () => Buffer.concat([randomBytes(64), Buffer.from(marker)]),
  ];
  return variants[n % variants.length]();
}

test("garbage over every 'use cache' entry in Redis: pages are rendered from the database, with a warning, never the garbage", async ({ browser }) => {
  test.setTimeout(120_000);
  const [a] = started;
  const paths = ['/', '/blog', '/research'];
  for (const path of paths) await pageText(a, path);
  // A save expires /research and / in the route cache: their next render reads the 'use cache' entries.
  const title = await savePaperThrough(browser, a, 'Two instances: saved before the garbage');
  const outputBefore = a.output().length;
  const marker = `GARBAGE-${Date.now()}`;
  const writer = new Redis(redis.url);
  try {
    const keys = await writer.keys('portfolio:entry:*');
    expect(keys.length).toBeGreaterThan(0);
    for (const [n, key] of keys.entries()) await writer.set(key, garbageEntry(n, marker), 'PX', 600_000);
  } finally {
    writer.disconnect();
  }
  for (const path of paths) expect(await pageText(a, path), path).not.toContain(marker);
  await shows(a, '/research', title);
  const output = a.output().slice(outputBefore);
  expect(output).toContain('[cache] Ignored the shared cache entry');
  expect(output).not.toContain(marker);
  expect(output).not.toContain('unreachable');
  expect(output).not.toMatch(/Unhandled|\n\s+at /);
});

// Before the sign-in limit's test, whose failed sign-ins would keep this one's out.
test('the citation run goes once however many instances are asked: both scheduled, both called by the outside scheduler, one run', async ({ browser }) => {
  test.setTimeout(180_000);
  const scholarly = await startFakeScholarlyServer();
  const secret = randomBytes(24).toString('hex');
  const env = { ...fakeScholarlyEnv(scholarly.url), REFRESH_SECRET: secret, REFRESH_SCHEDULE: 'true', REFRESH_CHECK_SECONDS: '1' };
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  try {
    // Only when asked: neither schedule starts a run by itself while the papers are made.
    await db.query(`insert into public.citation_settings (id, refresh_hours) values (true, 0) on conflict (id) do update set refresh_hours = 0`);
    const [a, b] = await Promise.all([instance(env), instance(env)]);
    const context = await browser.newContext({ baseURL: a.url });
    const page = await context.newPage();
    await signIn(page, ADMIN, `${a.url}/admin/login`);
    const cookies = await sessionCookieHeader(context);
    const create = serverActions('app/admin/(guarded)/research').find((action) => action.name === 'createPaperAction')!;
    const base = Math.floor(Math.random() * 1e7) * 100;
    const dois = Array.from({ length: 20 }, (_, index) => `10.5555/bench.${base + index}`);
    for (const [index, doi] of dois.entries()) {
      expect(await callAction(context.request, a.url, create.id, [{ ...paperInput(`Bench paper ${base + index}`), doi }], cookies)).toContain('"ok":true');
    }
    await context.close();

    // The outside scheduler calls both at once (as two cron jobs, or a load balancer, might).
    const call = (server: NextStartServer) => fetch(`${server.url}/api/refresh`, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
    const answers = await Promise.all([call(a), call(b)]);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
    await expect
      .poll(async () => (await db.query<{ finished: boolean }>('select run_finished_at is not null as finished from public.refresh_state')).rows[0]?.finished, {
        timeout: 60_000,
      })
      .toBe(true);
    const { rows } = await db.query<{ run_trigger: string; papers_checked: number; counts_updated: number; lease_holder: string | null }>(
      'select run_trigger, papers_checked, counts_updated, lease_holder from public.refresh_state',
    );
    expect(rows[0]).toMatchObject({ run_trigger: 'route', lease_holder: null });
    expect(rows[0]!.papers_checked).toBeGreaterThanOrEqual(20);
    // Each paper's DOI was asked once, by whichever instance held the lease, and the profile once.
    const asked = scholarly.requests.map((sent) => decodeURIComponent(sent.path));
    for (const doi of dois) expect(asked.filter((path) => path.startsWith(`/openalex/works/doi:${doi}?`)), doi).toHaveLength(1);
    expect(asked.filter((path) => path.startsWith('/orcid/'))).toHaveLength(1);
    const counted = await db.query<{ n: number }>(
      `select count(*)::int as n from public.paper_citations c join public.research_papers p on p.id = c.paper_id where p.doi = any($1) and c.source = 'openalex'`,
      [dois],
    );
    expect(counted.rows[0]!.n).toBe(20);
  } finally {
    await db.end();
    await scholarly.close();
  }
});

test('reader analytics count each view once, and each visitor once a day, however many instances take the beacons', async ({ browser }) => {
  test.setTimeout(120_000);
  const [a, b] = await Promise.all([instance({ TRUST_PROXY: '1' }), instance({ TRUST_PROXY: '1' })]);
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  try {
    await db.query('delete from public.analytics_events; delete from public.analytics_daily');
    // 40 views through each instance at once, from 5 readers (addresses), on two pages.
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const send = (server: NextStartServer, index: number) =>
      fetch(`${server.url}/insights/event`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': chrome, 'x-forwarded-for': `192.0.2.${index % 5}` },
        body: JSON.stringify({ p: index % 2 === 0 ? '/' : '/about', r: '' }),
      }).then((response) => response.status);
    const answers = await Promise.all(Array.from({ length: 80 }, (_, index) => send(index % 2 === 0 ? a : b, index)));
    expect(answers.every((status) => status === 204)).toBe(true);
    await expect.poll(async () => (await db.query<{ n: number }>('select count(*)::int as n from public.analytics_events')).rows[0]!.n, { timeout: 10_000 }).toBe(80);

    // Each server wrote its own batches, each with its counts: the events once, the five readers once (both
    // servers saw each of them). Both dashboards show them.
    const context = await browser.newContext({ baseURL: a.url });
    await signIn(await context.newPage(), ADMIN, `${a.url}/admin/login`);
    const cookie = await sessionCookieHeader(context);
    const dashboards = await Promise.all([a, b].map((server) => fetch(`${server.url}/admin?days=7`, { headers: { cookie } }).then((response) => response.text())));
    await context.close();
    for (const html of dashboards) expect(html).toContain('Views and visitors per day');
    const { rows } = await db.query<{ dimension: string; key: string; count: number; visitors: number | null }>(
      `select dimension, key, count, visitors from public.analytics_daily where dimension in ('site', 'page') order by dimension, key`,
    );
    expect(rows).toEqual([
      { dimension: 'page', key: '/', count: 40, visitors: null },
      { dimension: 'page', key: '/about', count: 40, visitors: null },
      { dimension: 'site', key: '', count: 80, visitors: 5 },
    ]);
  } finally {
    await db.end();
  }
});

test('the sign-in limit holds across instances: failures through one count on the other', async ({ page }) => {
  // A (with Redis) and C (without): the limit lives in the database, whatever the cache.
  const [a, b] = started;
  await page.goto(`${a.url}/admin/login`);
  for (let n = 1; n <= 5; n += 1) {
    await submitLogin(page, ADMIN.email, `wrong-password-${n}`);
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  }
  // The sixth guess, through the other instance, is refused, even with the right password.
  await page.goto(`${b.url}/admin/login`);
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expect(page.getByText(RATE_LIMIT_MESSAGE).first()).toBeVisible();
});
