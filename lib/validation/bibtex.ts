import { BIBTEX_LIMITS } from '@/lib/content/research/bibtex-limits';
import { z } from '@/lib/validation/zod';
import { checkWith } from './lists';

/** The BibTeX import's input (issue 14): the .bib text and, to import, the entries ticked in its preview. Client-safe. */

export const BIBTEX_TOO_LARGE = `That file is too large to import at once (at most ${BIBTEX_LIMITS.chars.toLocaleString('en-US')} characters); split it into smaller files.`;
export const BIBTEX_BLANK = 'Paste the contents of a .bib file, or choose one.';

export const bibtexTextSchema = z
  .string({ error: BIBTEX_BLANK })
  .max(BIBTEX_LIMITS.chars, { error: BIBTEX_TOO_LARGE })
  .refine((text) => text.trim() !== '', { error: BIBTEX_BLANK });

export const bibtexImportSchema = z.object({
  text: bibtexTextSchema,
  refs: z
    .array(z.string().regex(/^\d{1,4}$/, { error: 'An entry reference is not valid.' }), { error: 'Choose the entries to import.' })
    .min(1, { error: 'Tick at least one entry to import.' })
    .max(BIBTEX_LIMITS.entries, { error: `At most ${BIBTEX_LIMITS.entries} entries at once.` }),
});

export const checkBibtexText = (input: unknown) => checkWith(bibtexTextSchema, input);
export const checkBibtexImport = (input: unknown) => checkWith(bibtexImportSchema, input);
