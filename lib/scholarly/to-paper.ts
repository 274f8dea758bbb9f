import { KIND_FIELDS } from '@/lib/content/research/kinds';
import { acceptedVenue, cutText, listedName } from '@/lib/content/research/source-venue';
import { markupTree } from '@/lib/markup/plain-text';
import { isHttpUrl } from '@/lib/validation/lists';
import { RESEARCH_LIMITS, checkPaper, normalizeArxivId, normalizeDoi, type PaperValues } from '@/lib/validation/research';
import type { SourceWork } from './work';

/**
 * A source's work as the paper the editor would store, checked by checkPaper like the form's input.
 * What is longer than the editor allows is cut (title, journal, each author, the abstract), and only the
 * first RESEARCH_LIMITS.authors authors are kept: exactly as the source lists them, with no invented
 * 'others' after them. Its kind's venue fields are kept as source-venue.ts accepts them: a value the
 * schema would refuse is dropped, never the paper. Pure, client-safe.
 */

export type ToPaperResult = { ok: true; paper: PaperValues } | { ok: false; reason: string };

/**
 * An abstract cut to the limit, with '…', on its syntax tree: after the last block that fits, else inside
 * the block after the last piece that fits, or at a space of the text that does not; never inside a
 * formula (an unclosed '$' would swallow the rest when shown), an emphasis or an escape.
 */
function cutAbstract(abstract: string): string {
  if (abstract.length <= RESEARCH_LIMITS.abstract) return abstract;
  const max = RESEARCH_LIMITS.abstract - 1;
  let end = 0;
  for (const block of markupTree(abstract).children) {
    const blockEnd = block.position?.end.offset ?? Infinity;
    if (blockEnd <= max) {
      end = blockEnd;
      continue;
    }
    if (end < max / 2 && block.type === 'paragraph') {
      for (const node of block.children) {
        const nodeEnd = node.position?.end.offset ?? Infinity;
        if (nodeEnd <= max) {
          end = nodeEnd;
          continue;
        }
        const space = abstract.lastIndexOf(' ', max);
        if (node.type === 'text' && space > (node.position?.start.offset ?? Infinity)) end = space;
        break;
      }
    }
    break;
  }
  return `${abstract.slice(0, end).trimEnd()}…`;
}

export function toPaperValues(work: SourceWork, options: { status: 'as-source' | 'draft' }): ToPaperResult {
  const title = cutText(work.title.trim(), RESEARCH_LIMITS.title);
  if (!title) return { ok: false, reason: 'It has no title.' };
  const authors = work.authors.map((name) => listedName(name, RESEARCH_LIMITS.author)).filter(Boolean).slice(0, RESEARCH_LIMITS.authors);
  if (authors.length === 0) return { ok: false, reason: 'It has no author.' };
  if (!work.date) return { ok: false, reason: 'It has no publication date.' };
  const venue = acceptedVenue({ kind: work.kind, journal: work.journal, fields: work.venue });
  if (KIND_FIELDS[venue.kind].required === 'journal' && !venue.journal) return { ok: false, reason: 'It names no journal, publisher or other venue.' };
  const link = work.link && work.link.length <= RESEARCH_LIMITS.url && isHttpUrl(work.link) ? work.link : '';
  const checked = checkPaper({
    ...venue,
    title,
    authors,
    date: work.date,
    abstract: cutAbstract(work.abstract.trim()),
    link,
    pdfUrl: '',
    tags: [],
    doi: (work.doi && normalizeDoi(work.doi)) ?? '',
    arxivId: (work.arxivId && normalizeArxivId(work.arxivId)) ?? '',
    // A chapter, proceedings paper or dataset with a DOI has been published too.
    status: options.status === 'draft' ? 'draft' : work.kind === 'preprint' ? 'preprint' : 'published',
  });
  if (!checked.ok) return { ok: false, reason: Object.values(checked.fieldErrors)[0] ?? checked.error };
  return { ok: true, paper: checked.data };
}
