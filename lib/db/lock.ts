import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * An exclusive lock on DATA_DIR. PGlite has no lock of its own, and two processes on one data
 * directory silently lose committed writes, so every process that opens it takes this lock first.
 */

export interface LockHolder {
  pid: number;
  host: string;
  /** Linux boot id and the process start time in clock ticks: together they tell a live holder from
   * a later process that happens to reuse the pid (common in containers, where the server is pid 1). */
  bootId: string | null;
  startTicks: string | null;
  purpose: string;
  since: string;
}

export interface DataDirLock {
  readonly dir: string;
  readonly holder: LockHolder;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `${holder.purpose} (pid ${holder.pid}${holder.host === os.hostname() ? '' : ` on ${holder.host}`}, since ${holder.since})`
      : 'another process';
    super(`The data directory ${dir} is in use by ${who}.`);
    this.name = 'DataDirLockedError';
  }
}

const LOCK_FILE = '.lock';
const TAKEOVER_FILE = '.lock.takeover';
/** A takeover is a few file operations; one older than this was left by a process that died midway. */
const TAKEOVER_STALE_MS = 10_000;

function readBootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

function readStartTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name in field 2 may contain spaces, so count from its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function describeSelf(purpose: string): LockHolder {
  return {
    pid: process.pid,
    host: os.hostname(),
    bootId: readBootId(),
    startTicks: readStartTicks(process.pid),
    purpose,
    since: new Date().toISOString(),
  };
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string') return null;
    return {
      pid: value.pid,
      host: value.host,
      bootId: value.bootId ?? null,
      startTicks: value.startTicks ?? null,
      purpose: value.purpose ?? 'another process',
      since: value.since ?? 'an unknown time',
    };
  } catch {
    return null;
  }
}

/** Whether the process recorded in a lock file is still running. */
export function isHolderAlive(holder: LockHolder): boolean {
  // A process on another machine (a shared volume) cannot be checked from here: assume it is alive.
  if (holder.host !== os.hostname()) return true;
  // Our own pid in a lock this process does not hold: a previous incarnation that reused the pid.
  if (holder.pid === process.pid) return false;
  const bootId = readBootId();
  if (holder.bootId && bootId && holder.bootId !== bootId) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  if (holder.startTicks) {
    const now = readStartTicks(holder.pid);
    if (now !== null && now !== holder.startTicks) return false;
  }
  return true;
}

/**
 * Locks this process holds, by directory: a second acquire in the same process shares the lock. Kept on
 * globalThis because the server script and the Next.js bundle each load their own copy of this module.
 */
const registryKey = Symbol.for('academic-portfolio.data-dir-locks');
const heldHere: Map<string, { lock: DataDirLock; count: number }> = ((globalThis as Record<symbol, unknown>)[registryKey] ??=
  new Map()) as Map<string, { lock: DataDirLock; count: number }>;

function tryCreate(lockPath: string, content: string): boolean {
  // Write the whole record to a private file, then hard-link it into place: link() fails when the lock
  // exists, so the lock file appears atomically and is never seen half-written.
  const tmp = `${lockPath}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(tmp, content, { mode: 0o644 });
  try {
    linkSync(tmp, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(tmp);
  }
}

function readHolder(lockPath: string): { text: string; holder: LockHolder | null } | null {
  try {
    const text = readFileSync(lockPath, 'utf8');
    return { text, holder: parseHolder(text) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Replaces a dead holder's lock. Only one process may do this at a time, guarded by a second file. */
function takeOver(dir: string, staleText: string, content: string): boolean {
  const takeoverPath = path.join(dir, TAKEOVER_FILE);
  let fd: number;
  try {
    fd = openSync(takeoverPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    try {
      if (Date.now() - statSync(takeoverPath).mtimeMs > TAKEOVER_STALE_MS) unlinkSync(takeoverPath);
    } catch {
      // Someone else removed it first: fine, the caller retries.
    }
    return false;
  }
  try {
    const lockPath = path.join(dir, LOCK_FILE);
    const current = readHolder(lockPath);
    // Another process may have taken over between our read and our takeover file: only replace the
    // exact record we judged dead.
    if (current !== null && current.text !== staleText) return false;
    const tmp = `${lockPath}.${process.pid}.takeover.tmp`;
    writeFileSync(tmp, content);
    renameSync(tmp, lockPath);
    return true;
  } finally {
    closeSync(fd);
    unlinkSync(takeoverPath);
  }
}

/**
 * Takes the exclusive lock on `dir` (created if missing) for `purpose` ("server", "admin:create", …).
 * A lock left by a dead process is taken over; a live holder makes this throw DataDirLockedError.
 * The lock is released by release(), and on process exit.
 */
export function acquireDataDirLock(dir: string, purpose: string): DataDirLock {
  const absolute = path.resolve(dir);
  const shared = heldHere.get(absolute);
  if (shared) {
    shared.count += 1;
    return shared.lock;
  }
  mkdirSync(absolute, { recursive: true });
  const lockPath = path.join(absolute, LOCK_FILE);
  const self = describeSelf(purpose);
  const content = JSON.stringify(self, null, 2);

  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (tryCreate(lockPath, content)) return register(absolute, lockPath, self, content);
    const current = readHolder(lockPath);
    if (current === null) continue;
    // An unreadable record cannot come from tryCreate; treat it as a crash artefact.
    if (current.holder !== null && isHolderAlive(current.holder)) {
      throw new DataDirLockedError(absolute, current.holder);
    }
    if (takeOver(absolute, current.text, content)) return register(absolute, lockPath, self, content);
  }
  throw new DataDirLockedError(absolute, readHolder(lockPath)?.holder ?? null);
}

function register(dir: string, lockPath: string, holder: LockHolder, content: string): DataDirLock {
  let released = false;
  const releaseFile = () => {
    if (released) return;
    released = true;
    process.off('exit', releaseFile);
    try {
      // Never remove a lock that is no longer ours.
      if (readFileSync(lockPath, 'utf8') === content) unlinkSync(lockPath);
    } catch {
      // Already gone.
    }
  };
  process.on('exit', releaseFile);
  const lock: DataDirLock = {
    dir,
    holder,
    release() {
      const entry = heldHere.get(dir);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count > 0) return;
      heldHere.delete(dir);
      releaseFile();
    },
  };
  heldHere.set(dir, { lock, count: 1 });
  return lock;
}
