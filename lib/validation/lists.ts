import { fieldErrorsOf, invalidInput } from '@/lib/action-result';
import { z } from '@/lib/validation/zod';

/**
 * Lists of short texts the editors share (technologies, highlights, tags). Client-safe: the forms use
 * the same rules the server actions apply.
 */

/** Same text, ignoring case and surrounding space: 'Python' and 'python ' are one entry. */
export function entryKey(entry: string): string {
  return entry.trim().toLocaleLowerCase();
}

/** Trimmed, blanks dropped, repeats (ignoring case) dropped with the first spelling kept. */
export function uniqueEntries(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    const key = entryKey(entry);
    if (!entry || seen.has(key)) continue;
    seen.add(key);
    kept.push(entry);
  }
  return kept;
}

/** Trimmed and blanks dropped; repeats kept (two highlights may say the same thing). */
export function nonBlankEntries(entries: readonly string[]): string[] {
  return entries.map((entry) => entry.trim()).filter(Boolean);
}

/** Whether `entry` would be a new member of `entries` (not blank, not a repeat ignoring case). */
export function isNewEntry(entries: readonly string[], entry: string): boolean {
  const key = entryKey(entry);
  return key !== '' && !entries.some((existing) => entryKey(existing) === key);
}

/** A bounded, trimmed text field with messages that name it. */
export function boundedText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` });
}

/** A list of short texts: each bounded, at most `maxItems`, then cleaned by `clean`. */
export function textList(label: string, maxItems: number, maxLength: number, clean: (entries: readonly string[]) => string[]) {
  return z
    .array(z.string({ error: `Each ${label} must be text.` }).max(maxLength, { error: `Each ${label} must be at most ${maxLength} characters.` }), {
      error: `${label[0]?.toUpperCase()}${label.slice(1)}s must be a list.`,
    })
    .max(maxItems, { error: `At most ${maxItems} ${label}s.` })
    .transform(clean);
}

/** An http(s) address, as a link field needs it: nothing a browser would run (javascript:, data:). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A stored link as a read hands it on: trimmed, or null when blank or when it fails `rule`. A row written
 * before a rule, or by hand in the database, then reaches no page, feed or BibTeX file with an address a
 * browser would run.
 */
export function storedLink(value: string | null, rule: (value: string) => boolean = isHttpUrl): string | null {
  const trimmed = value?.trim();
  return trimmed && rule(trimmed) ? trimmed : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id is a stored row's (a uuid), not an unsaved item's temporary one. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

let temporaryCount = 0;
/** A temporary id for an unsaved item ('exp-…', 'proj-…'): unique within the page and across reloads. */
export function newTemporaryId(prefix: string, now: number = Date.now()): string {
  temporaryCount += 1;
  return `${prefix}${now.toString(36)}-${temporaryCount}`;
}

/** An item id in a saved list: a stored uuid, or a temporary id with the given prefix. */
export function listItemId(prefix: string, label: string) {
  const invalid = `The ${label} id is not valid.`;
  return z
    .string({ error: invalid })
    .max(80, { error: invalid })
    .refine((id) => isUuid(id) || (id.startsWith(prefix) && /^[\w-]+$/.test(id)), { error: invalid });
}

/** docs/product.md §5: comma-separated text as a list, each entry trimmed, empties dropped. */
export function splitCommaList(text: string | readonly string[]): string[] {
  const parts = typeof text === 'string' ? text.split(',') : text.flatMap((entry) => entry.split(','));
  return nonBlankEntries(parts);
}

/** A calendar date as a date input gives it ('2026-11-23'), and a real day. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/** Today in the admin's own calendar, as a date input shows it. */
export function todayDate(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Nothing typed: no value, blank text, or a list (or comma text) of blanks. */
function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return splitCommaList(value).length === 0;
  if (Array.isArray(value)) return value.every((entry) => typeof entry !== 'string' || entry.trim() === '');
  return false;
}

/** What the toast says for input its schema refuses: a fixed text, or one made from the refusal; by default its first issue's message. */
export type InputRefusal = string | ((error: z.ZodError, input: unknown) => string);

/**
 * A form's check of its input, and its server action's (lib/auth/admin-action.ts): the schema's value, or its
 * refusal with one message per field and `invalid`'s text for the toast.
 */
export function checkWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  invalid?: InputRefusal,
): { ok: true; data: z.output<S> } | { ok: false; error: string; fieldErrors: Record<string, string> } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  return invalidInput(parsed.error, typeof invalid === 'function' ? invalid(parsed.error, input) : invalid);
}

/**
 * An item editor's refusal (docs/product.md §5): its own `message` when one of the required `fields` is
 * missing, else the first field's message.
 */
export function requiredFirst(fields: readonly string[], message: string): (error: z.ZodError, input: unknown) => string {
  return (error, input) => {
    const fieldErrors = fieldErrorsOf(error);
    const given = (input ?? {}) as Record<string, unknown>;
    return fields.some((field) => field in fieldErrors && isBlank(given[field])) ? message : (error.issues[0]?.message ?? message);
  };
}

/** A stored row's id, as an update or delete names it. */
export const storedIdSchema = z.string({ error: 'The id must be text.' }).refine(isUuid, { error: 'The id is not valid.' });
