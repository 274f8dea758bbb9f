/**
 * `npm run bench`: how fast the public pages are served, against a static file of the same server, under
 * both ways of running the production build, one after the other:
 *  - `npm start`'s server (scripts/start.ts: Next's handler behind the X-Forwarded-For rule);
 *  - plain `next start`, the deployment the design promises (only Next.js and the instrumentation hook).
 * Each gets its own temporary DATA_DIR with the seeded sample content and an admin from ADMIN_EMAIL /
 * ADMIN_PASSWORD, on a loopback port. The build is made first when the sources changed (scripts/lib/build.ts).
 *
 * For each server:
 * 1. Every public page (home, about, projects, experience, research, blog, a blog post, a long post with 40
 *    formulas and a 30-row table added through the blog editor first, personal, a personal post), warmed
 *    up, then loaded in turn with autocannon (10 connections, 10 s), after the static file
 *    /placeholder.svg: the size of one response (kB, headers included), of its HTML and of the HTML gzipped
 *    (goals: at most 80 kB and 20 kB, marked '>' when over), req/s, p50/p99 latency, failed
 *    requests (non-2xx, errors, timeouts) and each page's throughput as a share of the static file's. The
 *    size matters: writing and reading a response grow with it, and the static file is about 2 kB. Goal:
 *    at least 25% under either server. Rows under the goal are marked.
 *    Unless `--quick`: the same pages with a session cookie that is not valid, as a signed-in visitor gets them
 *    (the proxy runs for them; Next's own caches still answer), for comparison.
 * 2. A write during load: /research under autocannon while, halfway through, the admin adds a paper through
 *    the editor's own server action over HTTP (signed in through the login form's action, as the browser
 *    does). Reported: p99 and max latency across the whole run and in the 2 s after the save, and whether
 *    the request made right after the save's answer shows the new paper (goal: p99 under 100 ms, and yes).
 * 3. A cold stampede: another save (every cache of the page emptied), then 50 concurrent requests for
 *    /research at once: their p50 and max latency and how many show the new paper. Next's response cache
 *    gives concurrent requests for one page a single render (a counter in the page showed one render per
 *    stampede).
 *
 * 4. The CV (scripts/lib/cv-bench.ts): /cv.pdf's first answer after a change with the sample content, then
 *    with a large CV (150 papers, 40 positions, 60 CV rows added through the editors' actions), its size and
 *    page count, the slowest of the /about requests made meanwhile (how long typesetting holds other
 *    requests), and the cached PDF under load (goal: first answer under 1.5 s).
 *
 * 5. The citation formats (scripts/lib/citations-bench.ts), in a process of their own, before the servers:
 *    a paper in every CSL style and as RIS, the first call and the median of 100 later ones (goal: under 50 ms).
 *
 * 6. Add by identifier (scripts/lib/lookup-bench.ts), in a process of its own, before the servers: the lookup of
 *    an ORCID profile of 30 works against the fake sources with slow answers, then instant ones; per run the
 *    wall time, the sources' time and the overhead (goal: the sources' time plus at most 1 s).
 *
 * 7. Site search (scripts/lib/search-bench.ts), before the servers: 5,000 items on PGlite and on a Postgres
 *    server, each in a process of its own; 600 searches' p50/p95/p99 and the index's size (goal: p95 under 50 ms).
 *    Then a burst of searches (scripts/lib/search-burst-bench.ts): pages of bounded size on `npm start` over the
 *    same 5,000 items, alone, then under 8 connections searching from a new address each time, then from one
 *    address; pages per second and their p50/p99 each time, and the searches served and refused.
 *
 * 8. The citation run (scripts/lib/citation-run-bench.ts, issue 46), on `npm start` with 500 papers more: /research and a
 *    paper's page idle, then while the run asks slow fake sources for the 500 counts; the p99 during the run over the
 *    idle one (goal: at most 1.10).
 *
 * 9. Reader analytics (scripts/lib/beacon-flood-bench.ts, issue 48), on `npm start`: public pages alone, then beside
 *    500 page-view beacons a second from as many addresses, then from one address; the pages' p99 over the idle one
 *    (goal: at most 1.10).
 *
 * Then one summary line per server. The exit code is 1 on a failed request, a failed save or a stale read
 * after a save; a missed performance goal is reported, not failed: this is a benchmark, not a test.
 *
 * Flags: `--server=npm-start|next-start|both` (default both), `--quick`, `--duration=S` (each load, default 10).
 * Run it while nothing else is busy (and, beside other work on the same checkout, under the build lock:
 * `flock /tmp/portfolio-build.lock npm run bench`): the figures are only comparable on a quiet machine.
 */
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import type autocannon from 'autocannon';
import { loadTest } from './lib/load-test';
import { benchCitationRun, citationRunTable } from './lib/citation-run-bench';
import { beaconFloodTable, benchBeaconFlood } from './lib/beacon-flood-bench';

