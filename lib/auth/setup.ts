import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The first-run setup link's one-time code. The server script issues it (printing the link) while no
 * admin exists; the Next.js bundle in the same process checks and consumes it. Only its hash is kept,
 * on globalThis because script and bundle load separate copies of this module. Not 'server-only': the
 * plain-Node server script imports it too.
 */
const key = Symbol.for('academic-portfolio.setup-code');
type Store = Record<symbol, Buffer | undefined>;

const digest = (code: string) => createHash('sha256').update(code).digest();

export function issueSetupCode(): string {
  const code = randomBytes(24).toString('base64url');
  (globalThis as Store)[key] = digest(code);
  return code;
}

export function isSetupCodeValid(code: string | null | undefined): boolean {
  const expected = (globalThis as Store)[key];
  if (!expected || !code) return false;
  const actual = digest(code);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Takes the code if it matches: synchronous, so of two parallel submissions only one gets it. The
 * returned function gives it back when creating the account failed, so the operator can retry.
 */
export function consumeSetupCode(code: string): (() => void) | null {
  if (!isSetupCodeValid(code)) return null;
  const store = globalThis as Store;
  const taken = store[key];
  store[key] = undefined;
  return () => {
    store[key] ??= taken;
  };
}
