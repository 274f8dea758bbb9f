import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { copyPreparedData } from './prepared-data';

export const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export function tempDataDir(prefix = 'portfolio-data-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ScriptRun {
  child: ChildProcess;
  /** Everything the process printed so far, stdout and stderr interleaved. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Every child still running: when the test process exits (done, failed or interrupted), none outlives it. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Kills `child` when the test process exits, if it is still running then (one exit listener for all). */
export function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/** Runs a script of this repository in its own Node process (as `npm run` would, minus npm), TypeScript through tsx. */
export function runScript(script: string, args: string[] = [], env: Record<string, string> = {}): ScriptRun {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, path.join(repoRoot, script), ...args], {
    cwd: repoRoot,
    // No citation schedule unless a test asks for one (REFRESH_SCHEDULE=true): it would ask the sources.
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', REFRESH_SCHEDULE: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killOnExit(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => text, exited };
}

export interface SiteServer extends ScriptRun {
  url: string;
  dataDir: string;
  /** SIGTERM, then waits for the exit; answers the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>;
}

export interface SiteOptions {
  /** An existing DATA_DIR (a restart on the same data); by default a new one, see preparedDataDir. */
  dataDir?: string;
  /** A first start on an empty DATA_DIR: the server creates, migrates and seeds its database itself. */
  fresh?: boolean;
  env?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * A new DATA_DIR for a server: in embedded mode, unless `fresh`, with the database a first start would leave
 * (tests/helpers/prepared-data.ts: migrated, and seeded unless SEED_SAMPLE_CONTENT=false), copied instead of
 * made, so the server starts in about a second instead of five to eight.
 */
export async function preparedDataDir(options: Pick<SiteOptions, 'fresh' | 'env'> = {}): Promise<string> {
  const dataDir = tempDataDir();
  const env = options.env ?? {};
  if (options.fresh || env.DATABASE_URL || env.NEXT_PUBLIC_SUPABASE_URL) return dataDir;
  await copyPreparedData(env.SEED_SAMPLE_CONTENT === 'false' ? 'migrated' : 'seeded', path.join(dataDir, 'pglite'));
  return dataDir;
}

/**
 * Starts the production site (`npm start`'s script) on a free loopback port with its own DATA_DIR,
 * resolving once it prints that it is ready. The build must exist already (globalSetup makes it).
 */
export async function startSite(options: SiteOptions = {}): Promise<SiteServer> {
  const dataDir = options.dataDir ?? (await preparedDataDir(options));
  const port = await freePort();
  const run = runScript('scripts/start.mjs', [], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...options.env });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The site did not start in time:\n${run.output()}`)), options.timeoutMs ?? 120_000);
    const onData = () => {
      if (run.output().includes('Ready on http://')) {
        clearTimeout(timer);
        resolve();
      }
    };
    run.child.stdout?.on('data', onData);
    void run.exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`The site exited (code ${code}) before it was ready:\n${run.output()}`));
    });
  });
  return {
    ...run,
    url,
    dataDir,
    async stop() {
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM');
      return (await run.exited).code;
    },
    async kill() {
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
      await run.exited;
    },
  };
}
