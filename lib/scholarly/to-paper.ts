import { markupTree } from '@/lib/markup/plain-text';
import { isHttpUrl } from '@/lib/validation/lists';
import { RESEARCH_LIMITS, checkPaper, normalizeArxivId, normalizeDoi, type PaperValues } from '@/lib/validation/research';
import type { SourceWork, WorkKind } from './work';

/**
 * A source's work as the paper the editor would store, checked by checkPaper like the form's input.
 * What is longer than the editor allows is cut (title, journal, each author, the abstract), and only the
 * first RESEARCH_LIMITS.authors authors are kept: exactly as the source lists them, with no invented
 * 'others' after them. Pure, client-safe.
 */

export type ToPaperResult = { ok: true; paper: PaperValues } | { ok: false; reason: string };

const STATUS_OF_KIND: Record<WorkKind, PaperValues['status']> = {
  journal: 'published',
  preprint: 'preprint',
  // A chapter, proceedings paper or dataset with a DOI has been published too.
  other: 'published',
};

/** At most `max` characters, cut at a word with '…' when it has to be. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

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

/** The editor reads authors as a comma-separated list, so a comma inside one name ('Smith, Jr.') would split it. */
function authorName(name: string): string {
  return cutText(name.replace(/\s*,\s*/g, ' ').replace(/\s+/g, ' ').trim(), RESEARCH_LIMITS.author);
}

export function toPaperValues(work: SourceWork, options: { status: 'as-source' | 'draft' }): ToPaperResult {
  const title = cutText(work.title.trim(), RESEARCH_LIMITS.title);
  if (!title) return { ok: false, reason: 'It has no title.' };
  const authors = work.authors.map(authorName).filter(Boolean).slice(0, RESEARCH_LIMITS.authors);
  if (authors.length === 0) return { ok: false, reason: 'It has no author.' };
  if (!work.date) return { ok: false, reason: 'It has no publication date.' };
  const journal = cutText(work.journal.trim(), RESEARCH_LIMITS.journal);
  if (!journal) return { ok: false, reason: 'It names no journal, publisher or other venue.' };
  const link = work.link && work.link.length <= RESEARCH_LIMITS.url && isHttpUrl(work.link) ? work.link : '';
  const checked = checkPaper({
    title,
    journal,
    authors,
    date: work.date,
    abstract: cutAbstract(work.abstract.trim()),
    link,
    pdfUrl: '',
    tags: [],
    doi: (work.doi && normalizeDoi(work.doi)) ?? '',
    arxivId: (work.arxivId && normalizeArxivId(work.arxivId)) ?? '',
    status: options.status === 'draft' ? 'draft' : STATUS_OF_KIND[work.kind],
  });
  if (!checked.ok) return { ok: false, reason: Object.values(checked.fieldErrors)[0] ?? checked.error };
  return { ok: true, paper: checked.data };
}
