import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { chromiumLaunch } from '../playwright.config';
function snapshot(): Map<number, { type: string; t: number; ppid: number }> {
  const m = new Map();
  for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try {
    const s = readFileSync(`/proc/${d}/stat`, 'utf8'); const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
    const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8'); if (!cmd.includes('chromium')) continue;
    const type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
    const sub = /--utility-sub-type=([\w.-]+)/.exec(cmd)?.[1] ?? '';
    m.set(+d, { type: type + (sub ? ':' + sub.split('.').pop() : ''), t: +rest[11]! + +rest[12]!, ppid: +rest[1]! }); } catch {} }
  return m;
}
const browser = await chromium.launch({ ...chromiumLaunch, args: [...chromiumLaunch.args, ...process.argv.slice(2)] });
const shared = await browser.newContext(); const keep = await shared.newPage();
await new Promise((r) => setTimeout(r, 1000));
const before = snapshot();
for (let i = 0; i < 20; i++) { const c = await browser.newContext(); await c.newPage(); await c.close(); }
await new Promise((r) => setTimeout(r, 1000));
const after = snapshot();
const byType = new Map<string, number>();
for (const [pid, a] of after) { const b = before.get(pid); byType.set(a.type, (byType.get(a.type) ?? 0) + a.t - (b?.t ?? 0)); }
console.log([...byType].map(([k, v]) => `${k}: ${(v / 100 / 20).toFixed(3)}`).join('\n'));
await browser.close();
