import type { WriteListener } from './notify';

export interface SchedulerOptions<T> {
  /** Makes one backup. */
  run(): Promise<T>;
  /** A backup started by a write failed: report it (the write itself has succeeded long before). */
  onError(error: unknown): void;
  /** At most one backup per this many milliseconds, however many writes come. */
  intervalMs?: number;
  /** After a quiet spell, how long the first write waits, so that the rest of a save comes along. */
  delayMs?: number;
  now?: () => number;
}

export const BACKUP_INTERVAL_MS = 60_000;
export const BACKUP_DELAY_MS = 5_000;

/**
 * When the server backs up: after admin writes, at most once a minute, and always after the last write
 * (a write during a backup, or within the minute after one, gets a backup of its own when the minute is
 * up). Backups run one at a time, whether a write, a `npm run backup` request or the stop asked for
 * them. A failed backup is reported and retried with the next write or at the stop.
 */
export class BackupScheduler<T> implements WriteListener {
  private readonly intervalMs: number;
  private readonly delayMs: number;
  private readonly now: () => number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private busy = false;
  private dirty = false;
  private failed = false;
  private stopped = false;
  private lastStart = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: SchedulerOptions<T>) {
    this.intervalMs = options.intervalMs ?? BACKUP_INTERVAL_MS;
    this.delayMs = options.delayMs ?? BACKUP_DELAY_MS;
    this.now = options.now ?? Date.now;
  }

  /** Whether a write has happened that no finished or running backup covers. */
  get pending(): boolean {
    return this.dirty;
  }

  noteWrite(): void {
    if (this.stopped) return;
    this.dirty = true;
    this.failed = false;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.busy || this.stopped || !this.dirty || this.failed) return;
    const wait = Math.max(this.delayMs, this.lastStart + this.intervalMs - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.backupNow().catch((error: unknown) => this.options.onError(error));
    }, wait);
    this.timer.unref?.();
  }

  /** A backup now (after the one in progress, if any), whatever has changed. Rejects when it fails. */
  backupNow(): Promise<T> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const attempt = this.queue.then(() => this.attempt());
    this.queue = attempt.catch(() => undefined);
    return attempt;
  }

  private async attempt(): Promise<T> {
    this.busy = true;
    // Cleared before the snapshot: a write committed while this backup runs may not be in it.
    this.dirty = false;
    this.lastStart = this.now();
    try {
      const result = await this.options.run();
      this.failed = false;
      return result;
    } catch (error) {
      this.dirty = true;
      this.failed = true;
      throw error;
    } finally {
      this.busy = false;
      this.schedule();
    }
  }

  /** No more scheduled backups; waits for the running one, then backs up what is still uncovered. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.queue;
    if (this.dirty) await this.backupNow().catch((error: unknown) => this.options.onError(error));
  }
}
