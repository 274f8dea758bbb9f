import { IDENTIFIER_LIMITS, IDENTIFIERS_TOO_LONG } from '@/lib/scholarly/identifiers';
import { z } from '@/lib/validation/zod';
import { checkWith } from './lists';
import { paperSchema } from './research';

/**
 * "Add by identifier" in the Research Papers editor (issue 34): the pasted text a lookup reads, and the
 * papers a confirmed import stores. Client-safe: the panel checks with these before it sends.
 */

export const LOOKUP_LIMITS = {
  /** The pasted text, whole (the identifier reader's own limit: far past 50 identifiers of the longest kind). */
  chars: IDENTIFIER_LIMITS.chars,
  /** Papers added at once: as many as one lookup offers at most (an ORCID profile's 100 works and 49 other identifiers). */
  papers: 150,
} as const;

export const LOOKUP_BLANK = 'Paste a DOI, an arXiv id or an ORCID iD.';
export const LOOKUP_TOO_LARGE = IDENTIFIERS_TOO_LONG;
export const LOOKUP_NONE_CHOSEN = 'Tick at least one paper to add.';

/** How chosen papers are stored: with the status their source gives (published or preprint), or as drafts. */
export const LOOKUP_MODES = ['as-source', 'draft'] as const;
export type LookupMode = (typeof LOOKUP_MODES)[number];

export const lookupTextSchema = z
  .string({ error: LOOKUP_BLANK })
  .max(LOOKUP_LIMITS.chars, { error: LOOKUP_TOO_LARGE })
  .refine((text) => text.trim() !== '', { error: LOOKUP_BLANK });

/** Each paper is checked as the editor's own form is: the source's values are only a filled-in form. */
export const lookupImportSchema = z.object({
  papers: z
    .array(paperSchema, { error: LOOKUP_NONE_CHOSEN })
    .min(1, { error: LOOKUP_NONE_CHOSEN })
    .max(LOOKUP_LIMITS.papers, { error: `At most ${LOOKUP_LIMITS.papers} papers at once.` }),
  mode: z.enum(LOOKUP_MODES, { error: 'Choose how the papers are added.' }),
});

export const checkLookupText = (input: unknown) => checkWith(lookupTextSchema, input);
