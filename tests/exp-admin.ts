import { chromium } from '@playwright/test';
import { startSite } from './helpers/site-server';
import { chromiumLaunch } from '../playwright.config';
import { ADMIN, AUTH_SECRET } from './e2e/fixtures/auth';
import { readFileSync } from 'node:fs';
function cpu(pid: number) { const s = readFileSync(`/proc/${pid}/stat`, 'utf8'); const r = s.slice(s.lastIndexOf(')') + 2).split(' '); return (+r[11]! + +r[12]!) / 100; }
const site = await startSite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET } });
const browser = await chromium.launch(chromiumLaunch);
const ctx = await browser.newContext({ baseURL: site.url });
const page = await ctx.newPage();
let t = Date.now();
await page.goto('/admin/login');
await page.getByLabel('Email').fill(ADMIN.email);
await page.getByLabel('Password').fill(ADMIN.password);
await page.getByRole('button', { name: 'Login' }).click();
await page.waitForURL((u) => u.pathname !== '/admin/login');
console.log('sign in', Date.now() - t);
for (let round = 0; round < 3; round++) for (const p of ['/admin', '/admin/settings', '/admin/users', '/admin/about', '/admin/blog', '/', '/about']) {
  const c0 = cpu(site.child.pid!); t = Date.now();
  const resp = await page.goto(p, { waitUntil: 'load' });
  const tl = Date.now() - t;
  console.log(round, p, resp?.status(), 'load', tl, 'ms server cpu', (cpu(site.child.pid!) - c0).toFixed(2));
}
await browser.close(); await site.stop();
