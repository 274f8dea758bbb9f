/**
 * The citation run's part of `npm run bench` (issue 46): "page p99 during a run of 500 papers within 10 % of
 * idle". On `npm start`'s server with the sample content and 500 more papers, each with a DOI that the fake
 * sources (tests/helpers/fake-scholarly-server.ts) know as `10.5555/bench.{n}`, every answer held back
 * DELAY_MS as a remote API's would be:
 *  1. idle: /research, then one paper's page, loaded with autocannon (10 connections, DURATION_S);
 *  2. during a run: a run started through POST /api/refresh (as an outside scheduler does), then the same
 *     load at once, while it asks OpenAlex for the 500 papers, four at a time, and writes their counts;
 *  each page ROUNDS times, idle and during a run in turn (every run reads all 500 again), the medians reported.
 * Reported: each page's p50/p99 and req/s idle and during the run, the p99's ratio (goal: at most 1.10), the
 * OpenAlex requests answered during the measurement (the run was going on throughout), and the run's length.
 * Alone: `npx tsx scripts/lib/citation-run-bench.ts` (the build must exist: `npm run build` or `npm start` once).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';

import { fakeScholarlyEnv } from '../../tests/helpers/fake-scholarly-server';
import { runScript, startSite, tempDataDir } from '../../tests/helpers/site-server';
import { actionId, ADMIN, callAction, signIn } from './admin-http';
import { loadTest } from './load-test';

/** A remote API's answer time (OpenAlex answers in 100 to 300 ms): the run outlasts both measurements. */
const DELAY_MS = 200;
const PAPERS = 500;
const DURATION_S = 10;
/** Papers added by one import (the import's own limit is 150). */
const BATCH = 100;
/** Idle and during-a-run measurements of each page, alternating: the figures are the medians. */
const ROUNDS = 5;

/** The round with the median p99. */
function median(rounds: PageFigures[]): PageFigures {
  return [...rounds].sort((a, b) => a.p99 - b.p99)[Math.floor(rounds.length / 2)]!;
}

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
  /** Whether every measurement during a run ended with the run still going. */
  runOutlasted: boolean;
  /** The longest run, and the papers it checked. */
  runMs: number;
  papersChecked: number;
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

/** The fake sources in a process of their own, so that answering the run costs the measuring process nothing. */
async function startSources(): Promise<{ url: string; stop(): Promise<unknown> }> {
  const child = runScript('tests/helpers/fake-scholarly-server.ts', ['--port', '0', '--delay', String(DELAY_MS)]);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(child.output())?.[0];
    if (url) return { url, stop: () => (child.child.kill('SIGTERM'), child.exited) };
    if (Date.now() > deadline) throw new Error(`The fake sources did not start:\n${child.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The run's status as Settings reads it (its server action): whether it is running, and what it checked. */
async function runStatus(baseUrl: string, cookie: string): Promise<{ running: boolean; finishedAt: string | null; papersChecked: number }> {
  const response = await fetch(`${baseUrl}/admin/settings`, {
    method: 'POST',
    headers: {
      'Next-Action': actionId('citationStatusAction', 'app/admin/(guarded)/settings/actions.ts'),
      'Content-Type': 'text/plain;charset=UTF-8',
      Accept: 'text/x-component',
      Origin: baseUrl,
      Cookie: cookie,
    },
    body: '[]',
  });
  const text = await response.text();
  const running = /"running":(true|false)/.exec(text)?.[1];
  if (!running) throw new Error(`The run's status could not be read: ${text.slice(0, 300)}`);
  return {
    running: running === 'true',
    finishedAt: /"finishedAt":"([^"]+)"/.exec(text)?.[1] ?? null,
    papersChecked: Number(/"papersChecked":(\d+)/.exec(text)?.[1] ?? 0),
  };
}

export async function benchCitationRun(): Promise<CitationRunBench> {
  const sources = await startSources();
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
    // Warmed up under the same load first, so that idle is not measured on a colder server than the run is.
    for (const path of paths) await loadTest({ url: `${site.url}${path}`, connections: 10, duration: 5 });

    const idle: PageFigures[] = [];
    const during: PageFigures[] = [];
    let runOutlasted = true;
    let runMs = 0;
    let papersChecked = 0;
    // Each page ROUNDS times: idle, then during a run of its own (every run asks all 500 again); the medians.
    for (const path of paths) {
      const idleRounds: PageFigures[] = [];
      const duringRounds: PageFigures[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        idleRounds.push(await measure(site.url, path));
        const started = performance.now();
        const answer = await fetch(`${site.url}/api/refresh`, { method: 'POST', headers: { authorization: `Bearer ${secret}` } });
        if (answer.status !== 202) throw new Error(`POST /api/refresh answered ${answer.status}`);
        duringRounds.push(await measure(site.url, path));
        if (!(await runStatus(site.url, cookie)).running) runOutlasted = false;
        for (;;) {
          const status = await runStatus(site.url, cookie);
          if (!status.running && status.finishedAt) {
            papersChecked = status.papersChecked;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        runMs = Math.max(runMs, performance.now() - started);
        // The run's end expired the counts' pages: rendered again before the next idle measurement, as during the run.
        for (let request = 0; request < 5; request += 1) await fetch(`${site.url}${path}`).then((response) => response.text());
      }
      idle.push(median(idleRounds));
      during.push(median(duringRounds));
    }
    return { papers: PAPERS, delayMs: DELAY_MS, idle, during, runOutlasted, runMs, papersChecked };
  } finally {
    await site.stop();
    rmSync(site.dataDir, { recursive: true, force: true });
    await sources.stop();
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
    `Medians of ${ROUNDS} rounds each; the fake sources in a process of their own. The run outlasted every measurement: ${bench.runOutlasted ? 'yes' : 'no'}; a run took at most ${(bench.runMs / 1000).toFixed(1)} s and checked ${bench.papersChecked} papers.`,
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
