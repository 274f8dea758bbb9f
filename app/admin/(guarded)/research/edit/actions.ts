'use server';

import { AdminFacingError, runAdminDelete, runAdminUpdate, runAdminWrite } from '@/lib/auth/admin-action';
import { previewLibrary, type ImportPreview } from '@/lib/content/research/bibtex-import';
import { readBibtex } from '@/lib/content/research/bibtex-reader';
import { createPaper, deletePaper, getPapersForEditing, importPapers, updatePaper } from '@/lib/content/research/queries';
import type { ResearchPaper } from '@/lib/content/research/types';
import { checkBibtexImport, checkBibtexText } from '@/lib/validation/bibtex';
import { checkPaper } from '@/lib/validation/research';
import type { ActionResult } from '@/lib/action-result';

const GONE = 'This paper no longer exists; it may have been deleted in another window.';
const saveFailed = (message: string) => `Failed to save research paper: ${message}`;

/** Research Papers editor: add a paper (docs/product.md §§5, 7, 8). */
export async function createPaperAction(input: unknown): Promise<ActionResult<ResearchPaper>> {
  return runAdminWrite(() => checkPaper(input), createPaper, saveFailed);
}

/** Research Papers editor: write over one paper. */
export async function updatePaperAction(id: unknown, input: unknown): Promise<ActionResult<ResearchPaper>> {
  return runAdminUpdate(id, () => checkPaper(input), updatePaper, saveFailed, GONE);
}

/** Research Papers editor: delete one paper. */
export async function deletePaperAction(id: unknown): Promise<ActionResult<{ id: string }>> {
  return runAdminDelete(id, deletePaper, (message) => `Failed to delete research paper: ${message}`, GONE);
}

/** BibTeX import, step one: the entries of a .bib file as the papers they would become, duplicates flagged. */
export async function previewBibtexAction(text: unknown): Promise<ActionResult<ImportPreview>> {
  return runAdminWrite(
    () => checkBibtexText(text),
    async (source) => {
      const read = await readBibtex(source);
      return 'refused' in read ? read.refused : previewLibrary(read.library, read.formulas, await getPapersForEditing());
    },
    (message) => `Could not read the BibTeX: ${message}`,
  );
}

export interface BibtexImportResult {
  created: ResearchPaper[];
  /** Ticked entries that were not imported: on the site by now, or no longer in the file. */
  skipped: number;
}

/**
 * BibTeX import, step two: the ticked entries (by their place in the same text) stored in one transaction.
 * The file is parsed again against the papers stored at that moment, so what the preview flagged, or what
 * another window added since, is never stored twice.
 */
export async function importBibtexAction(text: unknown, refs: unknown): Promise<ActionResult<BibtexImportResult>> {
  return runAdminWrite(
    () => checkBibtexImport({ text, refs }),
    async (input) => {
      const wanted = new Set(input.refs);
      const read = await readBibtex(input.text);
      if ('refused' in read) throw new AdminFacingError(read.refused.problems[0]?.reason ?? 'the file could not be read.');
      const { created, result } = await importPapers((stored) => {
        const chosen = previewLibrary(read.library, read.formulas, stored).entries.filter((entry) => wanted.has(entry.ref) && !entry.duplicate);
        return { papers: chosen.map((entry) => entry.paper), result: wanted.size - chosen.length };
      });
      return { created, skipped: result };
    },
    (message) => `Import failed: ${message}`,
  );
}
