import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

/**
 * Password hashes: scrypt with a per-user salt, the parameters recorded with the hash so they can be
 * raised later without invalidating stored passwords. Format: scrypt$N$r$p$salt$hash (base64url).
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

/**
 * Each hash takes ~50-100 ms of a core and 32 MB. A burst of sign-ins or sign-ups must not take every core
 * (or libuv's thread pool, which file reads share) from page rendering: hashes run one at a time, and
 * past a short queue a request is turned away at once instead of waiting without end.
 */
export const HASH_QUEUE = { concurrency: 1, maxWaiting: 16 } as const;

export class PasswordCheckBusyError extends Error {
  constructor() {
    super('The server is busy checking other passwords. Please try again in a moment.');
  }
}

const hashes = pLimit(HASH_QUEUE.concurrency);

/** Runs a hash in its turn, in the order asked; refuses it at once when HASH_QUEUE.maxWaiting wait already. */
function inHashQueue<T>(work: () => Promise<T>): Promise<T> {
  if (hashes.pendingCount >= HASH_QUEUE.maxWaiting) return Promise.reject(new PasswordCheckBusyError());
  return hashes(work);
}

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return inHashQueue(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
