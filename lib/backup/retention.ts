/**
 * Backup file names and which backups are kept. Pure: the folder is listed and pruned by the caller.
 *
 * A backup is `backup-<UTC time>.tar` (backup-2026-11-24T10-15-30-123Z.tar), so names sort by time and
 * the time survives a copy that loses file dates. Kept: the newest 20, and the newest of each UTC day of
 * the last 30 days. Anything else in the folder is never touched.
 */

export const KEEP_NEWEST = 20;
export const KEEP_DAILY_DAYS = 30;

const NAME = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export function backupFileName(createdAt: Date): string {
  return `backup-${createdAt.toISOString().replace(/:/g, '-').replace('.', '-')}.tar`;
}

/** When the backup named `name` was made, or null for any other file name. */
export function backupTime(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, millis] = match;
  const time = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
  return Number.isNaN(time.getTime()) ? null : time;
}

/** The backup names among `names`, newest first. */
export function backupsNewestFirst(names: readonly string[]): { name: string; createdAt: Date }[] {
  return names
    .map((name) => ({ name, createdAt: backupTime(name) }))
    .filter((entry): entry is { name: string; createdAt: Date } => entry.createdAt !== null)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.name < b.name ? 1 : -1));
}

/** The backups to delete from a folder holding `names`, at time `now`. */
export function backupsToDelete(names: readonly string[], now: Date): string[] {
  const backups = backupsNewestFirst(names);
  const keep = new Set(backups.slice(0, KEEP_NEWEST).map((b) => b.name));
  const daysKept = new Set<string>();
  for (const backup of backups) {
    const age = now.getTime() - backup.createdAt.getTime();
    if (age >= KEEP_DAILY_DAYS * DAY_MS) continue;
    const day = backup.createdAt.toISOString().slice(0, 10);
    if (daysKept.has(day)) continue;
    daysKept.add(day);
    keep.add(backup.name);
  }
  return backups.filter((b) => !keep.has(b.name)).map((b) => b.name);
}
