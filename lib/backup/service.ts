import type { Database } from '@/lib/db/types';
import { createBackup, describeBackup, type BackupResult } from './backup';
import { setWriteListener } from './notify';
import { backupsDir } from './paths';
import { answerBackupRequests } from './requests';
import { BackupScheduler } from './scheduler';

/**
 * The embedded server's backups (started by lib/startup.ts once the database is open): after admin
 * writes (lib/backup/notify.ts, at most one a minute), on request of `npm run backup`
 * (lib/backup/requests.ts), and when the server stops with a write not yet backed up.
 */

export interface BackupServiceOptions {
  db: Database;
  dataDir: string;
  log(message: string): void;
  intervalMs?: number;
  delayMs?: number;
  requestPollMs?: number;
}

export interface BackupService {
  scheduler: BackupScheduler<BackupResult>;
  /** Stops the schedule and the request check; makes the backup a write is still waiting for. */
  stop(): Promise<void>;
}

const key = Symbol.for('academic-portfolio.backup-service');

function slot(): { service?: BackupService } {
  const store = globalThis as Record<symbol, unknown>;
  store[key] ??= {};
  return store[key] as { service?: BackupService };
}

function warn(message: string, error: unknown): void {
  console.warn(`⚠ ${message}: ${error instanceof Error ? error.message : String(error)}`);
}

export function startBackups(options: BackupServiceOptions): BackupService {
  const dir = backupsDir(options.dataDir);
  const scheduler = new BackupScheduler<BackupResult>({
    intervalMs: options.intervalMs,
    delayMs: options.delayMs,
    async run() {
      const result = await createBackup({ db: options.db, dataDir: options.dataDir });
      options.log(`Backup written: ${result.file} (${describeBackup(result.manifest)}).`);
      return result;
    },
    onError: (error) => warn('The backup after the last admin write failed (the write itself is saved; the next write tries again)', error),
  });
  setWriteListener(scheduler);

  let checking = false;
  const requests = setInterval(() => {
    if (checking) return;
    checking = true;
    answerBackupRequests(dir, async () => {
      const result = await scheduler.backupNow();
      return { file: result.file, summary: describeBackup(result.manifest) };
    })
      .catch((error: unknown) => warn('Could not answer a backup request', error))
      .finally(() => (checking = false));
  }, options.requestPollMs ?? 2_000);
  requests.unref();

  const service: BackupService = {
    scheduler,
    async stop() {
      clearInterval(requests);
      setWriteListener(undefined);
      if (slot().service === service) slot().service = undefined;
      await scheduler.stop();
    },
  };
  slot().service = service;
  return service;
}

/** Stops the backups this process started, if any (before the database closes). */
export async function stopBackups(): Promise<void> {
  await slot().service?.stop();
}

/**
 * A backup now, through this process's schedule (so it never runs beside a scheduled one), for an import
 * from the admin area (lib/backup/site-content.ts); null when this server makes no backups (Postgres or
 * Supabase mode, where the provider keeps the database's backups).
 */
export async function backupNow(): Promise<BackupResult | null> {
  const service = slot().service;
  return service ? service.scheduler.backupNow() : null;
}
