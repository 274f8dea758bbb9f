import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, killOnExit, preparedDataDir, repoRoot, type ScriptRun, type SiteOptions } from './site-server';

export interface NextServer extends ScriptRun {
  url: string;
  /** SIGTERM, then waits for the exit; answers the exit code and signal. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface NextStartServer extends NextServer {
  dataDir: string;
}

/**
 * Plain `next start` of a production build on a free loopback port: the site's, or with `dir` that of another
 * app of the repository (a folder relative to its root: the Lighthouse floor, benchmarks/floor). Resolves once
 * the home page answers, or once the server has exited (the caller reads why from its output).
 */
export async function startNext(options: { dir?: string; env?: Record<string, string>; timeoutMs?: number } = {}): Promise<NextServer> {
  const port = await freePort();
  const project = options.dir ? [options.dir] : [];
  const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', ...project, '-p', String(port), '-H', '127.0.0.1'], {
    cwd: repoRoot,
    // No citation schedule unless a test asks for one (REFRESH_SCHEDULE=true): it would ask the sources.
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', REFRESH_SCHEDULE: 'false', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  killOnExit(child);
  const url = `http://127.0.0.1:${port}`;
  const run: ScriptRun = { child, output: () => text, exited };
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  let gone = false;
  void exited.then(() => (gone = true));
  for (;;) {
    if (gone) break;
    const answer = await fetch(url).catch(() => null);
    if (answer?.ok) break;
    if (Date.now() > deadline) throw new Error(`next start did not answer in time:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    ...run,
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * Runs the site's production build with plain `next start`, as a deployment on any Node host would: no
 * scripts/start.ts, only Next.js and its instrumentation hook, on a DATA_DIR of its own.
 */
export async function startNextStart(options: SiteOptions = {}): Promise<NextStartServer> {
  const dataDir = options.dataDir ?? (await preparedDataDir(options));
  return { ...(await startNext({ env: { DATA_DIR: dataDir, ...options.env }, timeoutMs: options.timeoutMs })), dataDir };
}
