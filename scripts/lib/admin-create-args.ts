import { parseArgs } from 'node:util';
import { adminCredentialsSchema, type AdminCredentials } from '@/lib/validation/admin-provisioning';

export const ADMIN_CREATE_USAGE = "Usage: npm run admin:create -- --email you@example.com --password 'at-least-8-characters'";

/**
 * `npm run admin:create`'s arguments, read before anything is opened: the credentials, or the message
 * (what is wrong, then the usage line) that the command prints before it exits with 1.
 */
export function readAdminCreateArgs(args: string[]): { ok: true; data: AdminCredentials } | { ok: false; message: string } {
  let values: { email?: string; password?: string };
  try {
    ({ values } = parseArgs({ args, options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true }));
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n${ADMIN_CREATE_USAGE}` };
  }
  const parsed = adminCredentialsSchema.safeParse(values);
  if (!parsed.success) return { ok: false, message: `${parsed.error.issues.map((i) => i.message).join('\n')}\n${ADMIN_CREATE_USAGE}` };
  return { ok: true, data: parsed.data };
}
