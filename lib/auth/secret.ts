import 'server-only';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';

const key = Symbol.for('academic-portfolio.auth-secret');
type Store = Record<symbol, Uint8Array | undefined>;

export const SECRET_FILE_NAME = 'auth-secret';

/**
 * Reads DATA_DIR/auth-secret, creating it on first use. `wx` makes creation race-free (a second process
 * or request that loses the race reads the winner's file) and 0600 keeps it from other local users.
 */
export function loadOrCreateSecretFile(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE_NAME);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The key that signs built-in access tokens and freshness stamps: AUTH_SECRET when set, else a random
 * secret generated once into DATA_DIR (never in the repository). Cached on globalThis so the proxy, the
 * pages and the server script agree without reading the file per request.
 */
export function getAuthSecret(): Uint8Array {
  const store = globalThis as Store;
  const cached = store[key];
  if (cached) return cached;
  const env = getEnv();
  const secret = new TextEncoder().encode(env.AUTH_SECRET ?? loadOrCreateSecretFile(env.dataDir));
  store[key] = secret;
  return secret;
}
