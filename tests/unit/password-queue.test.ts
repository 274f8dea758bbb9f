import { describe, expect, it } from 'vitest';
import { HASH_QUEUE, PasswordCheckBusyError, hashPassword, verifyPassword } from '@/lib/auth/password';

describe('password hashing runs through a bounded queue', () => {
  it('turns a request away at once when the queue is full, and every queued hash still completes', async () => {
    const burst = HASH_QUEUE.concurrency + HASH_QUEUE.maxWaiting + 3;
    const results = await Promise.allSettled(Array.from({ length: burst }, (_, i) => hashPassword(`password-${i}`)));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(PasswordCheckBusyError);
    const first = results[0];
    expect(first.status).toBe('fulfilled');
    expect(await verifyPassword('password-0', (first as PromiseFulfilledResult<string>).value)).toBe(true);
  });
});
