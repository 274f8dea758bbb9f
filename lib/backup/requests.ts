import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from '@/lib/validation/zod';
import { errorCode } from './files';

/**
 * `npm run backup` while a server holds the data directory. PGlite is one process's, so the command
 * cannot open the database; it asks the server instead, through a file only someone who may write the
 * data directory can create: DATA_DIR/backups/.request-<id>.json. The server looks for requests every
 * two seconds, claims one by deleting it, makes the backup and answers in .request-<id>.result.json.
 * A request no one claims (the holder is not a server of this version) is withdrawn after a while.
 * The request carries nothing but its id, so it can ask for a backup and nothing else.
 */

const REQUEST = /^\.request-([0-9a-f]{24})\.json$/;
const RESULT = /^\.request-[0-9a-f]{24}\.result\.json$/;
/** An answer nobody collected (the command was interrupted) is removed after this long. */
const STALE_RESULT_MS = 10 * 60_000;

const answerSchema = z.union([
  z.object({ ok: z.literal(true), file: z.string(), summary: z.string() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

export type BackupAnswer = z.infer<typeof answerSchema>;

const requestPath = (dir: string, id: string) => path.join(dir, `.request-${id}.json`);
const resultPath = (dir: string, id: string) => path.join(dir, `.request-${id}.result.json`);

/** Writes under a name the other side does not look at, then renames: it never reads half a file. */
async function writeWhole(file: string, text: string): Promise<void> {
  await writeFile(`${file}.partial`, text, { mode: 0o600 });
  await rename(`${file}.partial`, file);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks the server holding the data directory for a backup and waits for its answer: the answer, or
 * 'no-answer' when nobody claimed the request within `claimTimeoutMs`.
 */
export async function requestBackup(
  dir: string,
  options: { claimTimeoutMs?: number; answerTimeoutMs?: number; pollMs?: number } = {},
): Promise<BackupAnswer | 'no-answer'> {
  const { claimTimeoutMs = 15_000, answerTimeoutMs = 30 * 60_000, pollMs = 200 } = options;
  const id = randomBytes(12).toString('hex');
  await mkdir(dir, { recursive: true });
  await writeWhole(requestPath(dir, id), JSON.stringify({ id, requestedAt: new Date().toISOString() }));
  const started = Date.now();
  let claimed = false;
  for (;;) {
    try {
      const answer = answerSchema.parse(JSON.parse(await readFile(resultPath(dir, id), 'utf8')));
      await unlink(resultPath(dir, id)).catch(() => undefined);
      return answer;
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
    }
    if (!claimed) {
      try {
        await stat(requestPath(dir, id));
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
        claimed = true;
      }
    }
    const waited = Date.now() - started;
    if (!claimed && waited > claimTimeoutMs) {
      try {
        await unlink(requestPath(dir, id));
        return 'no-answer';
      } catch (error) {
        // Claimed just now: wait for the answer after all.
        if (errorCode(error) !== 'ENOENT') throw error;
        claimed = true;
      }
    }
    if (waited > answerTimeoutMs) return { ok: false, error: 'The server took the request but did not answer in time.' };
    await sleep(pollMs);
  }
}

/** The server's side: claims each waiting request, makes a backup for it, answers. */
export async function answerBackupRequests(dir: string, backup: () => Promise<{ file: string; summary: string }>): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 0;
    throw error;
  }
  let answered = 0;
  for (const name of names) {
    if (RESULT.test(name)) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > STALE_RESULT_MS) await unlink(file).catch(() => undefined);
      continue;
    }
    const match = REQUEST.exec(name);
    if (!match) continue;
    try {
      await unlink(path.join(dir, name));
    } catch (error) {
      if (errorCode(error) === 'ENOENT') continue;
      throw error;
    }
    let answer: BackupAnswer;
    try {
      answer = { ok: true, ...(await backup()) };
    } catch (error) {
      answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    await writeWhole(resultPath(dir, match[1]), JSON.stringify(answer));
    answered += 1;
  }
  return answered;
}
