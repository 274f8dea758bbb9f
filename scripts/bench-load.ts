/**
 * `npm run bench:load`: load and faults (issue 15), a benchmark, not a test.
 *
 * 1. Mixed public reads for 60 s at the highest rate the machine sustains (autocannon, 16 connections,
 *    cycling through the public pages) while the admin saves a paper every second through the editor's
 *    own server action, and reads each save back from its public page at once. Reported: reads per
 *    second, p50/p99 latency, failed requests; saves, their p99, and any save lost or torn (its title
 *    and its abstract's checksum not both on its page).
 * 2. The server killed with SIGKILL ten times while the admin writes as fast as it can, and restarted on
 *    the same data directory each time: every write the server acknowledged must be there afterwards.
 *
 * Starts its own production servers (`npm start`'s script) on seeded data in a temporary DATA_DIR; the
 * build must be current (`npm run build`). Run it on a quiet machine: `npm run bench:load`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';

import { chromiumLaunch } from '../tests/helpers/chromium';
import { repoRoot, startSite, tempDataDir, type SiteServer } from '../tests/helpers/site-server';
import { isBuildCurrent } from './lib/build';
import { fail, log } from './lib/cli';

const ADMIN = { email: 'bench-owner@example.com', password: 'bench-owner-password-1' };
const ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
const READ_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CONNECTIONS = 16;
const KILLS = 10;
const PAGES = ['/', '/about', '/experience', '/projects', '/research', '/cv', '/blog', '/blog/computing-zeros-of-the-zeta-function-with-python', '/personal'];

function actionId(name: string): string {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, '.next', 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === name);
  if (!found) fail(`No server action ${name} in the build.`);
  return found[0];
}

/** Signs in through the login page in Chromium and answers the session cookies as a Cookie header. */
async function signIn(baseUrl: string): Promise<string> {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname !== '/admin/login');
    return (await page.context().cookies())
      .filter((cookie) => cookie.name.startsWith('pf-'))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  } finally {
    await browser.close();
  }
}

const checksum = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A paper whose abstract carries its title's checksum: a torn write cannot show both. */
function paper(title: string) {
  return { title, journal: 'Load', authors: 'Bench', date: '2025-01-01', abstract: `check-${checksum(title)}`, link: '', pdfUrl: '', tags: '', doi: '', arxivId: '', status: 'published' };
}

/** Saves through the editor's action; answers the stored paper's id, or null when the server did not acknowledge it. */
async function save(baseUrl: string, cookie: string, id: string, title: string): Promise<string | null> {
  const response = await fetch(baseUrl, {
    method: 'POST',
    headers: { 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8', Accept: 'text/x-component', Origin: baseUrl, Cookie: cookie },
    body: JSON.stringify([paper(title)]),
  });
  const text = await response.text();
  if (!response.ok || !text.includes('"ok":true')) return null;
  return /"id":"([0-9a-f-]{36})"/.exec(text)?.[1] ?? null;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function loadWithWrites(): Promise<boolean> {
  log('Load: starting the production site on seeded data…');
  const site = await startSite({ env: ENV, timeoutMs: 600_000 });
  try {
    const cookie = await signIn(site.url);
    const create = actionId('createPaperAction');
    for (const page of PAGES) await (await fetch(site.url + page)).arrayBuffer();
    log(`Load: ${READ_SECONDS} s of mixed public reads on ${CONNECTIONS} connections, a save every second…`);
    const reads = autocannon({ url: site.url, connections: CONNECTIONS, duration: READ_SECONDS, requests: PAGES.map((page) => ({ method: 'GET', path: page })) });
    const saves: { latency: number; ok: boolean; readBack: boolean }[] = [];
    let running = true;
    void reads.then(() => (running = false));
    const writer = (async () => {
      for (let n = 1; running; n += 1) {
        const started = Date.now();
        const title = `Load paper ${n} ${started}`;
        const id = await save(site.url, cookie, create, title).catch(() => null);
        const latency = Date.now() - started;
        let readBack = false;
        if (id) {
          const page = await (await fetch(`${site.url}/research/${id}`)).text();
          readBack = page.includes(title) && page.includes(`check-${checksum(title)}`);
        }
        saves.push({ latency, ok: id !== null, readBack });
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - started))));
      }
    })();
    const result = await reads;
    await writer;
    const failedReads = result.non2xx + result.errors + result.timeouts;
    const failedSaves = saves.filter((entry) => !entry.ok).length;
    const lostOrTorn = saves.filter((entry) => entry.ok && !entry.readBack).length;
    console.log(
      [
        '',
        `reads   ${result.requests.total} in ${READ_SECONDS} s = ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, failed ${failedReads}`,
        `saves   ${saves.length}, p50 ${percentile(saves.map((entry) => entry.latency), 50)} ms, p99 ${percentile(saves.map((entry) => entry.latency), 99)} ms, failed ${failedSaves}, lost or torn ${lostOrTorn}`,
        '',
      ].join('\n'),
    );
    return failedReads === 0 && failedSaves === 0 && lostOrTorn === 0;
  } finally {
    await site.stop();
    rmSync(site.dataDir, { recursive: true, force: true });
  }
}

async function killDuringWrites(): Promise<boolean> {
  const dataDir = tempDataDir();
  const acknowledged: string[] = [];
  let site: SiteServer = await startSite({ dataDir, env: ENV, timeoutMs: 600_000 });
  const cookie = await signIn(site.url);
  const create = actionId('createPaperAction');
  let missing: string[] = [];
  try {
    for (let round = 1; round <= KILLS; round += 1) {
      let writing = true;
      const writer = (async () => {
        for (let n = 1; writing; n += 1) {
          const title = `Kill ${round} paper ${n}`;
          const id = await save(site.url, cookie, create, title).catch(() => null);
          if (id) acknowledged.push(title);
          else if (writing) break;
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 400 + Math.random() * 1200));
      await site.kill();
      writing = false;
      await writer;
      site = await startSite({ dataDir, env: ENV, timeoutMs: 600_000 });
      const research = await (await fetch(`${site.url}/research`)).text();
      missing = acknowledged.filter((title) => !research.includes(title));
      log(`Kill ${round}: ${acknowledged.length} acknowledged writes so far, ${missing.length} missing after the restart.`);
      if (missing.length > 0) break;
    }
    console.log(`\nSIGKILL ${KILLS}×: ${acknowledged.length} acknowledged writes, ${missing.length} missing${missing.length ? `: ${missing.slice(0, 5).join(', ')}` : ''}\n`);
    return missing.length === 0;
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!isBuildCurrent()) fail('The build is not current: run `npm run build` first.');
const loaded = await loadWithWrites();
const survived = await killDuringWrites();
if (!loaded || !survived) process.exitCode = 1;
