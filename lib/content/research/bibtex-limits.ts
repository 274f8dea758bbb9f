/**
 * What one BibTeX request may carry: a researcher's whole bibliography (the largest text any form sends, so
 * the server-action body limit is derived from it: lib/validation/action-body.ts); an entry at most 50,000
 * characters (an abstract may have 20,000); the parser at most 3 seconds and 256 MB
 * (lib/content/research/bibtex-reader.ts). Client-safe.
 */
export const BIBTEX_LIMITS = { chars: 300_000, entries: 500, entryChars: 50_000, parseMs: 3_000, parseHeapMb: 256 } as const;
