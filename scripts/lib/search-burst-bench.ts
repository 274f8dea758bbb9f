/**
 * A burst of searches against page loads (issue 35), in `npm run bench`: how much slower public pages answer
 * while searches hammer the same server, on the 5,000 items of search-bench.ts plus the sample content.
 *
 * The production server (`npm start`'s script, PGlite in its DATA_DIR) is measured three ways, each for the
 * bench's duration with autocannon, the pages cycling through PAGES on 8 connections:
 *  1. pages alone;
 *  2. pages while 8 more connections search as fast as the server answers, each search from an address of
 *     its own (TRUST_PROXY, a new X-Forwarded-For each time): the worst case, a crowd or an attacker with
 *     many addresses, none held back by the per-address limit;
 *  3. pages while 8 connections search from one address: past 60 a minute the limit answers 429 at once.
 * Reported: pages per second, p50 and p99 of each, the searches served and refused.
 */
import type autocannon from 'autocannon';
import { loadTest } from './load-test';
import { migrate } from '../../lib/db/migrate';
import { pgliteDir } from '../../lib/db/open';
import { openPglite } from '../../lib/db/pglite';
import { seedSampleContent } from '../../lib/db/seed';
import { startSite, tempDataDir } from '../../tests/helpers/site-server';
import { loadSearchItems, SEARCH_QUERIES } from './search-bench';
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const CONNECTIONS = 8;
/** Pages of a bounded size: /research, /projects, /blog and /cv list every one of the 5,000 items. */
const PAGES = ['/', '/about', '/experience', '/blog/bench-post-7', '/blog/bench-post-1234', '/personal'];

export interface BurstRun {
  label: string;
  pagesPerSecond: number;
  p50: number;
  p99: number;
  pageFailures: number;
  searches: number;
  searchesRefused: number;
  searchP99: number;
}

export interface BurstBench {
  runs: BurstRun[];
  /** The /search page's HTML, raw and gzipped, for the widest queries: every type, and one type's page. */
  pages: { path: string; raw: number; gzip: number }[];
}

/** The widest result pages: a word nearly every item has, for every type and for each type alone. */
const RESULT_PAGES = ['/search?q=zeta', '/search?q=zeta&type=research', '/search?q=zeta&type=blog', '/search?q=spectral+gap&type=projects'];

function searchLoad(url: string, seconds: number, oneAddress: boolean): Promise<autocannon.Result> {
  let count = 0;
  return loadTest({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        setupRequest(request) {
          count += 1;
          const query = SEARCH_QUERIES[count % SEARCH_QUERIES.length]!;
          const address = oneAddress ? '198.51.100.7' : `10.${(count >> 16) & 255}.${(count >> 8) & 255}.${count & 255}`;
          // Half from the palette's endpoint, half the page, as visitors reach both.
          const path = count % 2 === 0 ? `/api/search?q=${encodeURIComponent(query)}` : `/search?q=${encodeURIComponent(query)}`;
          return { ...request, path, headers: { ...request.headers, 'x-forwarded-for': address } };
        },
      },
    ],
  });
}

async function pagesWhile(url: string, seconds: number, label: string, searches: 'none' | 'many' | 'one'): Promise<BurstRun> {
  const pages = loadTest({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: PAGES.map((path) => ({ method: 'GET' as const, path })),
  });
  const burst = searches === 'none' ? null : searchLoad(url, seconds, searches === 'one');
  const [page, search] = await Promise.all([pages, burst]);
  return {
    label,
    pagesPerSecond: page.requests.average,
    p50: page.latency.p50,
    p99: page.latency.p99,
    pageFailures: page.non2xx + page.errors + page.timeouts,
    searches: search ? search.requests.total - search.non2xx : 0,
    searchesRefused: search ? search['4xx'] : 0,
    searchP99: search ? search.latency.p99 : 0,
  };
}

/** Needs a current production build (bench.ts ensures it). */
export async function benchSearchBurst(seconds: number, admin: { email: string; password: string }): Promise<BurstBench> {
  const dataDir = tempDataDir('search-burst-');
  try {
    const db = await openPglite(pgliteDir({ dataDir }));
    try {
      await migrate(db, { authBootstrap: true });
      await seedSampleContent(db);
      await loadSearchItems(db);
    } finally {
      await db.close();
    }
    const server = await startSite({ dataDir, env: { TRUST_PROXY: '1', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }, timeoutMs: 600_000 });
    try {
      for (const path of [...PAGES, '/search?q=zeta']) await (await fetch(server.url + path, { headers: { 'x-forwarded-for': '192.0.2.1' } })).arrayBuffer();
      const pages: BurstBench['pages'] = [];
      for (const pagePath of RESULT_PAGES) {
        const html = Buffer.from(await (await fetch(server.url + pagePath, { headers: { 'x-forwarded-for': '192.0.2.2' } })).arrayBuffer());
        pages.push({ path: pagePath, raw: html.length, gzip: gzipSync(html).length });
      }
      const runs: BurstRun[] = [];
      runs.push(await pagesWhile(server.url, seconds, 'pages alone', 'none'));
      runs.push(await pagesWhile(server.url, seconds, 'pages + searches, a new address each', 'many'));
      runs.push(await pagesWhile(server.url, seconds, 'pages + searches, one address (limited)', 'one'));
      return { runs, pages };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function searchBurstLines(bench: BurstBench): string {
  const alone = bench.runs[0]!;
  return [
    `Search burst (5,000 items, npm start, ${CONNECTIONS} page connections cycling ${PAGES.length} pages, ${CONNECTIONS} search connections):`,
    ...bench.runs.map(
      (run) =>
        `  ${run.label.padEnd(42)} pages ${run.pagesPerSecond.toFixed(0)}/s, p50 ${run.p50} ms, p99 ${run.p99} ms` +
        (run === alone ? '' : ` (p99 x${(run.p99 / Math.max(alone.p99, 1)).toFixed(1)})`) +
        `, failed ${run.pageFailures}` +
        (run.searches || run.searchesRefused ? `; searches served ${run.searches} (p99 ${run.searchP99} ms), refused ${run.searchesRefused}` : ''),
    ),
    `  result pages (budget 80 kB / 20 kB gzip): ${bench.pages.map((page) => `${page.path} ${(page.raw / 1000).toFixed(1)} kB / ${(page.gzip / 1000).toFixed(1)} kB`).join('; ')}`,
  ].join('\n');
}

// Alone: `npx tsx scripts/lib/search-burst-bench.ts [seconds]` (after `npm run build`).
if (process.argv[1] && process.argv[1].endsWith('search-burst-bench.ts')) {
  const seconds = Number(process.argv[2] ?? 10);
  console.log(searchBurstLines(await benchSearchBurst(seconds, { email: 'bench-owner@example.com', password: 'bench-owner-password-1' })));
}
