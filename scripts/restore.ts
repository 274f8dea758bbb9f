/**
 * `npm run restore -- <backup file>`: puts a backup made by the server or `npm run backup` back into
 * DATA_DIR (lib/backup/restore.ts). The server must be stopped; what is replaced is kept aside.
 */
import { parseArgs } from 'node:util';
import { ArchiveError } from '@/lib/backup/archive';
import { describeBackup } from '@/lib/backup/backup';
import { restoreBackup, RestoreError } from '@/lib/backup/restore';
import { DataDirLockedError } from '@/lib/db/lock';
import { EnvError, parseEnv } from '@/lib/env';
import { fromCallerDir } from './lib/caller-path';
import { fail, loadEnvFiles, log } from './lib/cli';

const USAGE = 'Usage: npm run restore -- <backup file>   (backups are in DATA_DIR/backups)';

async function main(): Promise<void> {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ allowPositionals: true, strict: true, options: {} }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (positionals.length !== 1) fail(USAGE);
  const file = fromCallerDir(positionals[0]);

  loadEnvFiles();
  const env = parseEnv();
  if (env.mode !== 'embedded') {
    fail('npm run restore restores the embedded database, and DATABASE_URL is set. To load content into that database, use npm run import.');
  }
  log(`Checking ${file}…`);
  const { manifest, replacedDir } = await restoreBackup({ file, dataDir: env.dataDir });
  log(`Restored the backup made ${manifest.createdAt} into ${env.dataDir}: ${describeBackup(manifest)}.`);
  const content = Object.entries(manifest.tables)
    .filter(([table, rows]) => table.startsWith('public.') && rows > 0)
    .map(([table, rows]) => `${table.slice('public.'.length)} ${rows}`);
  if (content.length > 0) log(`Rows: ${content.join(', ')}.`);
  if (replacedDir) log(`The database and files it replaced are in ${replacedDir} (delete that folder once you no longer need it).`);
  log('Start the server again: npm start');
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    fail(`${error.message}\nStop the server first (Ctrl+C), then run the restore again: it replaces the database the server has open.`);
  }
  if (error instanceof ArchiveError || error instanceof RestoreError) fail(`${error.message}\nNothing was changed.`);
  if (error instanceof EnvError) fail(error.message);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
