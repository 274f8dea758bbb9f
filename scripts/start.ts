/**
 * `npm start` (and `npm run dev` with --dev): one process that takes the data directory, builds when
 * the sources changed, migrates, seeds an empty database, serves, and shuts down cleanly on a signal.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { countAdmins, ensureAdmin } from '@/lib/auth/admin-provisioning';
import { issueSetupCode } from '@/lib/auth/setup';
import { DataDirLockedError } from '@/lib/db/lock';
import { migrate } from '@/lib/db/migrate';
import { openDatabase, type OpenedDatabase } from '@/lib/db/open';
import { seedSampleContent } from '@/lib/db/seed';
import { shareDatabase } from '@/lib/db/shared';
import { EnvError, parseEnv, type Env } from '@/lib/env';
import { installPageCache, pageCacheKey, recordIntoPageCache, serveFromPageCache } from '@/lib/page-cache';
import { checkStorageAtStartup } from '@/lib/storage/status';
import { ensureBuild } from './lib/build';
import { fail, loadEnvFiles, log } from './lib/cli';

const dev = process.argv.includes('--dev');
process.env.NEXT_TELEMETRY_DISABLED = '1';
// Next.js reads NODE_ENV when it loads, so it is set before `next` is imported below.
(process.env as Record<string, string>).NODE_ENV = dev ? 'development' : 'production';

const root = path.resolve(import.meta.dirname, '..');
/** How long in-flight requests may take to finish after a stop signal before they are cut. */
const DRAIN_MS = 10_000;

async function prepareData(env: Env): Promise<OpenedDatabase> {
  const opened = await openDatabase(env, { purpose: dev ? 'the dev server' : 'the site server' });
  try {
    const { applied } = await migrate(opened.db, { authBootstrap: env.mode !== 'supabase' });
    if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
    if (env.SEED_SAMPLE_CONTENT && (await seedSampleContent(opened.db))) log('Seeded sample content into the empty database.');
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const result = await ensureAdmin(opened.db, env, { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD });
      if (result !== 'already-admin') log(`Admin ${env.ADMIN_EMAIL} ${result === 'created' ? 'created' : 'promoted to admin'}.`);
    }
    return opened;
  } catch (error) {
    await opened.release();
    throw error;
  }
}

async function main(): Promise<void> {
  loadEnvFiles(dev);
  const env = parseEnv();
  // The lock comes before the build: rebuilding .next under a server that is still running would break it.
  const opened = await prepareData(env);
  await checkStorageAtStartup(env, log);
  if (!dev) {
    try {
      if ((await ensureBuild()) === 'built') log('Production build ready.');
    } catch (error) {
      await opened.release();
      throw error;
    }
  }
  shareDatabase(opened);

  const { default: next } = await import('next');
  const hostname = env.HOST ?? 'localhost';
  const app = next({ dev, dir: root, hostname, port: env.PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Finished public pages for anonymous visitors (lib/page-cache.ts); content writes empty it. The dev
  // server renders every request so that edits to the code show at once.
  const pageCache = dev ? null : installPageCache();

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // The client address feeds the sign-in rate limit. Only a reverse proxy we were told to trust may
    // name it; otherwise any client could send its own X-Forwarded-For and dodge the per-address limit.
    if (!env.TRUST_PROXY) {
      req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? 'unknown';
      delete req.headers['x-real-ip'];
    }
    res.on('finish', () => {
      if (res.statusCode === 404) console.warn(`[404] ${req.method} ${JSON.stringify(req.url)}`);
    });
    const cacheKey = pageCache ? pageCacheKey(req) : null;
    if (pageCache && cacheKey) {
      if (serveFromPageCache(pageCache, cacheKey, res)) return;
      recordIntoPageCache(pageCache, cacheKey, res);
    }
    handle(req, res).catch((error: unknown) => {
      console.error('Request failed', error);
      if (!res.headersSent) res.writeHead(500).end('Internal Server Error');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  if ((await countAdmins(opened.db)) === 0) {
    log(
      'No admin account yet. Create one with:\n' +
        "  npm run admin:create -- --email you@example.com --password 'a-long-password'\n" +
        '  (stop the server first), or start with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=... npm start,\n' +
        '  or open this one-time setup link (valid until used) to create the owner account in the browser:\n' +
        `  http://${hostname}:${port}/admin/setup?code=${issueSetupCode()}`,
    );
  }
  log(`Ready on http://${hostname}:${port} (${env.mode} mode${env.mode === 'embedded' ? `, data in ${env.dataDir}` : ''})`);

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
      opened
        .release()
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
