/**
 * The "Add by identifier" part of `npm run bench` (issue 34): "the import preview of 30 ORCID works
 * answers within the sources' time plus 1 s". Measured without the network: lib/scholarly/lookup.ts's
 * lookupIdentifiers for the fake ORCID profile of 30 works (tests/helpers/fake-scholarly-server.ts),
 * first with every answer held back DELAY_MS, as a slow Crossref answers, then with none (the lookup's
 * own cost alone). For each run: the wall time, the sources' time (the time during which at least one
 * request to the fake sources was in flight, from its arrival to the end of its answer) and the overhead,
 * the difference: what the lookup adds by waiting for a free request slot, parsing and converting.
 * Goal: overhead under 1 s.
 *
 * Measured in a child Node process of its own with the `react-server` condition, under which the
 * modules' `import 'server-only'` loads as Next loads it (as scripts/lib/citations-bench.ts does). Alone:
 * `npx tsx scripts/lib/lookup-bench.ts`.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { FAKE_ORCID, fakeScholarlyEnv, startFakeScholarlyServer, type FakeRequest } from '../../tests/helpers/fake-scholarly-server';

export interface LookupRun {
  totalMs: number;
  sourcesMs: number;
  overheadMs: number;
  requests: number;
  /** The most requests in flight at once, as the fake sources saw them. */
  maxInFlight: number;
  /** Papers the preview offers, and works it could not use. */
  entries: number;
  problems: number;
}

export interface LookupBench {
  works: number;
  delays: { delayMs: number; runs: LookupRun[] }[];
}

/** A slow source's answer time, and none. */
const DELAYS_MS = [150, 0];
const RUNS = 5;
const GOAL_MS = 1_000;
const MEASURE_FLAG = '--measure';

/** The length of the union of the requests' [arrival, end of answer] intervals. */
function busyMs(requests: readonly FakeRequest[], endOfRun: number): number {
  const intervals = requests.map((request) => [request.receivedAt, request.endedAt ?? endOfRun] as const).sort((a, b) => a[0] - b[0]);
  let total = 0;
  let start = -Infinity;
  let end = -Infinity;
  for (const [from, to] of intervals) {
    if (from > end) {
      if (end > start) total += end - start;
      start = from;
      end = to;
    } else end = Math.max(end, to);
  }
  if (end > start) total += end - start;
  return total;
}

function maxInFlight(requests: readonly FakeRequest[], endOfRun: number): number {
  const events = requests.flatMap((request) => [
    [request.receivedAt, 1],
    [request.endedAt ?? endOfRun, -1],
  ]);
  // An answer that ends as another request arrives frees its place first.
  events.sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
  let current = 0;
  let most = 0;
  for (const [, step] of events) {
    current += step!;
    most = Math.max(most, current);
  }
  return most;
}

/** The measurement itself, in the child process. */
async function measure(): Promise<LookupBench> {
  const { scholarlyConfig } = await import('../../lib/scholarly/config');
  const { lookupIdentifiers } = await import('../../lib/scholarly/lookup');
  const bench: LookupBench = { works: 0, delays: [] };
  for (const delayMs of DELAYS_MS) {
    const server = await startFakeScholarlyServer(0, { delayMs });
    const config = scholarlyConfig({ siteName: 'Alex Morgan', siteUrl: 'https://example.org', contactEmail: 'alex@example.org' }, fakeScholarlyEnv(server.url));
    const runs: LookupRun[] = [];
    try {
      for (let run = 0; run < RUNS; run += 1) {
        const before = server.requests.length;
        const started = performance.now();
        const result = await lookupIdentifiers(FAKE_ORCID, [], config);
        const ended = performance.now();
        // The last answer's 'close' is recorded in the same turn as it is sent, but let it land.
        await new Promise((resolve) => setImmediate(resolve));
        const requests = server.requests.slice(before);
        const sourcesMs = busyMs(requests, ended);
        bench.works = result.orcid?.works ?? 0;
        runs.push({
          totalMs: ended - started,
          sourcesMs,
          overheadMs: ended - started - sourcesMs,
          requests: requests.length,
          maxInFlight: maxInFlight(requests, ended),
          entries: result.entries.length,
          problems: result.problems.length,
        });
      }
    } finally {
      await server.close();
    }
    bench.delays.push({ delayMs, runs });
  }
  return bench;
}

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..', '..');

/** The figures, from a fresh Node process (this file again, with MEASURE_FLAG). */
export function benchLookup(): LookupBench {
  const output = execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', SELF, MEASURE_FLAG], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').pop()!) as LookupBench;
}

const ms = (value: number) => value.toFixed(0);

/** One row per run, then one line against the goal (the worst overhead of the slow-source runs). */
export function lookupBenchLines(bench: LookupBench): string {
  const header = ['delay ms', 'run', 'total ms', 'sources ms', 'overhead ms', 'requests', 'in flight', 'entries', 'problems'];
  const rows = bench.delays.flatMap(({ delayMs, runs }) =>
    runs.map((run, index) => [String(delayMs), String(index + 1), ms(run.totalMs), ms(run.sourcesMs), ms(run.overheadMs), String(run.requests), String(run.maxInFlight), String(run.entries), String(run.problems)]),
  );
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const format = (cells: string[]) => cells.map((cell, column) => cell.padStart(widths[column]!)).join('  ');
  const slow = bench.delays.find((delay) => delay.delayMs > 0)?.runs ?? [];
  const worst = Math.max(0, ...slow.map((run) => run.overheadMs));
  const met = worst < GOAL_MS ? 'met' : 'missed';
  return [
    `lookup            ORCID profile of ${bench.works} works, ${RUNS} runs per answer delay (sources' time: a request in flight at the fake sources):`,
    ...[format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)].map((line) => `  ${line}`),
    `  slowest overhead with slow sources ${ms(worst)} ms (goal: preview within the sources' time + ${GOAL_MS} ms: ${met})`,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  if (process.argv.includes(MEASURE_FLAG)) console.log(JSON.stringify(await measure()));
  else console.log(lookupBenchLines(benchLookup()));
}
