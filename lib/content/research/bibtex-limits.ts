/** What one BibTeX request may carry: a researcher's whole bibliography, well under the server-action body limit (512 kB). Client-safe. */
export const BIBTEX_LIMITS = { chars: 300_000, entries: 500 } as const;
