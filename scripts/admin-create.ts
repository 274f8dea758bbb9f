/**
 * `npm run admin:create -- --email E --password P`: creates that user with the admin role (or promotes an
 * existing user) in whichever backend is configured.
 */
import { AdminSetupError, ensureAdmin } from '@/lib/auth/admin-provisioning';
import { DataDirLockedError } from '@/lib/db/lock';
import { migrate } from '@/lib/db/migrate';
import { openDatabase } from '@/lib/db/open';
import { EnvError, parseEnv } from '@/lib/env';
import { readAdminCreateArgs } from './lib/admin-create-args';
import { fail, loadEnvFiles, log } from './lib/cli';
import { needsAuthBootstrap } from '@/lib/auth/schema';

async function main(): Promise<void> {
  const parsed = readAdminCreateArgs(process.argv.slice(2));
  if (!parsed.ok) fail(parsed.message);

  loadEnvFiles();
  const env = parseEnv();
  const opened = await openDatabase(env, { purpose: 'admin:create' });
  try {
    await migrate(opened.db, { authBootstrap: needsAuthBootstrap(env) });
    const result = await ensureAdmin(opened.db, env, parsed.data);
    const { email } = parsed.data;
    if (result === 'created') log(`Created admin ${email}. Sign in at /admin/login.`);
    else if (result === 'promoted') log(`${email} already had an account (password unchanged) and is now an admin.`);
    else log(`${email} is already an admin; nothing changed.`);
  } finally {
    await opened.release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    fail(
      `${error.message}\n` +
        'The site server keeps the embedded database open, so this command cannot change it now. Either:\n' +
        '  - stop the server (Ctrl+C), run this command again, then start the server; or\n' +
        '  - restart the server with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=... npm start',
    );
  }
  if (error instanceof EnvError || error instanceof AdminSetupError) fail(error.message);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
