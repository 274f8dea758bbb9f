import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One temporary folder per test run (a Vitest or Playwright global setup) that holds every temporary folder
 * the run's tests, servers, databases and browsers make: TMPDIR points at it before any worker starts (the
 * workers and every process they start inherit it), and the returned teardown removes it whole. So a run
 * leaves nothing in the system's temporary folder whatever a test forgets to remove: the data folders of the
 * servers a suite starts are about 90 MB each, and left behind they once filled this machine's disk and
 * failed CI.
 *
 * The prepared databases (./prepared-data.ts) are kept across runs on purpose: they stay in the system's
 * temporary folder, named by PORTFOLIO_PREPARED_DATA_ROOT.
 */
export function makeRunTempDir(): () => void {
  const systemTmp = os.tmpdir();
  process.env.PORTFOLIO_PREPARED_DATA_ROOT ??= systemTmp;
  const dir = mkdtempSync(path.join(systemTmp, 'portfolio-test-run-'));
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  };
}
