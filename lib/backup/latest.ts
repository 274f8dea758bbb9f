import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { backupsDir } from './paths';
import { backupsNewestFirst } from './retention';

/** What the start says when the embedded database does not open: which backup to restore, and how. */

export interface BackupFile {
  file: string;
  createdAt: Date;
}

/** The backups in DATA_DIR/backups, newest first (none when the folder is missing). */
export async function listBackups(dataDir: string): Promise<BackupFile[]> {
  const dir = backupsDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  return backupsNewestFirst(names).map(({ name, createdAt }) => ({ file: path.join(dir, name), createdAt }));
}

/** A word for a shell command line, quoted when it needs to be. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The command that restores `file`, with DATA_DIR when the server was given one. */
export function restoreCommand(file: string, dataDirFromEnv: string | undefined): string {
  const prefix = dataDirFromEnv ? `DATA_DIR=${shellWord(dataDirFromEnv)} ` : '';
  return `${prefix}npm run restore -- ${shellWord(file)}`;
}

export async function failedOpenMessage(options: { dataDir: string; dataDirFromEnv: string | undefined; reason: string }): Promise<string> {
  const database = path.join(options.dataDir, 'pglite');
  const lines = [
    `The database in ${database} could not be opened: ${options.reason}`,
    'It may be damaged: the embedded database writes without fsync, so a power cut or a full disk can do that.',
  ];
  const [latest] = await listBackups(options.dataDir);
  if (latest) {
    lines.push(
      `The latest backup is ${latest.file} (made ${latest.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC).`,
      'Restore it with:',
      `  ${restoreCommand(latest.file, options.dataDirFromEnv)}`,
      `then start the server again. The damaged database and the current files are kept aside in ${path.join(options.dataDir, 'replaced-<time>')}/.`,
    );
  } else {
    lines.push(`No backup was found in ${backupsDir(options.dataDir)}. Restore a copy of the data directory, or start with an empty DATA_DIR and load an export (npm run import).`);
  }
  return lines.join('\n');
}
