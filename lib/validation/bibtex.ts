import { BIBTEX_LIMITS } from '@/lib/content/research/bibtex-limits';
import { fieldErrorsOf } from '@/lib/action-result';
import { z } from '@/lib/validation/zod';

/** The BibTeX import's input (issue 14): the .bib text and, to import, the entries ticked in its preview. Client-safe. */

export const BIBTEX_TOO_LARGE = `That file is too large to import at once (at most ${BIBTEX_LIMITS.chars.toLocaleString('en-US')} characters); split it into smaller files.`;
export const BIBTEX_BLANK = 'Paste the contents of a .bib file, or choose one.';

const bibtexText = z
  .string({ error: BIBTEX_BLANK })
  .max(BIBTEX_LIMITS.chars, { error: BIBTEX_TOO_LARGE })
  .refine((text) => text.trim() !== '', { error: BIBTEX_BLANK });

const importSchema = z.object({
  text: bibtexText,
  refs: z
    .array(z.string().regex(/^\d{1,4}$/, { error: 'An entry reference is not valid.' }), { error: 'Choose the entries to import.' })
    .min(1, { error: 'Tick at least one entry to import.' })
    .max(BIBTEX_LIMITS.entries, { error: `At most ${BIBTEX_LIMITS.entries} entries at once.` }),
});

type Checked<T> = { ok: true; data: T } | { ok: false; error: string; fieldErrors: Record<string, string> };

function check<S extends z.ZodType>(schema: S, input: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, error: parsed.error.issues[0]?.message ?? BIBTEX_BLANK, fieldErrors: fieldErrorsOf(parsed.error) };
}

export const checkBibtexText = (input: unknown) => check(bibtexText, input);
export const checkBibtexImport = (input: unknown) => check(importSchema, input);
