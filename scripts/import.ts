/**
 * `npm run import -- <file> [--replace | --merge]`: loads an export (docs/export-format.md) into the
 * configured site, whichever backend it runs on (lib/backup/import.ts). All or nothing.
 */
import { parseArgs } from 'node:util';
import { needsAuthBootstrap } from '@/lib/auth/schema';
import { ArchiveError } from '@/lib/backup/archive';
import { checkExport, ImportFailedError, ImportRefusedError, importSite, type ImportMode } from '@/lib/backup/import';
import { prepareBuckets } from '@/lib/backup/objects';
import { DataDirLockedError } from '@/lib/db/lock';
import { migrate, MigrationError } from '@/lib/db/migrate';
import { DatabaseOpenError, openDatabase } from '@/lib/db/open';
import { EnvError, parseEnv } from '@/lib/env';
import { createStorage } from '@/lib/storage/adapter';
import { fromCallerDir } from './lib/caller-path';
import { fail, loadEnvFiles, log } from './lib/cli';

const USAGE =
  'Usage: npm run import -- <export file> [--replace | --merge]\n' +
  '  --replace  replace the site\'s content with the archive\'s\n' +
  '  --merge    add the archive\'s content; rows with the same id are replaced';

async function main(): Promise<void> {
  let values: { replace?: boolean; merge?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      allowPositionals: true,
      strict: true,
      options: { replace: { type: 'boolean' }, merge: { type: 'boolean' } },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (positionals.length !== 1) fail(USAGE);
  if (values.replace && values.merge) fail(`Choose --replace or --merge, not both.\n${USAGE}`);
  const mode: ImportMode = values.replace ? 'replace' : values.merge ? 'merge' : 'only-if-empty';
  const file = fromCallerDir(positionals[0]);

  loadEnvFiles();
  const env = parseEnv();
  // The archive alone first, before the site is opened: a refused archive leaves a new data directory
  // or database without the schema and bucket folders made below. importSite checks it again.
  log(`Checking ${file}…`);
  await checkExport(file);
  const opened = await openDatabase(env, { purpose: 'npm run import' });
  try {
    // A site never started yet (a new data directory, a new database) gets its schema first.
    await migrate(opened.db, { authBootstrap: needsAuthBootstrap(env) });
    const storage = createStorage(env);
    await prepareBuckets(storage);
    log('Checking the site and importing…');
    const result = await importSite({ db: opened.db, storage, file, mode });
    const rows = Object.entries(result.rows).map(([table, n]) => `${table} ${n}`);
    log(`Imported ${file} (exported ${result.manifest.exportedAt}) into the ${env.mode} site${mode === 'only-if-empty' ? '' : ` (${mode})`}.`);
    log(`Rows: ${rows.join(', ')}.`);
    log(`Files: ${result.filesWritten} written, ${result.filesPresent} already there.`);
    if (env.mode !== 'embedded') log('A server running on this database shows the imported content once its caches expire; restart it to see it at once.');
  } finally {
    await opened.release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    fail(`${error.message}\nThe site server keeps the embedded database open: stop it (Ctrl+C), run the import, then start it again.`);
  }
  if (error instanceof ArchiveError || error instanceof ImportRefusedError) fail(`${error.message}\nNothing was imported.`);
  if (error instanceof ImportFailedError || error instanceof EnvError || error instanceof MigrationError) fail(error.message);
  if (error instanceof DatabaseOpenError) fail(`The database in ${error.dir} could not be opened: ${error.message}`);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
