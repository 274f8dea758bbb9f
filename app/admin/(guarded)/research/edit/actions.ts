'use server';

import { AdminFacingError, adminAction, itemActions } from '@/lib/auth/admin-action';
import { previewLibrary } from '@/lib/content/research/bibtex-import';
import { readBibtex } from '@/lib/content/research/bibtex-reader';
import { createPaper, deletePaper, getPapersForEditing, getResearchPaper, importPapers, updatePaper } from '@/lib/content/research/queries';
import { duplicateOf, lookupFoundWorks, lookupIdentifiers, refreshFromSource } from '@/lib/scholarly/lookup';
import { getAboutForEditing } from '@/lib/content/about/queries';
import { ownerOrcid } from '@/lib/content/about/types';
import { dismissWorks } from '@/lib/content/research/citations';
import { foundWorkKeysSchema } from '@/lib/validation/citations';
import { siteScholarlyConfig } from '@/lib/scholarly/site-config';
import { lookupImportSchema, lookupTextSchema } from '@/lib/validation/paper-lookup';
import type { ResearchPaper } from '@/lib/content/research/types';
import { bibtexImportSchema, bibtexTextSchema } from '@/lib/validation/bibtex';
import { paperRefusal, paperSchema, type PaperValues } from '@/lib/validation/research';

const GONE = 'This paper no longer exists; it may have been deleted in another window.';

/** Research Papers editor (docs/product.md §§5, 7, 8): add a paper, write over one, delete one. */
const papers = itemActions({
  noun: 'research paper',
  gone: GONE,
  schema: paperSchema,
  invalid: paperRefusal,
  create: createPaper,
  update: updatePaper,
  remove: deletePaper,
});

export const createPaperAction = papers.create;
export const updatePaperAction = papers.update;
export const deletePaperAction = papers.delete;

/** BibTeX import, step one: the entries of a .bib file as the papers they would become, duplicates flagged. */
export const previewBibtexAction = adminAction({
  schema: bibtexTextSchema,
  run: async (source) => {
    const read = await readBibtex(source);
    return 'refused' in read ? read.refused : previewLibrary(read.library, read.formulas, await getPapersForEditing());
  },
  failed: (message) => `Could not read the BibTeX: ${message}`,
});

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
export const importBibtexAction = adminAction({
  input: (text: unknown, refs: unknown) => ({ text, refs }),
  schema: bibtexImportSchema,
  run: async (input): Promise<BibtexImportResult> => {
    const wanted = new Set(input.refs);
    const read = await readBibtex(input.text);
    if ('refused' in read) throw new AdminFacingError(read.refused.problems[0]?.reason ?? 'the file could not be read.');
    const { created, result } = await importPapers((stored) => {
      const chosen = previewLibrary(read.library, read.formulas, stored).entries.filter((entry) => wanted.has(entry.ref) && !entry.duplicate);
      return { papers: chosen.map((entry) => entry.paper), result: wanted.size - chosen.length };
    });
    return { created, skipped: result };
  },
  failed: (message) => `Import failed: ${message}`,
});

/**
 * Add by identifier, step one: the DOIs, arXiv ids or ORCID iD in the text looked up at their sources, as
 * the papers they would become, those already on the site flagged. Nothing is written.
 */
export const lookupIdentifiersAction = adminAction({
  schema: lookupTextSchema,
  run: async (source) => lookupIdentifiers(source, await getPapersForEditing(), await siteScholarlyConfig()),
  failed: (message) => `Could not look the papers up: ${message}`,
});

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
export const importLookedUpAction = adminAction({
  input: (papers: unknown, mode: unknown) => ({ papers, mode }),
  schema: lookupImportSchema,
  run: async (input): Promise<LookupImportResult> => {
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
  failed: (message) => `Adding the papers failed: ${message}`,
});

/** Refresh from source: what the paper's DOI or arXiv id gives now, as the paper would be saved. Nothing is written. */
export const refreshPaperAction = adminAction({
  id: GONE,
  run: async (_, { id }) => {
    // The one paper (drafts included), from the tagged read every write expires: not the whole list.
    const paper = await getResearchPaper(id);
    if (!paper) return null;
    if (!paper.doi && !paper.arxivId) throw new AdminFacingError('This paper has no DOI or arXiv id to refresh it from.');
    return refreshFromSource(paper, await siteScholarlyConfig());
  },
  failed: (message) => `Could not refresh the paper: ${message}`,
});

/**
 * The works the citation run found on the owner's ORCID profile (issue 46), step one: those chosen looked up at
 * their sources, as the papers they would become (the Add by identifier preview). Nothing is written; step two is
 * importLookedUpAction, as for any lookup.
 */
export const lookupFoundWorksAction = adminAction({
  schema: foundWorkKeysSchema,
  run: async (keys) => {
    const orcid = ownerOrcid(await getAboutForEditing());
    if (!orcid) throw new AdminFacingError('The About page has no ORCID iD to look the works up on.');
    return lookupFoundWorks(orcid, keys, await getPapersForEditing(), await siteScholarlyConfig());
  },
  failed: (message) => `Could not look the works up: ${message}`,
});

/** Found works dismissed: not offered again by any later run. */
export const dismissFoundWorksAction = adminAction({
  schema: foundWorkKeysSchema,
  run: async (keys) => ({ dismissed: await dismissWorks(keys) }),
  failed: (message) => `Could not dismiss the works: ${message}`,
});
