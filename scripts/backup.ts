/**
 * `npm run backup`: a backup of the embedded database and the stored files into DATA_DIR/backups (the
 * server makes one by itself after admin writes). While a server holds the data directory, PGlite cannot
 * be opened a second time, so the command asks that server for the backup (lib/backup/requests.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createBackup, describeBackup } from '@/lib/backup/backup';
import { backupsDir } from '@/lib/backup/paths';
import { requestBackup } from '@/lib/backup/requests';
import { DataDirLockedError } from '@/lib/db/lock';
import { DatabaseOpenError, openDatabase, pgliteDir, type OpenedDatabase } from '@/lib/db/open';
import { EnvError, parseEnv } from '@/lib/env';
import { fail, loadEnvFiles, log } from './lib/cli';

async function main(): Promise<void> {
  loadEnvFiles();
  const env = parseEnv();
  if (env.mode !== 'embedded') {
    fail(
      'npm run backup backs up the embedded database. With DATABASE_URL the data lives in that Postgres server ' +
        '(or Supabase project): back it up with its own tools (pg_dump, Supabase backups). npm run export makes a ' +
        'portable copy of the content and files from any backend.',
    );
  }
  if (!existsSync(path.join(pgliteDir(env), 'PG_VERSION'))) fail(`There is no database in ${pgliteDir(env)} yet: nothing to back up.`);

  let opened: OpenedDatabase;
  try {
    opened = await openDatabase(env, { purpose: 'npm run backup' });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    log(`${error.message} Asking it for the backup…`);
    const answer = await requestBackup(backupsDir(env.dataDir));
    if (answer === 'no-answer') {
      fail(
        'It did not take the request (it is not a server of this version, or it is busy starting or stopping). ' +
          'A running server backs up by itself after every admin write; otherwise stop that process and run this command again.',
      );
    }
    if (!answer.ok) fail(`The server could not make the backup: ${answer.error}`);
    log(`Backup written by the server: ${answer.file} (${answer.summary}).`);
    return;
  }
  try {
    const result = await createBackup({ db: opened.db, dataDir: env.dataDir });
    log(`Backup written: ${result.file} (${describeBackup(result.manifest)}).`);
    if (result.deleted.length > 0) {
      log(`Removed ${result.deleted.length} older backup${result.deleted.length === 1 ? '' : 's'} (kept: the newest 20 and one a day for 30 days).`);
    }
  } finally {
    await opened.release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) fail(error.message);
  if (error instanceof DatabaseOpenError) fail(`The database in ${error.dir} could not be opened: ${error.message}`);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
