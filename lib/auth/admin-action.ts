import 'server-only';
import type { ActionResult } from '@/lib/action-result';
import { storedIdSchema } from '@/lib/validation/lists';
import { adminRefusal, checkAdmin } from './guard';

/** An error whose message is meant for the admin (a duplicate slug, a record gone): shown as it is. */
export class AdminFacingError extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AdminFacingError';
  }
}

type Checked<I> = { ok: true; data: I } | { ok: false; error: string; fieldErrors?: Record<string, string> };

/** What `failed(…)` is given for a failure with no message meant for the admin, unless an editor's words say otherwise. */
export const UNEXPECTED_FAILURE = 'The change could not be stored. Please try again.';

/**
 * The shape of every item editor's server action (ARCHITECTURE.md, "Request flow"): the input already
 * checked by its schema (refused with the field errors), the admin role re-read, then the write. A
 * failure is logged and answered with `failed(message)`; only AdminFacingError messages reach the admin,
 * never a database's own text: any other failure is `failed(unexpected)` (the specification's
 * '{message or Unknown error}' for the blog and personal posts).
 */
export async function runAdminWrite<I, T>(
  checked: Checked<I>,
  write: (data: I) => Promise<T>,
  failed: (message: string) => string,
  unexpected: string = UNEXPECTED_FAILURE,
): Promise<ActionResult<T>> {
  if (!checked.ok) return { ok: false, error: checked.error, fieldErrors: checked.fieldErrors };
  const admin = await checkAdmin();
  if (!admin.ok) return adminRefusal(admin);
  try {
    return { ok: true, data: await write(checked.data) };
  } catch (error) {
    if (error instanceof AdminFacingError) return { ok: false, error: failed(error.message), fieldErrors: error.fieldErrors };
    console.error(failed('unexpected error'), error);
    return { ok: false, error: failed(unexpected) };
  }
}

/**
 * An update of one stored item by id: a malformed id or an item deleted meanwhile is refused with
 * `gone`, not written as a new item.
 */
export async function runAdminUpdate<I, T>(
  id: unknown,
  checked: Checked<I>,
  write: (id: string, data: I) => Promise<T | null>,
  failed: (message: string) => string,
  gone: string,
  unexpected?: string,
): Promise<ActionResult<T>> {
  const itemId = storedIdSchema.safeParse(id);
  if (!itemId.success) return { ok: false, error: failed(gone) };
  return runAdminWrite(
    checked,
    async (data) => {
      const written = await write(itemId.data, data);
      if (written === null) throw new AdminFacingError(gone);
      return written;
    },
    failed,
    unexpected,
  );
}

/** A delete of one stored item by id; one already gone counts as deleted. */
export async function runAdminDelete(
  id: unknown,
  remove: (id: string) => Promise<unknown>,
  failed: (message: string) => string,
  gone: string,
  unexpected?: string,
): Promise<ActionResult<{ id: string }>> {
  const itemId = storedIdSchema.safeParse(id);
  return runAdminWrite(
    itemId.success ? { ok: true, data: itemId.data } : { ok: false, error: failed(gone) },
    async (checked) => {
      await remove(checked);
      return { id: checked };
    },
    failed,
    unexpected,
  );
}