import { startNextStart } from '../tests/helpers/next-start';
import { startSite } from '../tests/helpers/site-server';
import { ensureBuild } from './lib/build';
import { addLongPost, ADMIN, callAction, LONG_POST, signIn } from './lib/admin-http';
import { benchCv, cvBenchLines, type CvBench } from './lib/cv-bench';
import { benchCitations, citationsBenchLines } from './lib/citations-bench';
import { benchLookup, lookupBenchLines } from './lib/lookup-bench';
import { formatSearchBench, searchBench } from './lib/search-bench';
import { benchSearchBurst, searchBurstLines } from './lib/search-burst-bench';
import { fail, kB, log } from './lib/cli';
import { SECTION_PAGES, type Page } from './lib/measured-pages';

const CONNECTIONS = 10;
const WARM_UP_REQUESTS = 20;
const STAMPEDE = 50;
/** The window after a save whose latencies are reported on their own. */
const AFTER_SAVE_MS = 2_000;
const WRITE_P99_GOAL_MS = 100;


/** A seeded article with code and mathematics: the heaviest detail page of the sample content. */
const SEEDED_SLUG = 'computing-zeros-of-the-zeta-function-with-python';

const STATIC_PAGE: Page = { label: 'static file', path: '/placeholder.svg' };
/** The public pages; the personal post's id is generated by the seed, so it is read from /personal. */
const PAGES: Page[] = [...SECTION_PAGES, { label: 'blog post', path: `/blog/${SEEDED_SLUG}` }];
/** A page's weight limits (the issue): its HTML, and gzipped. */
const HTML_LIMIT_BYTES = 80_000;
const GZIP_LIMIT_BYTES = 20_000;

const LONG_POST_PAGE: Page = { label: 'long post', path: `/blog/${LONG_POST.slug}` };

/** The page loaded while the admin writes: a new paper shows on it. */
const WRITE_PAGE = '/research';

/** A session cookie's name, with no valid session behind it: enough to keep any anonymous-only cache out of the way. */
const RENDER_EVERY_TIME = { cookie: 'pf-access=bench' };

type ServerName = 'npm-start' | 'next-start';

interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<unknown>;
}

interface ServerKind {
  title: string;
  /** The least share of the static file's throughput every public page should reach. */
  goal: number;
  goalNote: string;
  start(env: Record<string, string>): Promise<RunningServer>;
}

const SERVERS: Record<ServerName, ServerKind> = {
  'npm-start': {
    title: 'npm start (scripts/start.mjs → start.ts: Next behind the X-Forwarded-For rule)',
    goal: 0.25,
    goalNote: 'at least 25%, as next start',
    start: (env) => startSite({ env, timeoutMs: 600_000 }),
  },
  'next-start': {
    title: 'next start (plain Next.js)',
    goal: 0.25,
    goalNote: 'at least 25%',
    start: (env) => startNextStart({ env, timeoutMs: 180_000 }),
  },
};

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const QUICK = process.argv.includes('--quick');
const DURATION_S = Number(option('duration') ?? 10);
if (!Number.isFinite(DURATION_S) || DURATION_S < 2) fail('--duration must be a number of seconds, at least 2.');
const serverOption = option('server') ?? 'both';
if (!['npm-start', 'next-start', 'both'].includes(serverOption)) fail('--server must be npm-start, next-start or both.');
const SELECTED: ServerName[] = serverOption === 'both' ? ['npm-start', 'next-start'] : [serverOption as ServerName];

interface Figures extends Page {
  /** One page's HTML, and gzipped (zlib's default level, as Next's compression sends it). */
  htmlBytes: number;
  gzipBytes: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** One response's bytes, headers included. */
  bytesPerResponse: number;
  failures: number;
  /** Whether the row is held to the server's goal (anonymous public pages). */
  goal: boolean;
}

