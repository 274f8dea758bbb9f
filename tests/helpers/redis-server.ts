import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, killOnExit } from './site-server';

/**
 * A throwaway Redis server (Debian's redis-server) on a free port in a temporary directory, for the
 * tests of the cache several instances share. It can be stopped and started again on the same port, as
 * a Redis that goes away and comes back.
 */
export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: gone at once, as a crashed or unreachable Redis is). */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty: it keeps nothing on disk). */
  restart(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as a Redis that hangs. */
  pause(): void;
  /** Lets a frozen server go on (SIGCONT). */
  resume(): void;
  stop(): Promise<void>;
}

const REDIS_SERVER = '/usr/bin/redis-server';

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startRedis(): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`No ${REDIS_SERVER}. Install it with: apt-get install -y redis-server`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;

  const launch = async () => {
    const started = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    child = started;
    killOnExit(started);
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (started.exitCode !== null) throw new Error(`redis-server exited with ${started.exitCode}`);
      if (Date.now() > deadline) throw new Error('redis-server did not answer in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const kill = async () => {
    const current = child;
    child = null;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGKILL');
    await exited;
  };

  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    restart: launch,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
