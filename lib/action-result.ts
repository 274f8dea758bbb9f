import type { z } from 'zod';

/**
 * What every server action answers (docs/architecture.md, "Request flow"): the data it produced, or a message
 * for a toast plus, for a form, one message per field. Client-safe: forms import the type.
 */
export type ActionResult<T = null> =
  | { ok: true; data: T }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };

/**
 * One message per field, keyed by the field's dotted path ('name', 'education.1.endYear'), for forms
 * that show each error next to its field. The first issue of a field wins; issues about the whole
 * input are keyed 'form'.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A form's own check with the server's schema: one message per field, none when the value is valid. */
export function schemaErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

/** The refusal for input that failed its schema: `message` for the toast, the field errors for the form. */
export function invalidInput(
  error: z.ZodError,
  message = error.issues[0]?.message ?? 'Please correct the highlighted fields.',
): { ok: false; error: string; fieldErrors: Record<string, string> } {
  return { ok: false, error: message, fieldErrors: fieldErrorsOf(error) };
}

/**
 * Calls a server action from the browser: a call that throws (no server, no connection) answers
 * `unreachable` like any other refusal, so the form keeps what was typed and says so.
 */
export async function settleAction<T>(action: () => Promise<ActionResult<T>>, unreachable: string, label: string): Promise<ActionResult<T>> {
  try {
    return await action();
  } catch (error) {
    console.error(label, error);
    return { ok: false, error: unreachable };
  }
}
