import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort, repoRoot } from './site-server';

/**
 * nginx with the caching configuration docs/deploy.md gives ("A CDN or nginx in front"), read from the
 * document itself so that what the document says is what the tests run. Only what a test machine cannot
 * have is changed: the TLS server listens on a loopback port without TLS (certbot's part), the redirect
 * from port 80 is left out, the cache and nginx's own files live in a temporary folder, and the upstream
 * is the site under test. Debian's nginx (`apt-get install nginx`; .ci/run installs it).
 */

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** The first ```nginx block after the heading: the whole site configuration of the CDN section. */
export function documentedNginxConfig(): string {
  const doc = readFileSync(path.join(repoRoot, 'docs', 'deploy.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## A CDN or nginx in front'));
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('docs/deploy.md has no nginx block under "A CDN or nginx in front"');
  return block;
}

/** The documented configuration, as this machine can run it (see the file's comment). */
export function testableNginxConfig(config: string, { port, upstreamPort, dir }: { port: number; upstreamPort: number; dir: string }): string {
  const replace = (text: string, pattern: RegExp, by: string) => {
    if (!pattern.test(text)) throw new Error(`docs/deploy.md's nginx block no longer has ${pattern}: update tests/helpers/nginx.ts`);
    return text.replace(pattern, by);
  };
  let site = config;
  site = replace(site, /proxy_cache_path \/var\/cache\/nginx\/portfolio/, `proxy_cache_path ${dir}/cache`);
  site = replace(site, /server\s*\{\s*listen 80;[\s\S]*?return 301[^}]*\}/, '');
  site = replace(site, /listen 443 ssl http2;\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${port};`);
  site = replace(site, /\s*ssl_certificate\s+[^;]+;\s*ssl_certificate_key\s+[^;]+;/, '');
  site = replace(site, /server 127\.0\.0\.1:3000;/, `server 127.0.0.1:${upstreamPort};`);
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    // Root starts nginx here (CI); its workers must write the temporary cache folder it made.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'events { worker_connections 256; }',
    'http {',
    '    access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${dir}/${kind};`),
    site,
    '}',
  ].join('\n');
}

export interface NginxServer {
  url: string;
  /** What nginx wrote to its error log so far. */
  errors(): string;
  stop(): Promise<void>;
}

/** Starts nginx in front of the site on `upstreamPort`; resolves once it answers. */
export async function startDocumentedNginx(upstreamPort: number): Promise<NginxServer> {
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed at ${NGINX} (Debian: apt-get install -y nginx; or set NGINX_PATH)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-nginx-'));
  mkdirSync(path.join(dir, 'cache'));
  const port = await freePort();
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, testableNginxConfig(documentedNginxConfig(), { port, upstreamPort, dir }));
  let output = '';
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const errors = () => `${output}${existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`;
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${errors()}`);
    try {
      await fetch(`${url}/robots.txt`);
      break;
    } catch {
      if (Date.now() - started > 10_000) throw new Error(`nginx did not answer within 10 s: ${errors()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    errors,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
