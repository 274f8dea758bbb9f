'use server';

import { AdminFacingError, runAdminDelete, runAdminUpdate, runAdminWrite } from '@/lib/auth/admin-action';
import { previewLibrary, type ImportPreview } from '@/lib/content/research/bibtex-import';
import { readBibtex } from '@/lib/content/research/bibtex-reader';
import { createPaper, deletePaper, getPapersForEditing, getResearchPaper, importPapers, updatePaper } from '@/lib/content/research/queries';
import { getLookupContactEmail, getSiteSettingsForEditing } from '@/lib/content/settings/queries';
import { effectiveSiteSettings, siteDefaultsOf } from '@/lib/content/settings/rules';
import { getEnv } from '@/lib/env';
import { scholarlyConfig } from '@/lib/scholarly/config';
import { duplicateOf, lookupIdentifiers, refreshFromSource } from '@/lib/scholarly/lookup';
import type { LookupResult, RefreshResult } from '@/lib/scholarly/types';
import { getAboutForEditing } from '@/lib/content/about/queries';
import { checkLookupImport, checkLookupText } from '@/lib/validation/paper-lookup';
import { storedIdSchema } from '@/lib/validation/lists';
import type { ResearchPaper } from '@/lib/content/research/types';
import { checkBibtexImport, checkBibtexText } from '@/lib/validation/bibtex';
import { checkPaper, type PaperValues } from '@/lib/validation/research';
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

/**
 * The sources' configuration for one lookup: their fixed addresses (configuration, never input), and a
 * User-Agent naming the site with the contact address from Settings, as Crossref's etiquette asks.
 */
async function lookupConfig() {
  const [contactEmail, settings, about] = await Promise.all([getLookupContactEmail(), getSiteSettingsForEditing(), getAboutForEditing()]);
  const siteUrl = getEnv().SITE_URL ?? '';
  // Named by the site's title, else the owner's name, else the site's address.
  return scholarlyConfig({ siteName: effectiveSiteSettings(settings, siteDefaultsOf(about)).siteTitle || siteUrl, siteUrl, contactEmail });
}

/**
 * Add by identifier, step one: the DOIs, arXiv ids or ORCID iD in the text looked up at their sources, as
 * the papers they would become, those already on the site flagged. Nothing is written.
 */
export async function lookupIdentifiersAction(text: unknown): Promise<ActionResult<LookupResult>> {
  return runAdminWrite(
    () => checkLookupText(text),
    async (source) => lookupIdentifiers(source, await getPapersForEditing(), await lookupConfig()),
    (message) => `Could not look the papers up: ${message}`,
  );
}

export interface LookupImportResult {
  created: ResearchPaper[];
  /** Chosen papers that were not added: on the site by now (another window, an earlier import), or twice in the list. */
  skipped: number;
}

/**
 * Add by identifier, step two: the papers the owner chose, as the preview showed them (each checked as the
 * editor's form is), stored in one transaction with the status their source gives or as drafts. Papers on
 * the site by then are skipped, checked against the papers stored at that moment.
 */
export async function importLookedUpAction(papers: unknown, mode: unknown): Promise<ActionResult<LookupImportResult>> {
  return runAdminWrite(
    () => checkLookupImport({ papers, mode }),
    async (input) => {
      const { created, result } = await importPapers((stored) => {
        const kept: PaperValues[] = [];
        for (const paper of input.papers) {
          if (duplicateOf(paper, stored, kept)) continue;
          kept.push(input.mode === 'draft' ? { ...paper, status: 'draft' } : paper);
        }
        return { papers: kept, result: input.papers.length - kept.length };
      });
      return { created, skipped: result };
    },
    (message) => `Adding the papers failed: ${message}`,
  );
}

/** Refresh from source: what the paper's DOI or arXiv id gives now, as the paper would be saved. Nothing is written. */
export async function refreshPaperAction(id: unknown): Promise<ActionResult<RefreshResult>> {
  return runAdminWrite(
    () => {
      const checked = storedIdSchema.safeParse(id);
      // Worded as runAdminWrite words a paper deleted meanwhile (below), the same case to the admin.
      return checked.success ? { ok: true as const, data: checked.data } : { ok: false as const, error: `Could not refresh the paper: ${GONE}` };
    },
    async (paperId) => {
      // The one paper (drafts included), from the tagged read every write expires: not the whole list.
      const paper = await getResearchPaper(paperId);
      if (!paper) throw new AdminFacingError(GONE);
      if (!paper.doi && !paper.arxivId) throw new AdminFacingError('This paper has no DOI or arXiv id to refresh it from.');
      return refreshFromSource(paper, await lookupConfig());
    },
    (message) => `Could not refresh the paper: ${message}`,
  );
}
