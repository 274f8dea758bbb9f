import path from 'node:path';

/** Where backups go, and where the stored files they hold come from, inside DATA_DIR. */

export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

export function storageRoot(dataDir: string): string {
  return path.join(dataDir, 'storage');
}
