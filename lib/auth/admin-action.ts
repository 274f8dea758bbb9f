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
 * The shape of every item editor's server action (docs/architecture.md, "Request flow"): the session and the
 * admin role re-read first, then the input checked by `check` (refused with the field errors), then the
 * write. `check` is a function so that it runs only for an admin: an anonymous or non-admin caller gets
 * the Access Denied text whatever it sent, never field errors that would teach it the input's rules. A
 * failure is logged and answered with `failed(message)`; only AdminFacingError messages reach the admin,
 * never a database's own text: any other failure is `failed(unexpected)` (docs/product.md §8's
 * '{message or Unknown error}' for the blog and personal posts).
 */
export async function runAdminWrite<I, T>(
  check: () => Checked<I>,
  write: (data: I) => Promise<T>,
  failed: (message: string) => string,
  unexpected: string = UNEXPECTED_FAILURE,
): Promise<ActionResult<T>> {
  const admin = await checkAdmin();
  if (!admin.ok) return adminRefusal(admin);
  const checked = check();
  if (!checked.ok) return checked;
  try {
    return { ok: true, data: await write(checked.data) };
  } catch (error) {
    if (error instanceof AdminFacingError) return { ok: false, error: failed(error.message), fieldErrors: error.fieldErrors };
    console.error(failed('unexpected error'), error);
    return { ok: false, error: failed(unexpected) };
  }
}

/** A stored item's id, checked (after the admin check, like the rest of the input): a malformed one is refused with `gone`. */
function checkId(id: unknown, gone: string): Checked<string> {
  const itemId = storedIdSchema.safeParse(id);
  return itemId.success ? { ok: true, data: itemId.data } : { ok: false, error: gone };
}

/**
 * An update of one stored item by id, in runAdminWrite's order (admin, then id and input): a malformed id
 * or an item deleted meanwhile is refused with `gone`, not written as a new item.
 */
export async function runAdminUpdate<I, T>(
  id: unknown,
  check: () => Checked<I>,
  write: (id: string, data: I) => Promise<T | null>,
  failed: (message: string) => string,
  gone: string,
  unexpected?: string,
): Promise<ActionResult<T>> {
  return runAdminWrite(
    (): Checked<{ id: string; data: I }> => {
      const itemId = checkId(id, failed(gone));
      if (!itemId.ok) return itemId;
      const checked = check();
      return checked.ok ? { ok: true, data: { id: itemId.data, data: checked.data } } : checked;
    },
    async (item) => {
      const written = await write(item.id, item.data);
      if (written === null) throw new AdminFacingError(gone);
      return written;
    },
    failed,
    unexpected,
  );
}

/** A delete of one stored item by id, in runAdminWrite's order; one already gone counts as deleted. */
export async function runAdminDelete(
  id: unknown,
  remove: (id: string) => Promise<unknown>,
  failed: (message: string) => string,
  gone: string,
  unexpected?: string,
): Promise<ActionResult<{ id: string }>> {
  return runAdminWrite(
    () => checkId(id, failed(gone)),
    async (itemId) => {
      await remove(itemId);
      return { id: itemId };
    },
    failed,
    unexpected,
  );
}
