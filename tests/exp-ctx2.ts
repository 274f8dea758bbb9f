import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { chromiumLaunch } from '../playwright.config';
function cpuOfTree(rootPid: number): number {
  const parent = new Map<number, number>(); const ticks = new Map<number, number>();
  for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try {
    const s = readFileSync(`/proc/${d}/stat`, 'utf8'); const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
    parent.set(+d, +rest[1]!); ticks.set(+d, +rest[11]! + +rest[12]! + +rest[13]! + +rest[14]!); } catch {} }
  let sum = 0; for (const [pid, t] of ticks) { let p: number | undefined = pid; while (p && p !== rootPid && p !== 1) p = parent.get(p); if (p === rootPid) sum += t; }
  return sum / 100;
}
const extra = process.argv.slice(2);
const browser = await chromium.launch({ ...chromiumLaunch, args: [...chromiumLaunch.args, ...extra] });
let bpid = 0; for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { const s = readFileSync(`/proc/${d}/stat`, 'utf8'); const rest = s.slice(s.lastIndexOf(')') + 2).split(' '); if (+rest[1]! === process.pid && s.includes('chrom')) bpid = +d; } catch {} }
const N = 20;
async function measure(name: string, fn: () => Promise<void>) {
  const c0 = cpuOfTree(bpid); const t0 = Date.now();
  for (let i = 0; i < N; i++) await fn();
  await new Promise((r) => setTimeout(r, 1000));
  console.log(name.padEnd(28), 'per op wall', ((Date.now() - t0 - 1000) / N).toFixed(0), 'ms, chromium cpu', ((cpuOfTree(bpid) - c0) / N).toFixed(3), 's');
}
await measure('warmup ctx+page', async () => { const c = await browser.newContext(); await c.newPage(); await c.close(); });
await measure('context only', async () => { const c = await browser.newContext(); await c.close(); });
const shared = await browser.newContext();
await measure('page only (shared ctx)', async () => { const p = await shared.newPage(); await p.close(); });
await measure('ctx+page', async () => { const c = await browser.newContext(); await c.newPage(); await c.close(); });
await measure('ctx+page+about:blank goto', async () => { const c = await browser.newContext(); const p = await c.newPage(); await p.goto('data:text/html,<p>hi'); await c.close(); });
await browser.close();
