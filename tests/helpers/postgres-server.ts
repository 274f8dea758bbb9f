import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway real Postgres server (Debian's packages), so integration tests prove the schema on the
 * engine Supabase and DATABASE_URL deployments run, not only on PGlite.
 */
export interface PostgresServer {
  /** Superuser connection to the `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

const PG_ROOT = '/usr/lib/postgresql';

function newestBinDir(): string {
  const versions = existsSync(PG_ROOT)
    ? readdirSync(PG_ROOT)
        .filter((entry) => /^\d+$/.test(entry) && existsSync(path.join(PG_ROOT, entry, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(`No Postgres server binaries under ${PG_ROOT}. Install them with: apt-get install -y postgresql`);
  }
  return path.join(PG_ROOT, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** initdb refuses to run as root, which is how CI runs: then the server runs as the postgres account. */
const asRoot = process.getuid?.() === 0;

function run(command: string, args: string[]): Promise<void> {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    // Settle on 'exit', not 'close': pg_ctl leaves the server running, which may hold inherited pipes open.
    const child = spawn(file, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(command)} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = newestBinDir();
  const owner = asRoot ? postgresAccount() : null;
  const root = mkdtempSync(path.join(os.tmpdir(), 'portfolio-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  const logFile = path.join(root, 'server.log');
  mkdirSync(socketDir);
  if (owner) {
    for (const entry of [root, socketDir]) chownSync(entry, owner.uid, owner.gid);
  }
  try {
    await run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C']);
    const port = await freePort();
    const serverOptions = [
      `-p ${port}`,
      `-k ${socketDir}`,
      "-c listen_addresses='127.0.0.1'",
      // Durability is pointless for a server deleted after the run; these make DDL much faster.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    await run(path.join(bin, 'pg_ctl'), ['start', '-D', dataDir, '-w', '-l', logFile, '-o', serverOptions]);
    let stopped = false;
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          await run(path.join(bin, 'pg_ctl'), ['stop', '-D', dataDir, '-m', 'fast', '-w']);
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    const log = existsSync(logFile) ? `\n${readFileSync(logFile, 'utf8')}` : '';
    rmSync(root, { recursive: true, force: true });
    throw new Error(`Could not start a test Postgres server: ${(error as Error).message}${log}`, { cause: error });
  }
}

function postgresAccount(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) {
    throw new Error('Running as root needs the postgres account to run the test server; install it with: apt-get install -y postgresql');
  }
  return { uid: Number(uid), gid: Number(gid) };
}
