import { describe, expect, it } from 'vitest';
import { ADMIN_CREATE_USAGE, readAdminCreateArgs } from '../../scripts/lib/admin-create-args';

describe('npm run admin:create: its arguments', () => {
  it.each([
    [[], 'An email is required'],
    [['--email', 'owner@example.com'], 'A password is required'],
    [['--email', 'not-an-email', '--password', 'long-enough-1'], 'The email address is not valid.'],
    [['--email', 'owner@example.com', '--password', 'short'], 'The password must be at least 8 characters.'],
    [['--email', 'owner@example.com', '--password', 'long-enough-1', '--role', 'x'], "Unknown option '--role'"],
    [['--email', 'owner@example.com', '--password', 'long-enough-1', 'extra'], "Unexpected argument 'extra'"],
    [['--email'], "Option '--email <value>' argument missing"],
  ])('refuses %j with a clear message and the usage', (args, message) => {
    const read = readAdminCreateArgs(args);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.message).toContain(message);
    expect(read.message.endsWith(`\n${ADMIN_CREATE_USAGE}`)).toBe(true);
  });

  it('reads the email (trimmed, lower-cased) and the password as given', () => {
    expect(readAdminCreateArgs(['--email', '  Owner@Example.COM ', '--password', ' spaces kept 1 '])).toEqual({
      ok: true,
      data: { email: 'owner@example.com', password: ' spaces kept 1 ' },
    });
    expect(readAdminCreateArgs(['--password=long-enough-1', '--email=owner@example.com'])).toEqual({
      ok: true,
      data: { email: 'owner@example.com', password: 'long-enough-1' },
    });
  });
});
