/** `npm run db:migrate`: brings the configured database's schema up to date. */
import { DataDirLockedError } from '@/lib/db/lock';
import { migrate, MigrationError } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { EnvError, getEnv } from '@/lib/env';
import { fail, loadEnvFiles, log } from './lib/cli';
import { needsAuthBootstrap } from '@/lib/auth/schema';

async function main(): Promise<void> {
  loadEnvFiles();
  const env = getEnv();
  const { db, release } = await openDatabase(env, { purpose: 'db:migrate' });
  try {
    // Supabase already has its auth schema and API roles; the built-in modes get them from the bootstrap.
    const { applied } = await migrate(db, { authBootstrap: needsAuthBootstrap(env) });
    if (applied.length === 0) log('Database is up to date.');
    else log(`Applied migrations: ${applied.join(', ')}`);
  } finally {
    await release();
  }
}

main().catch((error: unknown) => {
  // These are written for the operator: the message says it all, a stack would only bury it.
  if (error instanceof EnvError || error instanceof DataDirLockedError || error instanceof MigrationError) fail(error.message);
  // Connection failures (ECONNREFUSED, bad password, unknown database) carry a code and a complete message.
  if (error instanceof Error && 'code' in error) fail(`Could not migrate the database: ${error.message}`);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
