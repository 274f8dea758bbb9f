/**
 * Reader analytics beside page loads (issue 48): "a flood of forged beacons cannot slow page loads: page p99
 * with 500 beacons a second beside it, within 10 % of idle". On `npm start`'s server with the sample content
 * (TRUST_PROXY=1, so each beacon can claim an address of its own):
 *  1. idle: the public pages of PAGES, cycled on 10 connections for DURATION_S;
 *  2. the same load beside about 500 beacons a second (from wrk, in a process of its own), each for a real page,
 *     with a browser's user agent and an address of its own: the worst case, since no per-address limit holds
 *     any of them back (the server's intake does: lib/analytics/collect.ts INTAKE);
 *  3. the same beside 500 a second from one address: past 60 a minute each is refused at once (429).
 * Each ROUNDS times, in turn; the medians of the pages' p99 reported, with the beacons answered and the events
 * the server wrote (read from its database after the server stops).
 * Alone: `npx tsx scripts/lib/beacon-flood-bench.ts` (the build must exist: `npm run build` or `npm start` once).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { loadTest } from './load-test';
import { openPglite } from '../../lib/db/pglite';
import { pgliteDir } from '../../lib/db/open';
import { startSite, tempDataDir } from '../../tests/helpers/site-server';

const PAGES = ['/', '/about', '/research', '/blog', '/cv'];
const BEACON_PAGES = ['/', '/about', '/research', '/blog', '/projects', '/experience'];
/** The beacons a second aimed at (FLOOD_CONNECTIONS × 1000 / (FLOOD_DELAY_MS + the answer's time)). */
const RATE = 500;
const DURATION_S = 10;
const CONNECTIONS = 10;
const ROUNDS = 5;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface FloodRun {
  label: string;
  p50: number;
  p99: number;
  rps: number;
  pageErrors: number;
  beacons: number;
  beaconStatus: Record<string, number>;
}

export interface FloodBench {
  runs: FloodRun[];
  eventsWritten: number;
}

/**
 * The beacons, from Debian's `wrk` in a process of its own (a C load generator: autocannon, in this process, took
 * enough of the machine's two cores to slow the pages' own measurement). wrk has no fixed rate, so each of
 * FLOOD_CONNECTIONS connections waits FLOOD_DELAY_MS between its requests: about RATE a second; the rate reached
 * is reported. A Lua script gives each beacon a page and an address of its own (or the one address), and counts
 * the answers by status.
 */
const FLOOD_CONNECTIONS = 13;
const FLOOD_DELAY_MS = 18;

function floodScript(oneAddress: boolean): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'beacon-flood-')), 'beacon.lua');
  writeFileSync(
    file,
    `local counter = 0
local pages = { ${BEACON_PAGES.map((page) => `"${page}"`).join(', ')} }
wrk.method = "POST"
wrk.headers["Content-Type"] = "text/plain;charset=UTF-8"
wrk.headers["User-Agent"] = "${CHROME}"
request = function()
  counter = counter + 1
  wrk.headers["X-Forwarded-For"] = ${oneAddress ? '"198.51.100.7"' : 'string.format("10.%d.%d.%d", math.floor(counter / 65536) % 256, math.floor(counter / 256) % 256, counter % 256)'}
  local referrer = ""
  if counter % 3 == 0 then referrer = "https://scholar.google.com/" end
  return wrk.format(nil, "/insights/event", nil, '{"p":"' .. pages[counter % #pages + 1] .. '","r":"' .. referrer .. '"}')
end
delay = function() return ${FLOOD_DELAY_MS} end
`,
  );
  return file;
}