const failuresOf = (result: autocannon.Result) => result.non2xx + result.errors + result.timeouts;

async function measure(baseUrl: string, page: Page, options: { headers?: Record<string, string>; goal?: boolean } = {}): Promise<Figures> {
  const html = Buffer.from(await (await fetch(baseUrl + page.path, { headers: options.headers })).arrayBuffer());
  const result = await loadTest({ url: baseUrl + page.path, connections: CONNECTIONS, duration: DURATION_S, headers: options.headers ?? {} });
  return {
    ...page,
    htmlBytes: html.length,
    gzipBytes: gzipSync(html).length,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
    failures: failuresOf(result),
    goal: options.goal ?? false,
  };
}

async function get(baseUrl: string, pagePath: string): Promise<{ status: number; text: string; headers: Headers; ms: number }> {
  const started = performance.now();
  const response = await fetch(baseUrl + pagePath);
  const text = await response.text();
  return { status: response.status, text, headers: response.headers, ms: performance.now() - started };
}

async function warmUp(baseUrl: string, pagePath: string): Promise<void> {
  for (let index = 0; index < WARM_UP_REQUESTS; index += 1) {
    const { status } = await get(baseUrl, pagePath);
    if (status !== 200) throw new Error(`${pagePath} answered ${status} while warming up`);
  }
}

/** A seeded personal post's address, from the links of /personal. */
async function personalPost(baseUrl: string): Promise<Page> {
  const { text } = await get(baseUrl, '/personal');
  const found = /href="(\/personal\/[^"/?#]+)"/.exec(text)?.[1];
  if (!found) throw new Error('/personal links to no post: is the sample content seeded?');
  return { label: 'personal post', path: found };
}

// --- The admin, over HTTP as the browser does it ---------------------------------------------------------

interface Save {
  title: string;
  ok: boolean;
  ms: number;
  /** Wall-clock time the save's answer arrived. */
  answeredAt: number;
  error?: string;
}

/** Adds a paper through the Research editor's action. */
async function savePaper(baseUrl: string, cookie: string, title: string): Promise<Save> {
  const paper = { title, journal: 'Bench', authors: 'Bench', date: '2025-01-01', abstract: 'Written during npm run bench.', link: '', pdfUrl: '', tags: '', doi: '', arxivId: '', status: 'published' };
  const started = performance.now();
  try {
    const response = await callAction(baseUrl, cookie, 'research', 'createPaperAction', [paper]);
    const text = await response.text();
    const ok = response.ok && text.includes('"ok":true');
    return { title, ok, ms: performance.now() - started, answeredAt: Date.now(), error: ok ? undefined : `${response.status}: ${text.slice(0, 300)}` };
  } catch (error) {
    return { title, ok: false, ms: performance.now() - started, answeredAt: Date.now(), error: String(error) };
  }
}

// --- The runs ------------------------------------------------------------------------------------------

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

interface WriteRun {
  save: Save;
  p99: number;
  max: number;
  requests: number;
  failures: number;
  afterSaveP99: number;
  afterSaveMax: number;
  afterSaveRequests: number;
  /** The first request made after the save's answer showed the new paper. */
  fresh: boolean;
  nextRequestMs: number;
}

async function writeDuringLoad(baseUrl: string, cookie: string, server: ServerName): Promise<WriteRun> {
  const finished: { at: number; ms: number }[] = [];
  const run = loadTest({ url: baseUrl + WRITE_PAGE, connections: CONNECTIONS, duration: DURATION_S }, { onResponse: (_status, ms) => finished.push({ at: Date.now(), ms }) });
  await new Promise((resolve) => setTimeout(resolve, (DURATION_S * 1000) / 2));
  const save = await savePaper(baseUrl, cookie, `Bench paper ${server} during load ${Date.now()}`);
  const next = save.ok ? await get(baseUrl, WRITE_PAGE) : null;
  const result = await run;
  // Requests answered from the moment the save was sent until AFTER_SAVE_MS later.
  const saveSentAt = save.answeredAt - save.ms;
  const after = finished.filter((entry) => entry.at >= saveSentAt && entry.at <= saveSentAt + AFTER_SAVE_MS).map((entry) => entry.ms);
  return {
    save,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    failures: failuresOf(result),
    afterSaveP99: Math.round(percentile(after, 99)),
    afterSaveMax: Math.round(Math.max(0, ...after)),
    afterSaveRequests: after.length,
    fresh: next !== null && next.status === 200 && next.text.includes(save.title),
    nextRequestMs: next?.ms ?? 0,
  };
}

