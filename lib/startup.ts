import { AdminSetupError, countAdmins, ensureAdmin } from '@/lib/auth/admin-provisioning';
import { issueSetupCode } from '@/lib/auth/setup';
import { needsAuthBootstrap } from '@/lib/auth/schema';
import { failedOpenMessage } from '@/lib/backup/latest';
import { startBackups, stopBackups } from '@/lib/backup/service';
import { DataDirLockedError } from '@/lib/db/lock';
import { migrate } from '@/lib/db/migrate';
import { DatabaseOpenError, openDatabase, type OpenedDatabase } from '@/lib/db/open';
import { seedSampleContent } from '@/lib/db/seed';
import { stopRefreshSchedule } from '@/lib/scholarly/refresh/slot';
import { databaseSlot, shareDatabase } from '@/lib/db/shared';
import { EnvError, parseEnv, type Env } from '@/lib/env';
import { checkStorageAtStartup } from '@/lib/storage/status';
import { expireBuildShells } from '@/lib/cache/build-shells';
import { refreshSharedTags } from '@/lib/cache/shared-cache.mjs';
import { publicCacheMismatch } from '@/lib/public-page-policy.mjs';

/**
 * What the server does before it serves, whichever way it was started (`next start`, `npm start`'s
 * server, `output: 'standalone'`, Vercel): take the database (and, embedded, the data-directory lock),
 * apply the migrations, seed an empty site, create the admin from ADMIN_EMAIL / ADMIN_PASSWORD, check
 * the storage buckets, and offer the one-time setup link while no admin exists. Called from
 * instrumentation.ts `register()`; no Next.js imports, since it runs before any request.
 */

function log(message: string): void {
  console.log(`▲ ${message}`);
}

/** Where the running server can be reached, for the setup link: HOST, else localhost; PORT as Next sets it. */
export function siteOrigin(env: Pick<Env, 'HOST' | 'PORT'>, port: string | undefined = process.env.PORT): string {
  const host = env.HOST && env.HOST !== '0.0.0.0' && env.HOST !== '::' ? env.HOST : 'localhost';
  return `http://${host.includes(':') ? `[${host}]` : host}:${port ?? env.PORT}`;
}

async function prepareData(env: Env, purpose: string): Promise<OpenedDatabase> {
  const opened = await openDatabase(env, { purpose });
  try {
    const { applied } = await migrate(opened.db, { authBootstrap: needsAuthBootstrap(env) });
    if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
    if (env.SEED_SAMPLE_CONTENT && (await seedSampleContent(opened.db))) log('Seeded sample content into the empty database.');
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      try {
        const result = await ensureAdmin(opened.db, env, { email: env.ADMIN_EMAIL.toLowerCase(), password: env.ADMIN_PASSWORD });
        if (result !== 'already-admin') log(`Admin ${env.ADMIN_EMAIL} ${result === 'created' ? 'created' : 'promoted to admin'}.`);
      } catch (error) {
        // The site still serves; the operator reads why the admin was not made and what to do.
        if (!(error instanceof AdminSetupError)) throw error;
        console.error(`✖ ADMIN_EMAIL: ${error.message}`);
      }
    }
    return opened;
  } catch (error) {
    await opened.release();
    throw error;
  }
}

/** Closes the database once (PGlite checkpoints, the data-directory lock is released). */
export async function releaseDatabase(): Promise<void> {
  // The citation run writes to the database: it stops first, its progress kept for the next run to resume.
  await stopRefreshSchedule().catch((error: unknown) => console.error('Stopping the citation run failed', error));
  // A write not yet in a backup gets one while the database is still open.
  await stopBackups().catch((error: unknown) => console.error('The last backup failed', error));
  const slot = databaseSlot();
  const opening = slot.opening;
  slot.opening = undefined;
  if (opening) await (await opening).release();
}