/** The beacons sent, and how many were answered 2xx and otherwise (wrk's report: its threads keep no counts it can print). */
function flood(url: string, oneAddress: boolean): Promise<{ sent: number; statuses: Record<string, number> }> {
  return new Promise((resolve, reject) => {
    const script = floodScript(oneAddress);
    const child = spawn('wrk', ['-t1', `-c${FLOOD_CONNECTIONS}`, `-d${DURATION_S}s`, '-s', script, url]);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => reject(new Error(`wrk could not run (apt-get install wrk): ${error.message}`)));
    child.on('close', (code) => {
      rmSync(path.dirname(script), { recursive: true, force: true });
      const sent = Number(/(\d+) requests in/.exec(output)?.[1] ?? Number.NaN);
      // A script wrk cannot load is reported on stderr, and wrk then sends plain GETs: not beacons.
      if (code !== 0 || !Number.isFinite(sent) || /\.lua:\d+:/.test(output)) return reject(new Error(`wrk failed (${code}):\n${output}`));
      const other = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0);
      resolve({ sent, statuses: { '2xx': sent - other, ...(other ? { other } : {}) } });
    });
  });
}

async function measure(url: string, label: string, beacons: 'none' | 'many' | 'one'): Promise<FloodRun> {
  const pages = loadTest({ url, connections: CONNECTIONS, duration: DURATION_S, requests: PAGES.map((path) => ({ method: 'GET' as const, path })) });
  const sent = beacons === 'none' ? null : flood(url, beacons === 'one');
  const [page, beacon] = await Promise.all([pages, sent]);
  return {
    label,
    p50: page.latency.p50,
    p99: page.latency.p99,
    rps: Math.round(page.requests.average),
    pageErrors: page.errors + page.timeouts + page.non2xx,
    beacons: beacon ? beacon.sent : 0,
    beaconStatus: beacon ? beacon.statuses : {},
  };
}

const median = (runs: FloodRun[]) => [...runs].sort((a, b) => a.p99 - b.p99)[Math.floor(runs.length / 2)]!;

export async function benchBeaconFlood(): Promise<FloodBench> {
  const dataDir = tempDataDir();
  const site = await startSite({ dataDir, env: { TRUST_PROXY: '1' }, timeoutMs: 600_000 });
  const rounds: Record<'idle' | 'many' | 'one', FloodRun[]> = { idle: [], many: [], one: [] };
  try {
    // Warmed up under the same load first.
    await loadTest({ url: site.url, connections: CONNECTIONS, duration: 5, requests: PAGES.map((path) => ({ method: 'GET' as const, path })) });
    for (let round = 0; round < ROUNDS; round += 1) {
      rounds.idle.push(await measure(site.url, 'pages alone', 'none'));
      rounds.many.push(await measure(site.url, `pages beside ${RATE} beacons/s, each from its own address`, 'many'));
      rounds.one.push(await measure(site.url, `pages beside ${RATE} beacons/s from one address`, 'one'));
    }
  } finally {
    await site.stop();
  }
  const db = await openPglite(pgliteDir({ dataDir }));
  try {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.analytics_events');
    return { runs: [median(rounds.idle), median(rounds.many), median(rounds.one)], eventsWritten: rows[0]?.n ?? 0 };
  } finally {
    await db.close();
  }
}

export function beaconFloodTable(bench: FloodBench): string {
  const idle = bench.runs[0]!;
  const lines = [
    `Reader analytics (issue 48): pages under ${CONNECTIONS} connections, alone and beside ${RATE} beacons a second; medians of ${ROUNDS} rounds of ${DURATION_S} s`,
    '| load | pages p50 / p99 ms | pages req/s | p99 ÷ idle (goal ≤ 1.10) | beacons sent | beacon answers |',
    '|---|---|---|---|---|---|',
    ...bench.runs.map((run) => {
      const ratio = run.p99 / Math.max(1, idle.p99);
      const answers = Object.entries(run.beaconStatus)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', ');
      return `| ${run.label} | ${run.p50} / ${run.p99} | ${run.rps} | ${ratio.toFixed(2)}${ratio > 1.1 ? ' >' : ''} | ${run.beacons ? `${run.beacons} (${Math.round(run.beacons / DURATION_S)}/s)` : '-'} | ${answers || '-'} |`;
    }),
    `Events written by the server over the whole bench: ${bench.eventsWritten}.`,
  ];
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchBeaconFlood()
    .then((bench) => console.log(beaconFloodTable(bench)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
