/**
 * Export and import from the admin area under load (issue 36), a focused bench: `npm run bench:site-content`
 * after `npm run build`. A site (`npm start`'s script, embedded mode) with the sample content and 500 MB of stored
 * PDFs (50 files of 10 MB) is exported through Settings → Site content's endpoints, the archive downloaded to
 * disk, then uploaded back in parts and checked (the preview); meanwhile public pages are loaded by autocannon.
 * Reported: the server's resident memory (the process tree's, sampled every 100 ms) before and at its peak in
 * each phase, how long each phase took, and the pages' p50/p99 alone and during each phase.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type autocannon from 'autocannon';
import { formatBytes, KB, MB } from '../../lib/bytes.mjs';
import { loadTest } from './load-test';
import { startSite, tempDataDir } from '../../tests/helpers/site-server';
import { ADMIN, signIn } from './admin-http';

const FILES = Number(process.env.BENCH_FILES ?? 50);
const FILE_BYTES = 10 * MB;
const PAGES = ['/', '/about', '/research', '/blog'];

/** The resident memory of a process and its descendants, in bytes. */
function treeRss(pid: number): number {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const inTree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of table) if (inTree.has(parent) && !inTree.has(child)) grew = inTree.add(child).size > 0;
  }
  return table.filter(([child]) => inTree.has(child)).reduce((sum, [, , rss]) => sum + rss * KB, 0);
}

function pagesLoad(url: string, until: Promise<unknown>): Promise<autocannon.Result> {
  return loadTest({ url, connections: 4, duration: 3600, requests: PAGES.map((p) => ({ method: 'GET' as const, path: p })) }, { until });
}


async function main(): Promise<void> {
  const dataDir = tempDataDir('site-content-bench-');
  const work = path.join(os.tmpdir(), `site-content-bench-${process.pid}`);
  mkdirSync(work, { recursive: true });
  try {
    const bucket = path.join(dataDir, 'storage', 'research-papers', 'bench');
    mkdirSync(bucket, { recursive: true });
    for (let index = 0; index < FILES; index += 1) {
      const body = randomBytes(FILE_BYTES - 32);
      writeFileSync(path.join(bucket, `paper-${index}.pdf`), Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), body, Buffer.from('\n%%EOF\n')]));
    }
    const site = await startSite({ dataDir, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, timeoutMs: 600_000 });
    try {
      const pid = site.child.pid!;
      const cookie = await signIn(site.url);
      const headers = { cookie, origin: site.url };
      for (const pagePath of PAGES) await (await fetch(site.url + pagePath)).arrayBuffer();

      const idle = new Promise((resolve) => setTimeout(resolve, 5_000));
      const alone = await pagesLoad(site.url, idle);
      const rssBefore = treeRss(pid);

      const sample = (phase: Promise<unknown>) => {
        let peak = treeRss(pid);
        const timer = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 100);
        return phase.finally(() => clearInterval(timer)).then(() => peak);
      };

      // 1. Export: prepared, then downloaded to disk.
      const exportFile = path.join(work, 'export.tar.gz');
      const started = performance.now();
      const exporting = (async () => {
        const { id } = (await (await fetch(`${site.url}/admin/site-content/export`, { method: 'POST', headers })).json()) as { id: string };
        for (;;) {
          const state = (await (await fetch(`${site.url}/admin/site-content/export/${id}`, { headers })).json()) as { phase: string; error?: string };
          if (state.phase === 'failed') throw new Error(state.error);
          if (state.phase === 'ready') break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const prepared = performance.now();
        const response = await fetch(`${site.url}/admin/site-content/export/${id}/download`, { headers });
        await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>), createWriteStream(exportFile));
        return { preparedMs: prepared - started, totalMs: performance.now() - started };
      })();
      const [exportPeak, exportLoad, exportTimes] = await Promise.all([sample(exporting), pagesLoad(site.url, exporting), exporting]);

      // 2. Import: uploaded in parts, then checked whole (the preview); cancelled, so nothing is written.
      const size = statSync(exportFile).size;
      const importing = (async () => {
        const t0 = performance.now();
        const start = (await (
          await fetch(`${site.url}/admin/site-content/import`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ size }) })
        ).json()) as { id: string; chunkBytes: number };
        const handle = await open(exportFile, 'r');
        let state: { phase: string; error?: string } = { phase: 'uploading' };
        try {
          for (let offset = 0; offset < size; offset += start.chunkBytes) {
            const part = Buffer.alloc(Math.min(start.chunkBytes, size - offset));
            await handle.read(part, 0, part.length, offset);
            const response = await fetch(`${site.url}/admin/site-content/import/${start.id}?offset=${offset}`, { method: 'PUT', headers, body: part });
            state = (await response.json()) as typeof state;
            if (!response.ok) throw new Error(state.error);
          }
        } finally {
          await handle.close();
        }
        if (state.phase !== 'previewed') throw new Error(`The import was not previewed: ${JSON.stringify(state)}`);
        await fetch(`${site.url}/admin/site-content/import/${start.id}`, { method: 'DELETE', headers });
        return performance.now() - t0;
      })();
      const [importPeak, importLoad, importMs] = await Promise.all([sample(importing), pagesLoad(site.url, importing), importing]);

      const line = (label: string, load: autocannon.Result) =>
        `  ${label.padEnd(34)} pages ${load.requests.average.toFixed(0)}/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms, failed ${load.non2xx + load.errors}`;
      console.log(
        [
          `Site content from the admin area: ${FILES} stored files of ${formatBytes(FILE_BYTES)} (${formatBytes(FILES * FILE_BYTES)}), archive ${formatBytes(size)}`,
          `  server memory (process tree RSS): ${formatBytes(rssBefore)} before; peak ${formatBytes(exportPeak)} during the export and its download; peak ${formatBytes(importPeak)} during the upload and check`,
          `  export: prepared in ${(exportTimes.preparedMs / 1000).toFixed(1)} s, downloaded by ${(exportTimes.totalMs / 1000).toFixed(1)} s; upload and check: ${(importMs / 1000).toFixed(1)} s`,
          line('pages alone', alone),
          line('pages during the export', exportLoad),
          line('pages during the upload and check', importLoad),
        ].join('\n'),
      );
    } finally {
      await site.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
