import { afterEach, describe, expect, it, vi } from 'vitest';
import { backupFileName, backupsNewestFirst, backupsToDelete, backupTime, KEEP_NEWEST } from '@/lib/backup/retention';
import { BackupScheduler } from '@/lib/backup/scheduler';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = new Date('2026-11-24T12:00:00.000Z');

const names = (times: number[]) => times.map((t) => backupFileName(new Date(t)));

describe('backup file names', () => {
  it('name a backup by its UTC time, to the millisecond, and read the time back', () => {
    const name = backupFileName(new Date('2026-11-24T10:15:30.123Z'));
    expect(name).toBe('backup-2026-11-24T10-15-30-123Z.tar');
    expect(backupTime(name)?.toISOString()).toBe('2026-11-24T10:15:30.123Z');
  });

  it('are the only files retention looks at', () => {
    expect(backupTime('notes.txt')).toBeNull();
    expect(backupTime('backup-2026-11-24T10-15-30-123Z.tar.tmp')).toBeNull();
    expect(backupsNewestFirst(['notes.txt', '.tmp-1-backup.tar', ...names([NOW.getTime()])])).toHaveLength(1);
  });
});

describe('backup retention', () => {
  it('keeps the newest 20 backups', () => {
    // 25 backups a minute apart, all today: 20 newest kept (the oldest five share the day with newer ones).
    const times = Array.from({ length: 25 }, (_, i) => NOW.getTime() - i * 60_000);
    const deleted = backupsToDelete(names(times), NOW);
    expect(deleted).toEqual(names(times.slice(KEEP_NEWEST)));
  });

  it('keeps the newest backup of each day for 30 days, and deletes older days', () => {
    // Three backups a day (morning, noon, evening) for 40 days, plus 20 fresh ones in the last hour.
    const fresh = Array.from({ length: 20 }, (_, i) => NOW.getTime() - (i + 1) * 60_000);
    const daily: number[] = [];
    for (let day = 1; day <= 40; day += 1) {
      const midnight = Date.UTC(2026, 10, 24) - day * DAY;
      daily.push(midnight + 8 * HOUR, midnight + 12 * HOUR, midnight + 20 * HOUR);
    }
    const all = names([...fresh, ...daily]);
    const kept = all.filter((name) => !backupsToDelete(all, NOW).includes(name));

    expect(kept).toEqual(expect.arrayContaining(names(fresh)));
    const keptDaily = kept.filter((name) => !names(fresh).includes(name));
    // Days 1..29 back are within 30 days at every hour; day 30's 20:00 backup is 28 h short of it, so it stays too.
    expect(keptDaily.map((name) => backupTime(name)!.toISOString().slice(0, 10))).toEqual(
      Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 10, 24) - (i + 1) * DAY).toISOString().slice(0, 10)),
    );
    // Of each kept day, the evening (newest) backup.
    expect(keptDaily.every((name) => name.includes('T20-00-00-000Z'))).toBe(true);
  });

  it('never deletes files that are not backups', () => {
    const all = ['README.txt', '.request-abc.json', ...names(Array.from({ length: 30 }, (_, i) => NOW.getTime() - i * 40 * DAY))];
    const deleted = backupsToDelete(all, NOW);
    expect(deleted).not.toContain('README.txt');
    expect(deleted).not.toContain('.request-abc.json');
    expect(deleted).toHaveLength(10);
  });
});

describe('the backup schedule after admin writes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function scheduler(run = vi.fn(async () => 'ok')) {
    const onError = vi.fn();
    return { run, onError, scheduler: new BackupScheduler({ run, onError, intervalMs: 60_000, delayMs: 5_000 }) };
  }

  it('backs up once for a burst of writes, a little after the first', async () => {
    vi.useFakeTimers();
    const { run, scheduler: s } = scheduler();
    s.noteWrite();
    s.noteWrite();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(run).not.toHaveBeenCalled();
    s.noteWrite();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(s.pending).toBe(false);
  });

  it('makes at most one backup a minute, and always one after the last write', async () => {
    vi.useFakeTimers();
    const { run, scheduler: s } = scheduler();
    s.noteWrite();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    // Writes every 10 s for two minutes: backups at most once a minute, the last write covered.
    for (let i = 0; i < 12; i += 1) {
      await vi.advanceTimersByTimeAsync(10_000);
      s.noteWrite();
    }
    const callsDuringWrites = run.mock.calls.length;
    expect(callsDuringWrites).toBeLessThanOrEqual(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run.mock.calls.length).toBe(callsDuringWrites + 1);
    expect(s.pending).toBe(false);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(run.mock.calls.length).toBe(callsDuringWrites + 1);
  });

  it('covers a write made while a backup runs with another backup', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => undefined;
    const run = vi.fn(() => new Promise<string>((resolve) => (finish = () => resolve('ok'))));
    const { scheduler: s } = scheduler(run);
    s.noteWrite();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    s.noteWrite();
    finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('reports a failed backup without throwing, and tries again with the next write', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {
      throw new Error('disk full');
    });
    const { onError, scheduler: s } = scheduler(run);
    s.noteWrite();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'disk full' }));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(run).toHaveBeenCalledTimes(1);
    s.noteWrite();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('backs up a write still waiting for its backup when the server stops', async () => {
    const { run, scheduler: s } = scheduler();
    s.noteWrite();
    await s.stop();
    expect(run).toHaveBeenCalledTimes(1);
    s.noteWrite();
    await s.stop();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
