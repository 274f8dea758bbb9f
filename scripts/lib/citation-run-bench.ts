/**
 * The citation run's part of `npm run bench` (issue 46): "page p99 during a run of 500 papers within 10 % of
 * idle". On `npm start`'s server with the sample content and 500 more papers, each with a DOI that the fake
 * sources (tests/helpers/fake-scholarly-server.ts) know as `10.5555/bench.{n}`, every answer held back
 * DELAY_MS as a remote API's would be:
 *  1. idle: /research and one paper's page loaded in turn with autocannon (10 connections, DURATION_S each);
 *  2. during a run: the run started through POST /api/refresh (as an outside scheduler does), then the same
 *     loads at once, while it asks OpenAlex for the 500 papers, four at a time, and writes their counts.
 * Reported: each page's p50/p99 and req/s idle and during the run, the p99's ratio (goal: at most 1.10), the
 * OpenAlex requests answered during the measurement (the run was going on throughout), and the run's length.
 * Alone: `npx tsx scripts/lib/citation-run-bench.ts` (the build must exist: `npm run build` or `npm start` once).
 */
import { randomBytes } from 'node:crypto';

import { fakeScholarlyEnv, startFakeScholarlyServer } from '../../tests/helpers/fake-scholarly-server';
import { startSite, tempDataDir } from '../../tests/helpers/site-server';
import { ADMIN, callAction, signIn } from './admin-http';
import { loadTest } from './load-test';

/** A remote API's answer time (OpenAlex answers in 100 to 300 ms): the run outlasts both measurements. */
const DELAY_MS = 200;
const PAPERS = 500;
const DURATION_S = 10;
/** Papers added by one import (the import's own limit is 150). */
const BATCH = 100;

interface PageFigures {
  path: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

export interface CitationRunBench {
  papers: number;
  delayMs: number;
  idle: PageFigures[];
  during: PageFigures[];
  /** OpenAlex answers sent while the pages were measured during the run, and in all. */
  askedDuring: number;
  askedInAll: number;
  runMs: number;
}

async function measure(baseUrl: string, path: string): Promise<PageFigures> {
  const result = await loadTest({ url: `${baseUrl}${path}`, connections: 10, duration: DURATION_S });
  return {
    path,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export async function benchCitationRun(): Promise<CitationRunBench> {
  const sources = await startFakeScholarlyServer(0, { delayMs: DELAY_MS });
  const secret = randomBytes(24).toString('hex');
  const site = await startSite({
    dataDir: tempDataDir(),
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...fakeScholarlyEnv(sources.url), REFRESH_SECRET: secret },
    timeoutMs: 600_000,
  });
  try {
    const cookie = await signIn(site.url);
    const base = 40_000_000;
    let firstId = '';
    for (let start = 0; start < PAPERS; start += BATCH) {
      const papers = Array.from({ length: Math.min(BATCH, PAPERS - start) }, (_, index) => {
        const n = base + start + index;
        return { title: `Bench paper ${n}`, journal: 'J', authors: 'A. Author', date: '2024-01-01', abstract: '', link: '', pdfUrl: '', tags: '', doi: `10.5555/bench.${n}`, arxivId: '', status: 'published' };
      });
      const response = await callAction(site.url, cookie, 'research', 'importLookedUpAction', [papers, 'as-source']);
      const text = await response.text();
      if (!text.includes('"ok":true')) throw new Error(`Adding the papers failed: ${text.slice(0, 300)}`);
      firstId ||= /"id":"([0-9a-f-]{36})"/.exec(text)?.[1] ?? '';
    }
    const paths = ['/research', `/research/${firstId}`];
    for (const path of paths) await fetch(`${site.url}${path}`).then((response) => response.text());

    const idle: PageFigures[] = [];
    for (const path of paths) idle.push(await measure(site.url, path));

    const openalex = () => sources.requests.filter((request) => request.path.startsWith('/openalex/') && request.endedAt !== null).length;
    const started = performance.now();
    const answer = await fetch(`${site.url}/api/refresh`, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
    if (answer.status !== 202) throw new Error(`POST /api/refresh answered ${answer.status}`);
    const before = openalex();
    const during: PageFigures[] = [];
    for (const path of paths) during.push(await measure(site.url, path));
    const askedDuring = openalex() - before;
    // The run's end: every paper asked (the fake answers each DOI once per run).
    while (openalex() < PAPERS) await new Promise((resolve) => setTimeout(resolve, 200));
    const runMs = performance.now() - started;
    return { papers: PAPERS, delayMs: DELAY_MS, idle, during, askedDuring, askedInAll: openalex(), runMs };
  } finally {
    await site.stop();
    await sources.close();
  }
}

export function citationRunTable(bench: CitationRunBench): string {
  const lines = [
    `Citation run (issue 46): ${bench.papers} papers, sources answering in ${bench.delayMs} ms; pages under 10 connections, idle and during the run`,
    '| page | idle p50 / p99 ms | idle req/s | during p50 / p99 ms | during req/s | p99 during ÷ idle (goal ≤ 1.10) |',
    '|---|---|---|---|---|---|',
  ];
  bench.idle.forEach((idle, index) => {
    const during = bench.during[index]!;
    const ratio = during.p99 / Math.max(1, idle.p99);
    lines.push(`| ${idle.path.replace(/[0-9a-f-]{36}/, '{id}')} | ${idle.p50} / ${idle.p99} | ${idle.rps} | ${during.p50} / ${during.p99} | ${during.rps} | ${ratio.toFixed(2)}${ratio > 1.1 ? ' >' : ''} |`);
  });
  lines.push(
    `OpenAlex answers during the measurement: ${bench.askedDuring} (the run was going on throughout: ${bench.askedDuring < bench.papers ? 'yes' : 'no, it ended first'}); in all ${bench.askedInAll}; the run took ${(bench.runMs / 1000).toFixed(1)} s.`,
  );
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchCitationRun()
    .then((bench) => console.log(citationRunTable(bench)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
