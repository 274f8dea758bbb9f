/**
 * `npm run bench`: how fast the public pages are served, against a static file of the same server.
 * Starts the production site (building first when the sources changed) on seeded data in a temporary
 * DATA_DIR on a loopback port, warms every page up, then loads each one in turn with autocannon (bounded:
 * 10 connections, 10 s) and prints req/s, p50/p99 latency and the ratio of each page's throughput to the
 * static file's. The goal is 50% or more for what an anonymous visitor gets (the page cache).
 *
 * Then, for comparison, the same pages rendered on every request, as a signed-in visitor gets them (the
 * page cache is bypassed; the tagged data cache still answers the reads). `--quick` skips those rows.
 *
 * Run it while nothing else is busy (and, beside other work on the same checkout, under the build lock:
 * `flock /tmp/portfolio-build.lock npm run bench`): the figures are only comparable on a quiet machine.
 */
import { rmSync } from 'node:fs';
import autocannon from 'autocannon';

import { startSite } from '../tests/helpers/site-server';
import { log } from './lib/cli';

const CONNECTIONS = 10;
const DURATION_S = 10;
const WARM_UP_REQUESTS = 20;
const GOAL = 0.5;

/** A seeded article with code and mathematics: the heaviest detail page of the sample content. */
const SEEDED_SLUG = 'computing-zeros-of-the-zeta-function-with-python';

const STATIC_PAGE = { label: 'static file', path: '/placeholder.svg' };
const PAGES = [
  { label: 'home', path: '/' },
  { label: 'blog', path: '/blog' },
  { label: 'blog post', path: `/blog/${SEEDED_SLUG}` },
  { label: 'research', path: '/research' },
];

interface Figures {
  label: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

/** A session cookie's name, with no valid session behind it: enough to keep the page cache out of the way. */
const RENDER_EVERY_TIME = { cookie: 'pf-access=bench' };

async function measure(baseUrl: string, page: { label: string; path: string }, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url: baseUrl + page.path, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    ...page,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

async function warmUp(baseUrl: string, path: string): Promise<void> {
  for (let index = 0; index < WARM_UP_REQUESTS; index += 1) {
    const response = await fetch(baseUrl + path);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status} while warming up`);
  }
}

function table(rows: Figures[], reference: Figures): string {
  const header = ['page', 'path', 'req/s', 'p50 ms', 'p99 ms', 'vs static', 'failed'];
  const lines = rows.map((row) => [
    row.label,
    row.path,
    row.requestsPerSecond.toFixed(0),
    String(row.p50),
    String(row.p99),
    `${((row.requestsPerSecond / reference.requestsPerSecond) * 100).toFixed(0)}%`,
    String(row.failures),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...lines.map(format)].join('\n');
}

async function main(): Promise<void> {
  log('Starting the production site on seeded data…');
  const site = await startSite({ timeoutMs: 600_000 });
  try {
    for (const page of [STATIC_PAGE, ...PAGES]) await warmUp(site.url, page.path);
    log(`Warmed up; measuring each page for ${DURATION_S} s with ${CONNECTIONS} connections…`);
    const reference = await measure(site.url, STATIC_PAGE);
    const rows = [reference];
    for (const page of PAGES) rows.push(await measure(site.url, page));
    const slowest = Math.min(...rows.map((row) => row.requestsPerSecond / reference.requestsPerSecond));
    const rendered: Figures[] = [];
    if (!process.argv.includes('--quick')) {
      log('Measuring the same pages rendered on every request (page cache bypassed)…');
      for (const page of PAGES) rendered.push(await measure(site.url, { ...page, label: `${page.label} (rendered)` }, RENDER_EVERY_TIME));
    }
    console.log(`\n${table([...rows, ...rendered], reference)}\n`);
    log(`Slowest page: ${(slowest * 100).toFixed(0)}% of the static file (goal ${GOAL * 100}%).`);
    if ([...rows, ...rendered].some((row) => row.failures > 0)) process.exitCode = 1;
  } finally {
    await site.stop();
    rmSync(site.dataDir, { recursive: true, force: true });
  }
}

await main();
