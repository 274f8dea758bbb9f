import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASH_QUEUE, PasswordCheckBusyError, verifyPassword } from '@/lib/auth/password';

/**
 * A stored hash at a tiny cost (N = 16): verifying it goes through the same queue as any other, but takes
 * microseconds instead of the real parameters' ~100 ms, so the burst below does not take seconds (18 real
 * hashes met Vitest's 5 s timeout on a busy machine).
 */
function cheapStoredHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 16, r: 8, p: 1 });
  return ['scrypt', 16, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('password hashing runs through a bounded queue', () => {
  it('turns a request away at once when the queue is full, and every queued hash still completes', async () => {
    const stored = cheapStoredHash('password-0');
    const burst = HASH_QUEUE.concurrency + HASH_QUEUE.maxWaiting + 3;
    const results = await Promise.allSettled(Array.from({ length: burst }, () => verifyPassword('password-0', stored)));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(PasswordCheckBusyError);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<boolean>).value)).toEqual(
      Array.from({ length: burst - 3 }, () => true),
    );
  });
});
