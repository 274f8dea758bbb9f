import { describe, expect, it } from 'vitest';

import { DECIMAL_MB, formatBytes, GB, KB, MB } from '@/lib/bytes.mjs';

/** Issue 44: one megabyte (2^20 bytes, written "MB") and one way of writing a size. */
describe('sizes', () => {
  it('writes bytes, then KB, MB and GB with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(KB)).toBe('1.0 KB');
    expect(formatBytes(3.1 * KB)).toBe('3.1 KB');
    expect(formatBytes(MB - 1)).toBe('1024.0 KB');
    expect(formatBytes(10 * MB)).toBe('10.0 MB');
    expect(formatBytes(12 * MB + 1)).toBe('12.0 MB');
    expect(formatBytes(4 * GB)).toBe('4.0 GB');
    expect(formatBytes(10 * 1024 * GB)).toBe('10240.0 GB');
  });

  it('leaves out a ".0" when asked, and counts in powers of 1000 when asked', () => {
    expect(formatBytes(2 * MB, { short: true })).toBe('2 MB');
    expect(formatBytes(1.5 * MB, { short: true })).toBe('1.5 MB');
    expect(formatBytes(1_828_388, { decimal: true })).toBe('1.8 MB');
    expect(formatBytes(2 * DECIMAL_MB, { decimal: true, short: true })).toBe('2 MB');
    expect(formatBytes(999, { decimal: true })).toBe('999 B');
  });
});
