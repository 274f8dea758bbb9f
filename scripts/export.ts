/**
 * `npm run export [-- --out <file>]`: all content and stored files of the configured site (embedded,
 * Postgres or Supabase) into one portable archive (docs/export-format.md).
 */
import { parseArgs } from 'node:util';
import { formatBytes } from '@/lib/bytes.mjs';
import { exportSite } from '@/lib/backup/export';
import { DataDirLockedError } from '@/lib/db/lock';
import { DatabaseOpenError, openDatabase } from '@/lib/db/open';
import { EnvError, parseEnv } from '@/lib/env';
import { createStorage } from '@/lib/storage/adapter';
import { fromCallerDir } from './lib/caller-path';
import { fail, loadEnvFiles, log } from './lib/cli';

const USAGE = 'Usage: npm run export [-- --out portfolio-export.tar.gz]';

async function main(): Promise<void> {
  let values: { out?: string };
  try {
    ({ values } = parseArgs({ options: { out: { type: 'string' } }, strict: true }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
  const file = fromCallerDir(values.out ?? `portfolio-export-${stamp}Z.tar.gz`);

  loadEnvFiles();
  const env = parseEnv();
  const opened = await openDatabase(env, { purpose: 'npm run export' });
  try {
    const manifest = await exportSite({ db: opened.db, storage: createStorage(env), file });
    const rows = Object.entries(manifest.tables).map(([table, entry]) => `${table} ${entry.rows}`);
    const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
    log(`Exported to ${file}`);
    log(`Rows: ${rows.join(', ')}; ${manifest.files.length} file${manifest.files.length === 1 ? '' : 's'} (${formatBytes(bytes)}).`);
    log('Accounts, sessions and admin roles are not exported: create the admin on the receiving site (npm run admin:create).');
  } finally {
    await opened.release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    fail(
      `${error.message}\nThe site server keeps the embedded database open: stop it (Ctrl+C), run the export, then start it again.`,
    );
  }
  if (error instanceof EnvError) fail(error.message);
  if (error instanceof DatabaseOpenError) fail(`The database in ${error.dir} could not be opened: ${error.message}`);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
