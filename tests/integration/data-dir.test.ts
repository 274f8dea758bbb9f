import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '@/lib/db/lock';
import { openDatabase } from '@/lib/db/open';
import { parseEnv } from '@/lib/env';
import { runScript, tempDataDir, type ScriptRun } from '../helpers/site-server';

const children: ScriptRun[] = [];
afterEach(async () => {
  for (const run of children.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    await run.exited;
  }
});

function spawnTracked(script: string, args: string[], env: Record<string, string>): ScriptRun {
  const run = runScript(script, args, env);
  children.push(run);
  return run;
}

async function waitFor(run: ScriptRun, predicate: (output: string) => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!predicate(run.output())) {
    if (run.child.exitCode !== null) throw new Error(`Child exited before ${what}:\n${run.output()}`);
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A pid that certainly belongs to no running process: one that has just exited. */
async function deadPid(): Promise<number> {
  const run = runScript('tests/helpers/server-only.ts');
  await run.exited;
  return run.child.pid!;
}

describe('the data directory lock', () => {
  it('refuses a second server and the admin CLI while a server holds the data directory', async () => {
    const dataDir = tempDataDir();
    const holder = spawnTracked('tests/helpers/hold-data-dir.ts', [], { DATA_DIR: dataDir });
    await waitFor(holder, (o) => o.includes('holding'), 'the first process to open the database');

    const second = spawnTracked('scripts/start.mjs', [], { DATA_DIR: dataDir, PORT: '0' });
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toContain(`is in use by the site server (pid ${holder.child.pid}`);
    expect(second.output()).toContain('Only one process may use a data directory at a time');

    const cli = spawnTracked('scripts/admin-create.ts', ['--email', 'owner@example.com', '--password', 'long-enough-1'], {
      DATA_DIR: dataDir,
    });
    expect((await cli.exited).code).toBe(1);
    expect(cli.output()).toContain('stop the server (Ctrl+C), run this command again');
    expect(cli.output()).toContain('ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=... npm start');
  });

  it('takes over a stale lock left by a process that died', async () => {
    const dataDir = tempDataDir();
    const pid = await deadPid();
    writeFileSync(
      path.join(dataDir, '.lock'),
      JSON.stringify({ pid, host: os.hostname(), bootId: null, startTicks: null, purpose: 'the site server', since: '2026-01-01T00:00:00Z' }),
    );
    const lock = acquireDataDirLock(dataDir, 'test');
    expect(JSON.parse(readFileSync(path.join(dataDir, '.lock'), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(path.join(dataDir, '.lock'))).toBe(false);
  });

  it('refuses a lock whose holder is alive, naming the holder', () => {
    const dataDir = tempDataDir();
    // pid 1 is always alive; the record carries no start time, so only liveness decides.
    writeFileSync(
      path.join(dataDir, '.lock'),
      JSON.stringify({ pid: 1, host: os.hostname(), bootId: null, startTicks: null, purpose: 'db:migrate', since: 'now' }),
    );
    expect(() => acquireDataDirLock(dataDir, 'test')).toThrowError(DataDirLockedError);
    expect(() => acquireDataDirLock(dataDir, 'test')).toThrowError(/in use by db:migrate \(pid 1/);
  });

  it('loses no acknowledged write when the process is killed with SIGKILL during a burst of writes', async () => {
    const dataDir = tempDataDir();
    const burst = spawnTracked('tests/helpers/write-burst.ts', [], { DATA_DIR: dataDir });
    await waitFor(burst, (o) => (o.match(/^ack /gm)?.length ?? 0) >= 300, '300 acknowledged writes');
    burst.child.kill('SIGKILL');
    await burst.exited;
    const acknowledged = [...burst.output().matchAll(/^ack (\S+)$/gm)].map((m) => m[1]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);

    // The dead writer's lock is stale: reopening takes it over, as a restarted server would.
    const opened = await openDatabase(parseEnv({ DATA_DIR: dataDir }), { purpose: 'test' });
    try {
      const { rows } = await opened.db.query<{ slug: string }>("select slug from blog_posts where slug like 'burst-%'");
      const stored = new Set(rows.map((r) => r.slug));
      expect(acknowledged.filter((slug) => !stored.has(slug))).toEqual([]);
    } finally {
      await opened.release();
    }
  });
});
