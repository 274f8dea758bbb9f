import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { seedSampleContent } from '@/lib/db/seed';
import type { Database } from '@/lib/db/types';
import { openTestPglite } from '../helpers/db';

/**
 * Reader analytics (issue 48) on the real schema (PGlite) with the sample content: the beacon route's answers
 * to good and bad beacons, what an event keeps (no address, no user agent), the day's salt and its deletion,
 * the batches, the daily counts made again idempotently, the retention, and what the dashboard reads.
 * 'use cache' is a plain string outside Next's compiler and cacheTag needs Next's runtime, so both are stood
 * in for; the client address is read from a test header instead of the connection.
 */
const database: { db?: Database } = {};
vi.mock('next/cache', () => ({ cacheTag: vi.fn(), cacheLife: vi.fn() }));
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));
vi.mock('@/lib/client-address', () => ({ clientAddress: (headers: Headers) => headers.get('x-test-address') ?? 'unknown' }));
vi.mock('next/server', async (importOriginal) => ({ ...(await importOriginal<typeof import('next/server')>()), connection: async () => undefined }));

const { POST } = await import('@/app/insights/event/route');
const collect = await import('@/lib/analytics/collect');
const { dropExpired, storeEvents } = await import('@/lib/analytics/store');
const { getAnalyticsSummary, getPaperReadership } = await import('@/lib/analytics/queries');
const { saveAnalyticsSettings } = await import('@/lib/analytics/settings');
const { answerBeaconsBeforeNext } = await import('@/lib/analytics/fast-path');

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SITE = 'http://portfolio.test';

let paperId: string;
let postSlug: string;

function beacon(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const text = typeof body === 'string' ? body : body instanceof Uint8Array ? new Blob([new Uint8Array(body)]) : JSON.stringify(body);
  return POST(
    new Request(`${SITE}/insights/event`, {
      method: 'POST',
      body: text,
      headers: { host: 'portfolio.test', 'user-agent': CHROME, 'content-type': 'text/plain;charset=UTF-8', 'x-test-address': '198.51.100.7', ...headers },
    }),
  );
}

async function events() {
  await collect.flushEvents();
  return (await database.db!.query<{ day: string; kind: string; path: string; referrer_host: string | null; visitor: string }>(
    'select day::text as day, kind, path, referrer_host, visitor from public.analytics_events order by id',
  )).rows;
}

beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  await seedSampleContent(opened.db);
  paperId = (await opened.db.query<{ id: string }>("select id::text from public.research_papers where status <> 'draft' order by title limit 1")).rows[0]!.id;
  postSlug = (await opened.db.query<{ slug: string }>('select slug from public.blog_posts order by slug limit 1')).rows[0]!.slug;
  afterAll(() => opened.cleanup());
});

beforeEach(async () => {
  collect.resetCollector();
  await database.db!.exec('delete from public.analytics_events; delete from public.analytics_daily; delete from public.analytics_seen; delete from public.analytics_salts; delete from public.analytics_settings;');
  await saveAnalyticsSettings({ enabled: true, retentionDays: 90 });
});

