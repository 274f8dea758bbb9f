import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { loadTest } from './load-test';
import { startSite, tempDataDir } from '../../tests/helpers/site-server';
const PAGES = ['/', '/about', '/research', '/blog', '/cv'];
const wrk = (url: string) => new Promise<string>((resolve) => { const c = spawn('wrk', ['-t1', '-c10', '-d10s', '-s', '/tmp/beacon.lua', url]); let out = ''; c.stdout.on('data', (d) => (out += d)); c.on('close', () => resolve(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? out)); });
const trivial = createServer((q, r) => { q.resume(); q.on('end', () => r.writeHead(204).end()); });
await new Promise<void>((r) => trivial.listen(0, '127.0.0.1', r));
const trivialUrl = `http://127.0.0.1:${(trivial.address() as { port: number }).port}`;
const site = await startSite({ dataDir: tempDataDir(), env: { TRUST_PROXY: '1' }, timeoutMs: 600_000 });
const pages = () => loadTest({ url: site.url, connections: 10, duration: 10, requests: PAGES.map((path) => ({ method: 'GET' as const, path })) });
try {
  await pages(); await wrk(site.url);
  for (let i = 0; i < 3; i++) {
    const idle = await pages();
    const [a, wa] = await Promise.all([pages(), wrk(trivialUrl)]);
    const [b, wb] = await Promise.all([pages(), wrk(site.url)]);
    console.log(`idle p99 ${idle.latency.p99} rps ${Math.round(idle.requests.average)} | wrk→trivial p99 ${a.latency.p99} rps ${Math.round(a.requests.average)} (${wa}/s) | wrk→site p99 ${b.latency.p99} rps ${Math.round(b.requests.average)} (${wb}/s)`);
  }
} finally { await site.stop(); trivial.close(); }
