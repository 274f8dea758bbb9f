import 'server-only';
import type { ActionResult } from '@/lib/action-result';
import { checkWith, storedIdSchema, type InputRefusal } from '@/lib/validation/lists';
import type { z } from '@/lib/validation/zod';
import { adminRefusal, checkAdmin } from './guard';
import type { AuthUser } from './types';

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

/** What a function `failed` is given for a failure with no message meant for the admin, unless `unexpected` says otherwise. */
const UNEXPECTED_FAILURE = 'The change could not be stored. Please try again.';

/**
 * How a failed run is answered. Only AdminFacingError messages reach the admin, never a database's own text.
 * - A function words both kinds: an AdminFacingError's message is answered `failed(message)`; anything else
 *   is logged as `failed('unexpected error')` and answered `failed(unexpected)` (docs/product.md §8's
 *   'Failed to save blog post: {message or Unknown error}').
 * - `{ log, answer }`: an AdminFacingError's message is answered as it is; anything else is logged under `log`
 *   and answered `answer` (made from the error where an editor's words include it).
 */
export type AdminFailure = ((message: string) => string) | { log: string; answer: string | ((error: unknown) => string) };

interface Spec<S extends z.ZodType, R, Context> {
  /** The input's schema; an action that takes no input has none. */
  schema?: S;
  /** The toast's text for input the schema refuses; each field's own message goes to the form. */
  invalid?: InputRefusal;
  /** What a caller who is not an admin is told instead of the Access Denied text (the media library's storage wording). */
  denied?: string;
  /**
   * The work, given the checked input and the admin. A write goes through lib/content (or lib/auth, lib/storage),
   * whose write functions end with afterContentWrite (lib/content/tags.ts): the tags expired and the backup
   * scheduled there, once, whoever calls them.
   */
  run: (data: z.output<S>, context: Context) => Promise<R>;
  failed: AdminFailure;
  /** With a function `failed`: the message for a failure not meant for the admin. */
  unexpected?: string;
}

export interface AdminContext {
  admin: AuthUser;
}

export interface ItemContext extends AdminContext {
  /** The stored item's id, checked. */
  id: string;
}

const built = new WeakSet<object>();

/** Whether a server action was built by adminAction (tests/unit/admin-action-shape.test.ts holds every action to it). */
export function isAdminAction(action: unknown): boolean {
  return typeof action === 'function' && built.has(action);
}

/**
 * The shape of every admin server action (docs/architecture.md, "An admin save"): the session and the admin
 * role re-read first, then the input parsed with its schema (refused with the field errors), then `run`, its
 * failures answered as `failed` says. The role comes first so that an anonymous or non-admin caller gets the
 * Access Denied text whatever it sent, never field errors that would teach it the input's rules.
 *
 * The action's input is its one argument, or what `input` makes of its arguments (`(text, refs) => ({ text, refs })`).
 */
export function adminAction<T, S extends z.ZodType = z.ZodUndefined, Args extends unknown[] = [input?: unknown]>(
  spec: Spec<S, T, AdminContext> & { input?: (...args: Args) => unknown; id?: undefined },
): (...args: Args) => Promise<ActionResult<T>>;
/**
 * An action on one stored item: its id first (checked after the role, before the input), then its input. A
 * malformed id, and a run that answers null (the item was deleted meanwhile), are refused with `id`'s text,
 * worded as `failed` words a message: never written as a new item.
 */
export function adminAction<T, S extends z.ZodType = z.ZodUndefined>(
  spec: Spec<S, T | null, ItemContext> & { id: string },
): (id: unknown, input?: unknown) => Promise<ActionResult<T>>;
export function adminAction(
  spec: Spec<z.ZodType, unknown, ItemContext> & { input?: (...args: unknown[]) => unknown; id?: string },
): (...args: unknown[]) => Promise<ActionResult<unknown>> {
  const facing = typeof spec.failed === 'function' ? spec.failed : (message: string) => message;
  const action = async (...args: unknown[]): Promise<ActionResult<unknown>> => {
    const check = await checkAdmin();
    if (!check.ok) return spec.denied === undefined ? adminRefusal(check) : { ok: false, error: spec.denied };
    let id = '';
    if (spec.id !== undefined) {
      const item = storedIdSchema.safeParse(args[0]);
      if (!item.success) return { ok: false, error: facing(spec.id) };
      id = item.data;
    }
    const input = spec.input ? spec.input(...args) : args[spec.id === undefined ? 0 : 1];
    const checked = spec.schema ? checkWith(spec.schema, input, spec.invalid) : { ok: true as const, data: undefined };
    if (!checked.ok) return checked;
    try {
      const data = await spec.run(checked.data, { admin: check.user, id });
      if (data === null && spec.id !== undefined) return { ok: false, error: facing(spec.id) };
      return { ok: true, data };
    } catch (error) {
      if (error instanceof AdminFacingError) {
        return error.fieldErrors ? { ok: false, error: facing(error.message), fieldErrors: error.fieldErrors } : { ok: false, error: facing(error.message) };
      }
      if (typeof spec.failed === 'function') {
        console.error(spec.failed('unexpected error'), error);
        return { ok: false, error: spec.failed(spec.unexpected ?? UNEXPECTED_FAILURE) };
      }
      console.error(spec.failed.log, error);
      return { ok: false, error: typeof spec.failed.answer === 'function' ? spec.failed.answer(error) : spec.failed.answer };
    }
  };
  built.add(action);
  return action;
}

interface ItemEditor<S extends z.ZodType, T> {
  /** As the editor's messages name one item: 'Failed to save {noun}: …', 'Failed to delete {noun}: …'. */
  noun: string;
  /** The text for an item deleted meanwhile (or a malformed id). */
  gone: string;
  schema: S;
  invalid: InputRefusal;
  create: (values: z.output<S>) => Promise<T>;
  /** Answers null when the item is gone. */
  update: (id: string, values: z.output<S>) => Promise<T | null>;
  remove: (id: string) => Promise<unknown>;
  /** The message for a failure not meant for the admin (UNEXPECTED_FAILURE by default). */
  unexpected?: string;
}

/**
 * An item editor's three actions (Blog, Personal Posts, Research Papers; docs/product.md §§5, 7, 8): add an
 * item, write over one, delete one (one already gone counts as deleted).
 */
export function itemActions<S extends z.ZodType, T>(editor: ItemEditor<S, T>) {
  const { noun, gone, schema, invalid, unexpected } = editor;
  const saveFailed = (message: string) => `Failed to save ${noun}: ${message}`;
  return {
    create: adminAction({ schema, invalid, run: (values) => editor.create(values), failed: saveFailed, unexpected }),
    update: adminAction({ id: gone, schema, invalid, run: (values, { id }) => editor.update(id, values), failed: saveFailed, unexpected }),
    delete: adminAction({
      id: gone,
      run: async (_, { id }) => {
        await editor.remove(id);
        return { id };
      },
      failed: (message) => `Failed to delete ${noun}: ${message}`,
      unexpected,
    }),
  };
}