describe('the beacon', () => {
  it('counts a view of a public page with the referring host only, and keeps no address or user agent', async () => {
    const response = await beacon({ p: `/research/${paperId}?utm_source=x#cite`, r: 'https://scholar.google.com/scholar?q=secret+terms' });
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(await response.text()).toBe('');
    const [event, ...rest] = await events();
    expect(rest).toEqual([]);
    expect(event).toMatchObject({ kind: 'view', path: `/research/${paperId}`, referrer_host: 'scholar.google.com' });
    expect(event!.visitor).toMatch(/^[0-9a-f]{32}$/);
    const stored = JSON.stringify(await database.db!.query('select * from public.analytics_events'));
    for (const secret of ['198.51.100.7', 'Chrome/131', 'secret', 'utm_source', 'cite']) expect(stored).not.toContain(secret);
  });

  it('does not count itself as a referrer, and counts a research view as /research', async () => {
    await beacon({ p: '/blog', r: 'http://portfolio.test/research' });
    await beacon({ p: '/research/list/year/2024', r: '' });
    expect((await events()).map((event) => [event.path, event.referrer_host])).toEqual([
      ['/blog', null],
      ['/research', null],
    ]);
  });

  it('refuses what is not a beacon for a reader page, with an empty answer and nothing stored', async () => {
    expect((await beacon({ p: '/admin' })).status).toBe(400);
    expect((await beacon({ p: '/admin/research/edit' })).status).toBe(400);
    expect((await beacon({ p: '/api/search' })).status).toBe(400);
    expect((await beacon({ p: 'https://evil.example/' })).status).toBe(400);
    expect((await beacon({ p: '//evil.example/x' })).status).toBe(400);
    expect((await beacon({ p: 42 })).status).toBe(400);
    expect((await beacon('not json')).status).toBe(400);
    expect((await beacon('[]')).status).toBe(400);
    expect((await beacon(new Uint8Array([0x7b, 0x22, 0x70, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]))).status).toBe(400);
    const huge = await beacon({ p: '/blog', r: `https://example.org/${'x'.repeat(100_000)}` });
    expect(huge.status).toBe(413);
    expect(await huge.text()).toBe('');
    expect((await beacon({ p: '/blog' }, { origin: 'https://evil.example' })).status).toBe(403);
    // A path of the site's shape that has no page: answered as any other, and not counted.
    expect((await beacon({ p: '/research/00000000-0000-4000-8000-000000000000' })).status).toBe(204);
    expect((await beacon({ p: '/blog/no-such-post' })).status).toBe(204);
    expect(await events()).toEqual([]);
  });

  it('counts nobody who asked not to be, no crawler and no signed-in session', async () => {
    await beacon({ p: '/' }, { dnt: '1' });
    await beacon({ p: '/' }, { 'sec-gpc': '1' });
    await beacon({ p: '/' }, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await beacon({ p: '/' }, { 'user-agent': '' });
    await beacon({ p: '/' }, { cookie: 'theme=dark; pf-access=abc' });
    await beacon({ p: '/' }, { 'sec-purpose': 'prefetch' });
    expect(await events()).toEqual([]);
    await beacon({ p: '/' }, { cookie: 'theme=dark' });
    expect(await events()).toHaveLength(1);
  });

  it('counts nothing while the owner has turned counting off', async () => {
    await saveAnalyticsSettings({ enabled: false, retentionDays: 90 });
    expect((await beacon({ p: '/' })).status).toBe(204);
    expect(await events()).toEqual([]);
  });

  it('stops an address past its limit a minute (10,000 beacons in one), and others go on', async () => {
    const answers: number[] = [];
    for (let start = 0; start < 10_000; start += 500) {
      answers.push(...(await Promise.all(Array.from({ length: 500 }, () => beacon({ p: '/' }, { 'x-test-address': '203.0.113.50' }).then((response) => response.status)))));
    }
    expect(answers.filter((status) => status === 204)).toHaveLength(collect.BEACON_RATE_LIMIT.searches);
    expect(answers.filter((status) => status === 429)).toHaveLength(10_000 - collect.BEACON_RATE_LIMIT.searches);
    expect((await beacon({ p: '/' }, { 'x-test-address': '203.0.113.51' })).status).toBe(204);
    expect(await events()).toHaveLength(collect.BEACON_RATE_LIMIT.searches + 1);
  });
});

describe('visitors', () => {
  it('are one hash per address and browser on a day, and the salt of a day gone by is deleted', async () => {
    await beacon({ p: '/' });
    await beacon({ p: '/blog' });
    await beacon({ p: '/' }, { 'user-agent': FIREFOX });
    await beacon({ p: '/' }, { 'x-test-address': '198.51.100.8' });
    const visitors = (await events()).map((event) => event.visitor);
    expect(visitors[0]).toBe(visitors[1]);
    expect(new Set(visitors).size).toBe(3);

    const salt = collect.visitorHash('a'.repeat(64), '198.51.100.7', CHROME, 'portfolio.test');
    expect(collect.visitorHash('b'.repeat(64), '198.51.100.7', CHROME, 'portfolio.test')).not.toBe(salt);

    await database.db!.exec(`insert into public.analytics_salts (day, salt) values (current_date - 3, '${'c'.repeat(64)}')`);
    await dropExpired(database.db!, { retentionDays: 90, today: collect.dayIn('UTC') });
    const salts = (await database.db!.query<{ day: string }>('select day::text as day from public.analytics_salts')).rows;
    expect(salts.every((row) => row.day >= collect.dayIn('UTC'))).toBe(true);
  });
});

describe('the daily counts', () => {
  async function daily() {
    return (await database.db!.query<{ day: string; dimension: string; key: string; count: number; visitors: number | null }>(
      'select day::text as day, dimension, key, count, visitors from public.analytics_daily order by day, dimension, key',
    )).rows;
  }
  const view = (day: string, path: string, visitor: string, referrerHost: string | null = null) => ({ day, kind: 'view' as const, path, referrerHost, visitor: visitor.repeat(32) });

  it('add each event once, with its visitor once a day, however many servers write at once', async () => {
    const today = collect.dayIn('UTC');
    await beacon({ p: '/' }, { 'x-test-address': '192.0.2.1' });
    await beacon({ p: '/' }, { 'x-test-address': '192.0.2.2' });
    await beacon({ p: '/blog' }, { 'x-test-address': '192.0.2.1' });
    await beacon({ p: '/blog' }, { 'x-test-address': '192.0.2.1' });
    await beacon({ p: '/about', r: 'https://www.bing.com/search?q=me' }, { 'x-test-address': '192.0.2.3' });
    await collect.flushEvents();
    expect(await daily()).toEqual([
      { day: today, dimension: 'page', key: '/', count: 2, visitors: null },
      { day: today, dimension: 'page', key: '/about', count: 1, visitors: null },
      { day: today, dimension: 'page', key: '/blog', count: 2, visitors: null },
      { day: today, dimension: 'referrer', key: '', count: 4, visitors: null },
      { day: today, dimension: 'referrer', key: 'bing.com', count: 1, visitors: null },
      { day: today, dimension: 'site', key: '', count: 5, visitors: 3 },
    ]);
    // Two servers' batches at once, sharing a visitor with each other and with what was counted before.
    await Promise.all([
      storeEvents(database.db!, [view(today, '/', 'a'), view(today, '/', 'b'), view('2026-01-02', '/', 'a')]),
      storeEvents(database.db!, [view(today, '/', 'b'), view(today, '/about', 'c'), view('2026-01-02', '/', 'a')]),
    ]);
    const site = (await daily()).filter((row) => row.dimension === 'site');
    expect(site).toEqual([
      { day: '2026-01-02', dimension: 'site', key: '', count: 2, visitors: 1 },
      { day: today, dimension: 'site', key: '', count: 9, visitors: 6 },
    ]);
    expect((await database.db!.query<{ n: number }>('select count(*)::int as n from public.analytics_events')).rows[0]!.n).toBe(11);
  });

  it('keep the counts of days whose events are past the retention, and drop those events', async () => {
    const today = collect.dayIn('UTC');
    const daysAgo = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    await storeEvents(database.db!, [view(daysAgo(100), '/', '1'), view(daysAgo(10), '/', '2'), { ...view(daysAgo(40), '/cv.pdf', '3'), kind: 'download' }]);
    const kept = await daily();
    await dropExpired(database.db!, { retentionDays: 90, today });
    expect(await daily()).toEqual(kept);
    const left = async () => (await database.db!.query<{ day: string }>('select day::text as day from public.analytics_events order by day')).rows.map((row) => row.day);
    expect(await left()).toEqual([daysAgo(40), daysAgo(10)]);
    await dropExpired(database.db!, { retentionDays: 30, today });
    expect(await left()).toEqual([daysAgo(10)]);
    expect(await daily()).toEqual(kept);
  });
});

describe('the queue', () => {
  it('takes at most the intake a second, writes in batches, and counts what it left out', async () => {
    const sent = 1_000;
    for (let index = 0; index < sent; index += 1) {
      await collect.countEvent(new Headers({ 'user-agent': CHROME, 'x-test-address': `10.0.${index >> 8}.${index & 255}` }), 'view', '/');
    }
    await collect.flushEvents();
    const { rows } = await database.db!.query<{ n: number }>('select count(*)::int as n from public.analytics_events');
    // The bucket's burst, and what refilled it while the loop ran (well under a second).
    expect(rows[0]!.n).toBeGreaterThanOrEqual(collect.INTAKE.burst);
    expect(rows[0]!.n).toBeLessThan(collect.INTAKE.burst + collect.INTAKE.perSecond * 2);
    expect(rows[0]!.n + collect.collectorQueue().dropped).toBe(sent);
    const site = await database.db!.query<{ count: number; visitors: number }>("select count, visitors from public.analytics_daily where dimension = 'site'");
    expect(site.rows).toEqual([{ count: rows[0]!.n, visitors: rows[0]!.n }]);
  });
});

describe('downloads', () => {
  const file = (headers: Record<string, string> = {}, status = 200) => {
    const request = new Request(`${SITE}/cv.pdf`, { headers: { 'user-agent': CHROME, 'x-test-address': '192.0.2.9', ...headers } });
    return collect.countDownload(request, '/cv.pdf', new Response(status === 304 ? null : 'pdf', { status }));
  };

  it('are counted when the file is sent, not when the browser revalidates or asks for a later piece', async () => {
    file();
    file({}, 304);
    file({ range: 'bytes=0-1023' }, 206);
    file({ range: 'bytes=1024-2047' }, 206);
    file({}, 404);
    file({ dnt: '1' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await events()).map((event) => [event.kind, event.path])).toEqual([
      ['download', '/cv.pdf'],
      ['download', '/cv.pdf'],
    ]);
  });
});

describe('what the dashboard reads', () => {
  it('every day of the range, the top pages with titles, papers, posts, downloads and grouped referrers', async () => {
    await beacon({ p: `/research/${paperId}`, r: 'https://scholar.google.de/citations?user=x' }, { 'x-test-address': '192.0.2.20' });
    await beacon({ p: `/research/${paperId}`, r: 'https://t.co/abc' }, { 'x-test-address': '192.0.2.21' });
    await beacon({ p: `/blog/${encodeURIComponent(postSlug)}`, r: 'https://conference.example.org/programme' }, { 'x-test-address': '192.0.2.22' });
    await beacon({ p: '/' }, { 'x-test-address': '192.0.2.22' });
    const cite = new Request(`${SITE}/research/${paperId}/cite`, { headers: { 'user-agent': CHROME, 'x-test-address': '192.0.2.20' } });
    collect.countDownload(cite, `/research/${paperId}/cite`, new Response('{}'));
    collect.countDownload(new Request(`${SITE}/research.bib`, { headers: { 'user-agent': CHROME } }), '/research.bib', new Response(''));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await collect.flushEvents();

    const summary = await getAnalyticsSummary(7);
    expect(summary.days).toHaveLength(7);
    expect(summary.days.at(-1)).toMatchObject({ day: summary.to, views: 4, visitors: 3 });
    expect(summary.days.slice(0, 6).every((day) => day.views === 0)).toBe(true);
    expect(summary.totals).toEqual({ views: 4, visitors: 3, downloads: 2 });
    const title = (await database.db!.query<{ title: string }>('select title from public.research_papers where id = $1', [paperId])).rows[0]!.title;
    expect(summary.topPages[0]).toEqual({ path: `/research/${paperId}`, label: title, count: 2 });
    expect(summary.topPages).toContainEqual({ path: '/', label: 'Home', count: 1 });
    expect(summary.papers).toEqual([{ path: `/research/${paperId}`, label: title, count: 2 }]);
    expect(summary.posts).toHaveLength(1);
    expect(summary.posts[0]!.label).not.toMatch(/^\//);
    expect(summary.downloads.map((row) => row.label).sort()).toEqual(['All papers (BibTeX)', `Citation of ${title}`]);
    expect(summary.referrers.map((group) => [group.group, group.count])).toEqual([
      ['scholar', 1],
      ['search', 0],
      ['social', 1],
      ['other', 1],
      ['direct', 1],
    ]);
    expect(summary.referrers.find((group) => group.group === 'other')!.hosts).toEqual([{ host: 'conference.example.org', count: 1 }]);

    expect(await getPaperReadership()).toEqual({ [paperId]: { views: 2, downloads: 1 } });
  });
});

describe('the fast path', () => {
  it("answers beacons on the HTTP server itself, with the route's checks, and hands every other request on as it came", async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.end('from the app');
    });
    answerBeaconsBeforeNext();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const send = (body: string, headers: Record<string, string> = {}) =>
        fetch(`${base}/insights/event`, { method: 'POST', body, headers: { 'user-agent': CHROME, 'x-test-address': '203.0.113.77', ...headers } });
      const counted = await send(JSON.stringify({ p: '/about', r: 'https://duckduckgo.com/' }));
      expect([counted.status, counted.headers.get('cache-control'), await counted.text()]).toEqual([204, expect.stringContaining('no-store'), '']);
      expect((await send(JSON.stringify({ p: '/admin' }))).status).toBe(400);
      expect((await send('{"p":"/', { 'content-type': 'text/plain' })).status).toBe(400);
      expect((await send(JSON.stringify({ p: '/', r: `https://example.org/${'x'.repeat(100_000)}` }))).status).toBe(413);
      expect((await send(JSON.stringify({ p: '/' }), { origin: 'https://evil.example' })).status).toBe(403);
      // Anything else is the app's: another method, another path, a query string.
      expect(await (await fetch(`${base}/insights/event`)).text()).toBe('from the app');
      expect(await (await fetch(`${base}/insights/event?x=1`, { method: 'POST', body: '{}' })).text()).toBe('from the app');
      expect(await (await fetch(`${base}/about`)).text()).toBe('from the app');
      expect(seen).toEqual(['GET /insights/event', 'POST /insights/event?x=1', 'GET /about']);
      expect((await events()).map((event) => [event.path, event.referrer_host])).toEqual([['/about', 'duckduckgo.com']]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
