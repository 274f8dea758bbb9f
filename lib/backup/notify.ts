/**
 * The one hook between admin writes and the server's backups: lib/content/tags.ts `afterContentWrite` (the
 * end of every write in lib/content) calls noteAdminWrite(), and so do the admin writes no cached read shows
 * (role changes, uploads, the media library's deletes); it tells the backup scheduler the server started
 * (lib/backup/service.ts), if any. Nothing is registered in tests, scripts, or the Postgres and Supabase
 * modes, so there it does nothing. The scheduler lives on globalThis because the server script and
 * the Next.js bundle each load their own copy of these modules (as lib/db/shared.ts).
 *
 * No imports: the app bundle gets only this file, never the backup code.
 */

export interface WriteListener {
  noteWrite(): void;
}

const key = Symbol.for('academic-portfolio.backup-scheduler');

function slot(): { listener?: WriteListener } {
  const store = globalThis as Record<symbol, unknown>;
  store[key] ??= {};
  return store[key] as { listener?: WriteListener };
}

export function setWriteListener(listener: WriteListener | undefined): void {
  slot().listener = listener;
}

/** A committed admin write: schedules a backup. Never throws, never waits, never fails the write. */
export function noteAdminWrite(): void {
  try {
    slot().listener?.noteWrite();
  } catch (error) {
    console.warn('Could not schedule a backup after this write', error);
  }
}
