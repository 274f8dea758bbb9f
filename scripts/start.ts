/**
 * `npm start` (and `npm run dev` with --dev): the two-command path on top of what `next start` does.
 * The startup work itself (database, migrations, seed, admin, storage check, setup link) is
 * lib/startup.ts, which Next's instrumentation hook runs under plain `next start`, so that runs the same
 * product; here it is called before the server listens. This script adds only:
 *  - a production build when the sources changed since the last one;
 *  - an HTTP server in front of Next's handler that hands every request to Next as it came: the answers
 *    are plain `next start`'s (tests/e2e/both-servers.spec.ts runs the same assertions against both). The
 *    connection's address is appended to X-Forwarded-For for the client-address rule (TRUST_PROXY,
 *    lib/client-address.ts) from the first request on, as under `next start` once the app has loaded;
 *  - a clean stop: requests in flight finish, then the database closes.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { recordConnectionAddresses } from '@/lib/client-address';
import { acquireDataDirLock, DataDirLockedError } from '@/lib/db/lock';
import { EnvError, parseEnv, type Env } from '@/lib/env';
import { listeningAddress } from '@/lib/startup-address';
import { ensureBuild } from './lib/build';
import { fail, loadEnvFiles, log } from './lib/cli';

const dev = process.argv.includes('--dev');
process.env.NEXT_TELEMETRY_DISABLED = '1';
// Next.js reads NODE_ENV when it loads, so it is set before `next` is imported below.
(process.env as Record<string, string>).NODE_ENV = dev ? 'development' : 'production';
// This script drains requests and closes the database itself on a stop signal (see stop() below).
process.env.NEXT_MANUAL_SIG_HANDLE = 'true';

const root = path.resolve(import.meta.dirname, '..');
/** How long in-flight requests may take to finish after a stop signal before they are cut. */
const DRAIN_MS = 10_000;
/** How long an idle connection stays open for its next request (see where it is set). */
const KEEP_ALIVE_MS = 65_000;

/**
 * Refuses at once, before any build, when another live process holds the embedded data directory:
 * rebuilding .next under a server that is still running would break that server.
 */
function checkDataDirIsFree(env: Env): void {
  if (env.DATABASE_URL) return;
  acquireDataDirLock(env.dataDir, 'a start check').release();
}

async function main(): Promise<void> {
  loadEnvFiles(dev);
  const env = parseEnv();
  checkDataDirIsFree(env);
  // NEXT_DIST_DIR (read by next.config.mjs) names another build folder: the build is checked and made there.
  const distDir = process.env.NEXT_DIST_DIR;
  if (!dev && (await ensureBuild(distDir ? { variant: { distDir, env: {} } } : {})) === 'built') log('Production build ready.');

  // The setup link is built from PORT, as under `next start`.
  process.env.PORT = String(env.PORT);
  // A programmatic Next server runs the instrumentation hook only at its first request; the startup work
  // runs here instead, before the server listens, and the hook then finds the database open.
  const { releaseDatabase, startUp } = await import('@/lib/startup');
  await startUp({ purpose: dev ? 'the dev server' : 'the site server' });
  const { default: next } = await import('next');
  const hostname = env.HOST ?? 'localhost';
  const app = next({ dev, dir: root, hostname, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();

  // Before the server listens, so that no request reaches Next without its connection's address.
  recordConnectionAddresses();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    res.on('finish', () => {
      if (res.statusCode === 404) console.warn(`[404] ${req.method} ${JSON.stringify(req.url)}`);
    });
    handle(req, res).catch((error: unknown) => {
      console.error('Request failed', error);
      if (!res.headersSent) res.writeHead(500).end('Internal Server Error');
    });
  });
  // An idle connection stays open longer than a reverse proxy or client keeps it for reuse (nginx's
  // upstream keepalive: 60 s). Node's default, 5 s, closes connections the other side is about to send
  // on: the request fails with a reset (a 502 behind nginx).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  log(`Ready on ${listeningAddress(server.address(), env.HOST)} (${env.mode} mode${env.mode === 'embedded' ? `, data in ${env.dataDir}` : ''})`);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: finishing requests in flight, then closing the database.`);
    const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    server.close(() => {
      clearTimeout(cut);
      releaseDatabase()
        .then(() => {
          log('Stopped.');
          process.exit(0);
        })
        .catch((error: unknown) => {
          console.error('Closing the database failed', error);
          process.exit(1);
        });
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) fail(error.message);
  if (error instanceof DataDirLockedError) {
    fail(`${error.message}\nOnly one process may use a data directory at a time: stop it first, or set DATA_DIR to another directory.`);
  }
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
