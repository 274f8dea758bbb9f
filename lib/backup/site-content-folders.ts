import { readdirSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The temporary folders of Settings → Site content (lib/backup/site-content.ts): an export not yet
 * downloaded (the whole content, drafts included) or an upload of up to the archive limit. Each is named
 * after the process that made it, so that this process's folders go when it stops, and a start-up
 * (instrumentation.ts) removes those of a process that is gone without stopping (a crash, SIGKILL) but
 * never those of another server or command running beside it in the same temporary folder.
 */

const NAME = /^portfolio-(?:export|import)-(\d+)-[A-Za-z0-9]{6}$/;
const exitHook = Symbol.for('academic-portfolio.site-content-folders');

/** Removes the operation folders in the temporary folder whose process `gone` says is gone. */
function sweep(gone: (pid: number) => boolean): void {
  const tmp = os.tmpdir();
  let names: string[];
  try {
    names = readdirSync(tmp);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(NAME.exec(name)?.[1]);
    if (pid > 0 && gone(pid)) rmSync(path.join(tmp, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: running, as another user.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** A new folder for one export or import of this process; it is removed when the process exits. */
export async function makeOperationFolder(kind: 'export' | 'import'): Promise<string> {
  // Once per process (the route handlers each bundle their own copy of this module). 'exit' comes after
  // Next.js has let the requests in flight finish (`next start`) or `npm start`'s server has stopped, and
  // takes synchronous work only.
  const shared = globalThis as Record<symbol, unknown>;
  if (!shared[exitHook]) {
    shared[exitHook] = true;
    process.once('exit', () => sweep((pid) => pid === process.pid));
  }
  return mkdtemp(path.join(os.tmpdir(), `portfolio-${kind}-${process.pid}-`));
}

/**
 * At start-up, before any export or import: the folders left by processes that are gone. Our own pid on
 * one means a previous process had it (a container's server is often pid 1 every time).
 */
export function removeLeftOperationFolders(): void {
  sweep((pid) => pid === process.pid || !isRunning(pid));
}
