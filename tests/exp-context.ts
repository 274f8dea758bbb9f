import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { startSite } from './helpers/site-server';
import { chromiumLaunch } from '../playwright.config';

function cpuOfTree(rootPid: number): number {
  // sum utime+stime (ticks) of every process whose ancestry includes rootPid
  const parent = new Map<number, number>(); const ticks = new Map<number, number>();
  for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try {
    const s = readFileSync(`/proc/${d}/stat`, 'utf8'); const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
    parent.set(+d, +rest[1]!); ticks.set(+d, +rest[11]! + +rest[12]! + +rest[13]! + +rest[14]!); } catch {} }
  let sum = 0; for (const [pid, t] of ticks) { let p: number | undefined = pid; while (p && p !== rootPid && p !== 1) p = parent.get(p); if (p === rootPid) sum += t; }
  return sum / 100;
}
const site = await startSite();
const paths = ['/', '/about', '/research', '/blog', '/cv', '/projects'];
const N = 4;
for (const mode of ['fresh', 'samepage', 'shared', 'fresh', 'samepage', 'shared']) {
  const browser = await chromium.launch(chromiumLaunch);
  // find browser pid: newest chromium process child of us
  const pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);
  let bpid = 0; for (const p of pids) { try { const s = readFileSync(`/proc/${p}/stat`, 'utf8'); const rest = s.slice(s.lastIndexOf(')') + 2).split(' '); if (+rest[1]! === process.pid && s.includes('chrom')) bpid = p; } catch {} }
  const c0 = cpuOfTree(bpid); const s0 = cpuOfTree(site.child.pid!); const t0 = Date.now();
  const shared = await browser.newContext();
  const one = await shared.newPage();
  for (let i = 0; i < N; i++) for (const p of paths) {
    if (mode === 'samepage') { await one.goto(site.url + p, { waitUntil: 'load' }); continue; }
    const ctx = mode === 'shared' ? shared : await browser.newContext();
    const page = await ctx.newPage(); await page.goto(site.url + p, { waitUntil: 'load' }); await page.close();
    if (mode !== 'shared') await ctx.close();
  }
  const c1 = cpuOfTree(bpid); const s1 = cpuOfTree(site.child.pid!);
  console.log(mode, 'loads', N * paths.length, 'wall', Date.now() - t0, 'ms chromium cpu', (c1 - c0).toFixed(2), 's server cpu', (s1 - s0).toFixed(2));
  await browser.close();
}
await site.stop();
