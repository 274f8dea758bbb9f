import { describe, expect, it } from 'vitest';
import { ACCOUNT_SLOWDOWN, accountDelayMs } from '@/lib/auth/rate-limit';

describe('an account under many failed sign-ins is slowed, not blocked', () => {
  it('costs nothing within the free attempts', () => {
    for (let n = 0; n <= ACCOUNT_SLOWDOWN.freeAttempts; n++) expect(accountDelayMs(n)).toBe(0);
  });

  it('then doubles the wait with each attempt, up to a ceiling that still lets the owner in', () => {
    const first = ACCOUNT_SLOWDOWN.freeAttempts + 1;
    expect(accountDelayMs(first)).toBe(ACCOUNT_SLOWDOWN.firstDelayMs);
    expect(accountDelayMs(first + 1)).toBe(2 * ACCOUNT_SLOWDOWN.firstDelayMs);
    expect(accountDelayMs(first + 2)).toBe(4 * ACCOUNT_SLOWDOWN.firstDelayMs);
    expect(accountDelayMs(first + 50)).toBe(ACCOUNT_SLOWDOWN.maxDelayMs);
  });
});