interface Stampede {
  save: Save;
  p50: number;
  max: number;
  failures: number;
  stale: number;
}

async function coldStampede(baseUrl: string, cookie: string, server: ServerName): Promise<Stampede> {
  const save = await savePaper(baseUrl, cookie, `Bench paper ${server} stampede ${Date.now()}`);
  const answers = await Promise.all(
    Array.from({ length: STAMPEDE }, () => get(baseUrl, WRITE_PAGE).catch(() => ({ status: 0, text: '', headers: new Headers(), ms: 0 }))),
  );
  return {
    save,
    p50: Math.round(percentile(answers.map((answer) => answer.ms), 50)),
    max: Math.round(Math.max(...answers.map((answer) => answer.ms))),
    failures: answers.filter((answer) => answer.status !== 200).length,
    stale: answers.filter((answer) => answer.status === 200 && !answer.text.includes(save.title)).length,
  };
}

// --- Output --------------------------------------------------------------------------------------------

const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;

function table(rows: Figures[], reference: Figures, goal: number): string {
  const header = ['page', 'path', 'kB', 'HTML kB', 'gzip kB', 'req/s', 'p50 ms', 'p99 ms', '% of static', 'failed'];
  const lines = rows.map((row) => {
    const share = row.requestsPerSecond / reference.requestsPerSecond;
    return [
      row.label,
      row.path.length > 40 ? `${row.path.slice(0, 39)}…` : row.path,
      kB(row.bytesPerResponse),
      `${kB(row.htmlBytes)}${row.goal && row.htmlBytes > HTML_LIMIT_BYTES ? ' >' : ''}`,
      `${kB(row.gzipBytes)}${row.goal && row.gzipBytes > GZIP_LIMIT_BYTES ? ' >' : ''}`,
      row.requestsPerSecond.toFixed(0),
      String(row.p50),
      String(row.p99),
      `${percent(share)}${row.goal && share < goal ? ' <' : ''}`,
      String(row.failures),
    ];
  });
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...lines.map(format)].join('\n');
}

interface ServerReport {
  name: ServerName;
  slowest: Figures;
  slowestShare: number;
  write: WriteRun;
  stampede: Stampede;
  cv: CvBench;
  failed: boolean;
}

