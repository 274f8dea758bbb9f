import { chmodSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GB } from '@/lib/bytes.mjs';

/**
 * One temporary folder per test run (a Vitest or Playwright global setup) that holds every temporary folder
 * the run's tests, servers, databases and browsers make: TMPDIR points at it before any worker starts (the
 * workers and every process they start inherit it), and the returned teardown removes it whole. So a run
 * leaves nothing in the system's temporary folder whatever a test forgets to remove: the data folders of the
 * servers a suite starts are about 90 MB each, and left behind they once filled this machine's disk and
 * failed CI.
 *
 * - One folder, not one inside another: Vitest runs the global setup once for the run and once per project,
 *   and Chromium's socket (`$TMPDIR/.org.chromium.Chromium.XXXXXX/SingletonSocket`) must stay within a
 *   Unix socket path's 108 bytes, so a setup that finds the run's folder in place keeps it.
 * - Readable and searchable by others (0755, as /tmp's own folders are made): the test Postgres servers run
 *   as the `postgres` user in folders of their own inside it.
 * - The prepared databases (./prepared-data.ts) are kept across runs on purpose: they stay in the system's
 *   temporary folder, named by PORTFOLIO_PREPARED_DATA_ROOT.
 * - In memory where it can be (runFolderParent), else in the system's temporary folder.
 */
export function makeRunTempDir(): () => void {
  if (process.env.PORTFOLIO_RUN_TMPDIR && process.env.TMPDIR === process.env.PORTFOLIO_RUN_TMPDIR) return () => undefined;
  const systemTmp = os.tmpdir();
  process.env.PORTFOLIO_PREPARED_DATA_ROOT ??= systemTmp;
  const dir = mkdtempSync(path.join(runFolderParent(systemTmp), 'portfolio-run-'));
  chmodSync(dir, 0o755);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  process.env.PORTFOLIO_RUN_TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    delete process.env.PORTFOLIO_RUN_TMPDIR;
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
}

/** Linux's shared-memory file system: files in memory, never written to a disk. */
const MEMORY_FOLDER = '/dev/shm';
const TMPFS_MAGIC = 0x01021994;
/**
 * Room the run's folder may need: twice the most it was seen to hold, an end-to-end run's, which keeps every
 * server's data folder until it ends (docs/architecture.md, "Testing").
 */
const MEMORY_NEEDED_BYTES = 3 * GB;

/**
 * The folder the run's folder is made in. The tests' databases write and sync their files all the time, and on
 * a disk the kernel's journal and write-back cost processor time and waits (docs/architecture.md,
 * "Measurements"). So /dev/shm when it is one (Linux) with room to spare, in it and in free memory; otherwise,
 * or when TMPDIR names a folder of the caller's choosing, the system's temporary folder.
 */
function runFolderParent(systemTmp: string): string {
  if (process.env.TMPDIR || process.platform !== 'linux' || os.freemem() < MEMORY_NEEDED_BYTES) return systemTmp;
  try {
    const memory = statfsSync(MEMORY_FOLDER);
    if (memory.type === TMPFS_MAGIC && memory.bavail * memory.bsize >= MEMORY_NEEDED_BYTES) return MEMORY_FOLDER;
  } catch {
    // No /dev/shm here.
  }
  return systemTmp;
}
