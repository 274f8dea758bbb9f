import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMonthYear, formatRelativeTime, plural, truncate } from '@/lib/format';

describe('dates in US English long form', () => {
  it('runs west of UTC, where a date read as UTC midnight falls on the day before', () => {
    expect(new Date('2026-03-05').getDate()).toBe(4);
  });

  it('formats calendar dates without shifting the day', () => {
    expect(formatLongDate('2026-03-05')).toBe('March 5, 2026');
    expect(formatLongDate('2025-12-31')).toBe('December 31, 2025');
    expect(formatMonthYear('2026-03-05')).toBe('March 2026');
    expect(formatMonthYear('2024-09')).toBe('September 2024');
    expect(formatLongDate('not a date')).toBe('not a date');
  });
});

describe('relative time', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [60_000, '1 minute ago'],
    [59 * 60_000, '59 minutes ago'],
    [3_600_000, '1 hour ago'],
    [23 * 3_600_000, '23 hours ago'],
    [86_400_000, '1 day ago'],
    [6 * 86_400_000, '6 days ago'],
    [7 * 86_400_000, '1 week ago'],
    [29 * 86_400_000, '4 weeks ago'],
    [30 * 86_400_000, '1 month ago'],
    [95 * 86_400_000, '3 months ago'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });
});

describe('counts', () => {
  it('writes a count with the noun that agrees with it, thousands grouped', () => {
    expect(plural(1, 'paper')).toBe('1 paper');
    expect(plural(0, 'result')).toBe('0 results');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
    expect(plural(1_024, 'work')).toBe('1,024 works');
    expect(plural(0.3, 'second')).toBe('0.3 seconds');
  });
});

describe('text cuts', () => {
  it('keeps short text and cuts long text at the limit plus an ellipsis', () => {
    expect(truncate('short', 150)).toBe('short');
    expect(truncate('a'.repeat(150), 150)).toBe('a'.repeat(150));
    expect(truncate('a'.repeat(151), 150)).toBe(`${'a'.repeat(150)}...`);
  });
});
