import 'server-only';
import { headers } from 'next/headers';

import { clientAddress } from '@/lib/client-address';

/**
 * The security log: one line per authentication event and per refused admin request, on the
 * server's output, so an operator can see sign-ins, failures and probing. Never a password or a token;
 * the address a sign-in was tried with is logged (that is what an operator needs to spot an attack).
 *
 *   auth sign-in-failed email=someone@example.org ip=203.0.113.9 reason=invalid_credentials
 *   auth denied reason=anonymous ip=203.0.113.9 path=/
 */
export type AuthEvent =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-up'
  | 'sign-out'
  | 'password-changed'
  | 'password-change-failed'
  | 'admin-granted'
  | 'admin-revoked'
  | 'denied';

/** A value as one token of the line: no spaces or line breaks a caller's input could use to forge lines. */
function token(value: unknown): string {
  const text = String(value ?? '');
  return text.replace(/[\s"\\]+/g, '_').slice(0, 200) || '-';
}

/** Where the request came from and what it asked for, when there is a request. */
async function requestFields(): Promise<Record<string, string>> {
  try {
    const h = await headers();
    const ip = clientAddress(h);
    const action = h.get('next-action');
    return { ip, ...(action ? { action: action.slice(0, 16) } : {}) };
  } catch {
    return {};
  }
}

export async function auditLog(event: AuthEvent, fields: Record<string, unknown> = {}): Promise<void> {
  const all = { ...fields, ...(await requestFields()) };
  const line = `auth ${event}${Object.entries(all)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => ` ${key}=${token(value)}`)
    .join('')}`;
  if (event === 'denied' || event.endsWith('-failed')) console.warn(line);
  else console.info(line);
}