/**
 * Under `next start`, Next drains requests on SIGTERM/SIGINT and then calls process.exit. The database
 * must close after the last request and before the exit: the exit waits for it. Servers that handle
 * the signals themselves (NEXT_MANUAL_SIG_HANDLE, as `npm start`'s server does) call releaseDatabase().
 */
function closeDatabaseBeforeExit(): void {
  if (process.env.NEXT_MANUAL_SIG_HANDLE) return;
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: finishing requests in flight, then closing the database.`);
    const exit = process.exit.bind(process);
    process.exit = ((code?: number) => {
      releaseDatabase()
        .then(() => log('Stopped.'))
        .catch((error: unknown) => console.error('Closing the database failed', error))
        .finally(() => exit(code));
    }) as typeof process.exit;
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

/** Says where the shared cache is (without its password), and warns at once if it cannot be reached. */
async function checkSharedCache(redisUrl: string): Promise<void> {
  if (await refreshSharedTags()) log(`Cache shared with other instances through Redis at ${new URL(redisUrl).host}.`);
  // Otherwise lib/cache/shared-cache.mjs has said that Redis is unreachable and what that means.
}

/**
 * Said once at start-up in production without SITE_URL: the documents that need absolute addresses then take
 * them from each request's Host header, and are kept from shared caches for it (lib/site-url.ts).
 */
const SITE_URL_UNSET =
  'SITE_URL is not set: the feed, the sitemap and robots.txt take their addresses from each request\'s Host header, so no shared cache (CDN, proxy) may keep them, and pages carry no canonical link or absolute preview image. Set SITE_URL to the public address of the site (https://…).';

/**
 * Startup work; on a configuration or lock problem it says so and ends the process. `builtPublicCacheSeconds`
 * is the PUBLIC_CACHE_SECONDS the build was made with (instrumentation.ts passes it, '' when unset): a
 * server with another value is refused. `npm start` builds for its own environment and passes nothing.
 */
export async function startUp(options: { purpose?: string; builtPublicCacheSeconds?: string } = {}): Promise<void> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`✖ ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const mismatch = options.builtPublicCacheSeconds === undefined ? null : publicCacheMismatch(env.PUBLIC_CACHE_SECONDS, options.builtPublicCacheSeconds);
  if (mismatch) {
    console.error(`✖ ${mismatch}`);
    process.exit(1);
  }
  // `npm run dev` and tests may have opened the database already; then there is nothing to take.
  if (databaseSlot().opening) return;
  if (process.env.NODE_ENV === 'production' && !env.SITE_URL) console.warn(`⚠ ${SITE_URL_UNSET}`);
  let opened: OpenedDatabase;
  try {
    opened = await prepareData(env, options.purpose ?? 'the site server');
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`✖ ${error.message}\nOnly one process may use a data directory at a time: stop it first, or set DATA_DIR to another directory.`);
      process.exit(1);
    }
    if (error instanceof DatabaseOpenError) {
      console.error(`✖ ${await failedOpenMessage({ dataDir: env.dataDir, dataDirFromEnv: process.env.DATA_DIR, reason: error.message })}`);
      process.exit(1);
    }
    throw error;
  }
  shareDatabase(opened);
  closeDatabaseBeforeExit();
  // Embedded only: a Postgres server or Supabase project is backed up by that service.
  if (opened.db.kind === 'pglite') startBackups({ db: opened.db, dataDir: env.dataDir, log });
  await checkStorageAtStartup(env, log);
  // After the data is ready and the storage checked: pages rendered from here on show both.
  expireBuildShells(log);
  if (env.REDIS_URL) await checkSharedCache(env.REDIS_URL);
  if ((await countAdmins(opened.db)) === 0) {
    log(
      'No admin account yet. Create one with:\n' +
        "  npm run admin:create -- --email you@example.com --password 'a-long-password'\n" +
        '  (stop the server first), or start with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=... ,\n' +
        '  or open this one-time setup link (valid until used) to create the owner account in the browser:\n' +
        `  ${siteOrigin(env)}/admin/setup?code=${issueSetupCode()}`,
    );
  }
}
