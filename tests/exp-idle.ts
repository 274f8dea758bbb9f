import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { startSite } from './helpers/site-server';
import { chromiumLaunch } from '../playwright.config';
import { ADMIN, AUTH_SECRET } from './e2e/fixtures/auth';
function cpuAll(): number { let sum = 0;
  for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try {
    const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8'); if (!cmd.includes('chromium')) continue;
    const s = readFileSync(`/proc/${d}/stat`, 'utf8'); const r = s.slice(s.lastIndexOf(')') + 2).split(' '); sum += +r[11]! + +r[12]!; } catch {} }
  return sum / 100; }
const site = await startSite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET } });
const browser = await chromium.launch(chromiumLaunch);
const ctx = await browser.newContext({ baseURL: site.url });
const page = await ctx.newPage();
await page.goto('/admin/login');
await page.getByLabel('Email').fill(ADMIN.email);
await page.getByLabel('Password').fill(ADMIN.password);
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForURL((u) => u.pathname !== '/admin/login');
for (const p of ['about:blank', '/', '/about', '/research', '/blog', '/cv', '/admin', '/admin/settings', '/admin/research', '/admin/experience', '/admin/blog/new']) {
  if (p === 'about:blank') await page.goto(p); else await page.goto(p, { waitUntil: 'networkidle' });
  await new Promise((r) => setTimeout(r, 1000));
  const c0 = cpuAll(); await new Promise((r) => setTimeout(r, 4000));
  console.log(p.padEnd(20), 'idle chromium cpu per s', ((cpuAll() - c0) / 4).toFixed(3));
}
await browser.close(); await site.stop();