async function benchServer(name: ServerName): Promise<ServerReport> {
  const kind = SERVERS[name];
  log(`${kind.title}: starting on seeded data in a fresh DATA_DIR…`);
  const server = await kind.start({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  try {
    const cookie = await signIn(server.url);
    await addLongPost(server.url, cookie);
    const pages = [...PAGES, LONG_POST_PAGE, await personalPost(server.url)];
    for (const page of [STATIC_PAGE, ...pages]) await warmUp(server.url, page.path);
    log(`${name}: warmed up; measuring each page for ${DURATION_S} s with ${CONNECTIONS} connections…`);
    const reference = await measure(server.url, STATIC_PAGE);
    const rows = [reference];
    for (const page of pages) rows.push(await measure(server.url, page, { goal: true }));
    if (!QUICK) {
      log(`${name}: the same pages with a session cookie (rendered for that visitor)…`);
      for (const page of pages) rows.push(await measure(server.url, { ...page, label: `${page.label} (cookie)` }, { headers: RENDER_EVERY_TIME }));
    }
    log(`${name}: ${DURATION_S} s of ${WRITE_PAGE} under load, the admin adding a paper halfway…`);
    await warmUp(server.url, WRITE_PAGE);
    const write = await writeDuringLoad(server.url, cookie, name);
    log(`${name}: cold stampede, ${STAMPEDE} concurrent requests for ${WRITE_PAGE} right after a save…`);
    const stampede = await coldStampede(server.url, cookie, name);
    log(`${name}: /cv.pdf typeset after a change (sample content, then a large CV), and cached under load…`);
    const cv = await benchCv(server.url, cookie, DURATION_S);

    const anonymous = rows.filter((row) => row.goal);
    const slowest = anonymous.reduce((low, row) => (row.requestsPerSecond < low.requestsPerSecond ? row : low));
    const slowestShare = slowest.requestsPerSecond / reference.requestsPerSecond;
    console.log(`\n${kind.title}\n${table(rows, reference, kind.goal)}`);
    console.log(`  (< : under the goal for this server, ${percent(kind.goal)} of the static file; > : a page over ${kB(HTML_LIMIT_BYTES)} kB of HTML or ${kB(GZIP_LIMIT_BYTES)} kB gzipped)`);
    const saveLine = (save: Save) => (save.ok ? `save ${save.ms.toFixed(0)} ms` : `save FAILED (${save.error})`);
    console.log(
      [
        `write during load  ${WRITE_PAGE}: ${write.requests} requests, p99 ${write.p99} ms, max ${write.max} ms, failed ${write.failures}; ` +
          `in the ${AFTER_SAVE_MS / 1000} s after the save: ${write.afterSaveRequests} requests, p99 ${write.afterSaveP99} ms, max ${write.afterSaveMax} ms; ` +
          `${saveLine(write.save)}; next request ${write.nextRequestMs.toFixed(0)} ms, shows the save: ${write.fresh ? 'yes' : 'no'}`,
        `cold stampede      ${STAMPEDE} concurrent ${WRITE_PAGE} after a save: p50 ${stampede.p50} ms, max ${stampede.max} ms, failed ${stampede.failures}, ` +
          `stale ${stampede.stale}; ${saveLine(stampede.save)}`,
        cvBenchLines(cv),
        '',
      ].join('\n'),
    );
    const failed =
      rows.some((row) => row.failures > 0) ||
      write.failures > 0 ||
      !write.save.ok ||
      !write.fresh ||
      !stampede.save.ok ||
      stampede.failures > 0 ||
      stampede.stale > 0 ||
      cv.cached.failures > 0;
    return { name, slowest, slowestShare, write, stampede, cv, failed };
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  log(`${new Date().toISOString()}, ${os.cpus().length} cores, load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}.`);
  if ((await ensureBuild()) === 'built') log('Production build ready.');
  log('Citation formats: a paper in every CSL style and as RIS, in a process of their own…');
  const citations = citationsBenchLines(benchCitations());
  log('Add by identifier: an ORCID profile of 30 works looked up at slow, then instant, fake sources, in a process of its own…');
  const lookup = lookupBenchLines(benchLookup());
  log('Site search: 5,000 items on PGlite, then on a Postgres server, each in a process of its own…');
  const search = formatSearchBench(await searchBench());
  log(`Search burst: pages alone and under a burst of searches, ${DURATION_S} s each, on 5,000 items (npm start)…`);
  const burst = searchBurstLines(await benchSearchBurst(DURATION_S, ADMIN));
  log('Citation run: /research and a paper page idle, then while a run reads 500 papers from slow fake sources (npm start)…');
  const citationRun = citationRunTable(await benchCitationRun());
  log('Reader analytics: public pages alone, then beside 500 page-view beacons a second (npm start)…');
  const beaconFlood = beaconFloodTable(await benchBeaconFlood());
  const reports: ServerReport[] = [];
  for (const name of SELECTED) reports.push(await benchServer(name));
  console.log('Summary');
  console.log(`  ${citations}`);
  console.log(lookup.replace(/^/gm, '  '));
  console.log(search.replace(/^/gm, '  '));
  console.log(burst.replace(/^/gm, '  '));
  console.log(citationRun.replace(/^/gm, '  '));
  console.log(beaconFlood.replace(/^/gm, '  '));
  for (const report of reports) {
    const kind = SERVERS[report.name];
    const met = (ok: boolean) => (ok ? 'met' : 'missed');
    console.log(
      `  ${report.name.padEnd(10)}  slowest page ${report.slowest.label} ${percent(report.slowestShare)} of static (goal: ${kind.goalNote}; ${met(report.slowestShare >= kind.goal)}); ` +
        `write-run p99 ${report.write.p99} ms, max ${report.write.max} ms (goal < ${WRITE_P99_GOAL_MS} ms: ${met(report.write.p99 < WRITE_P99_GOAL_MS)}); ` +
        `next request after save fresh: ${report.write.fresh ? 'yes' : 'no'}; stampede max ${report.stampede.max} ms, stale ${report.stampede.stale}` +
        (report.failed ? '; FAILED requests or stale reads' : ''),
    );
  }
  log(`Finished ${new Date().toISOString()}.`);
  if (reports.some((report) => report.failed)) process.exitCode = 1;
}

await main();
