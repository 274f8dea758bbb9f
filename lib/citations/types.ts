/**
 * A paper's citation as /research/{id}/cite answers it and the Cite panel shows it (issue 34). Client-safe:
 * types and the check the panel makes of what it fetched.
 */

/** One formatted reference: a CSL style's plain text (what is copied) and its HTML (italics; shown). */
export interface FormattedReference {
  id: string;
  label: string;
  text: string;
  html: string;
}

export interface PaperCitation {
  /** The BibTeX key, as /research.bib gives it; the downloads' file names. */
  key: string;
  bibtex: string;
  ris: string;
  styles: FormattedReference[];
}

function isReference(value: unknown): value is FormattedReference {
  if (typeof value !== 'object' || value === null) return false;
  const { id, label, text, html } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof label === 'string' && typeof text === 'string' && typeof html === 'string';
}

/** Whether a fetched body is a citation (no schema library in the page's bundle for four fields). */
export function isPaperCitation(value: unknown): value is PaperCitation {
  if (typeof value !== 'object' || value === null) return false;
  const { key, bibtex, ris, styles } = value as Record<string, unknown>;
  return typeof key === 'string' && typeof bibtex === 'string' && typeof ris === 'string' && Array.isArray(styles) && styles.every(isReference);
}
