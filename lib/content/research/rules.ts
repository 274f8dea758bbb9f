import type { PaperStatus } from './types';

export type StatusFilter = PaperStatus | 'all';

/** The filter buttons of /research, in the order and words of docs/product.md §2. */
export const STATUS_FILTERS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All Papers' },
  { value: 'published', label: 'Published' },
  { value: 'preprint', label: 'Preprints' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'draft', label: 'Draft' },
];

/** The status badge: Published green, Preprint blue, Submitted amber, Draft grey (docs/product.md §2). */
export const STATUS_BADGES: Record<PaperStatus, { label: string; className: string }> = {
  published: { label: 'Published', className: 'border-emerald-400/30 bg-emerald-400/10 text-emerald-300' },
  preprint: { label: 'Preprint', className: 'border-sky-400/30 bg-sky-400/10 text-sky-300' },
  submitted: { label: 'Submitted', className: 'border-amber-400/30 bg-amber-400/10 text-amber-300' },
  draft: { label: 'Draft', className: 'border-zinc-400/30 bg-zinc-400/10 text-zinc-300' },
};

/** The ?status= value; anything unknown (or repeated) shows every paper rather than an error. */
export function parseStatus(param: string | string[] | undefined): StatusFilter {
  const value = Array.isArray(param) ? param[0] : param;
  return STATUS_FILTERS.some((filter) => filter.value === value) ? (value as StatusFilter) : 'all';
}

export function statusHref(status: StatusFilter): string {
  return status === 'all' ? '/research' : `/research?status=${status}`;
}

/** Home's Research Highlights label a paper Published, and every other status 'Preprint' (docs/product.md §2). */
export function highlightLabel(status: PaperStatus): 'Published' | 'Preprint' {
  return status === 'published' ? 'Published' : 'Preprint';
}

/** The home page's research highlights cut an abstract at 200 characters. */
export const ABSTRACT_HIGHLIGHT_LENGTH = 200;

/**
 * /research shows the start of each abstract (as long as the home page's highlights), and links to the paper's own page for
 * the rest: typeset formulas are the heaviest part of a page (about 1 kB of KaTeX's HTML each, sent twice:
 * in the HTML and in the page's RSC payload), and the listing showed every abstract whole.
 */
export const ABSTRACT_CARD_LENGTH = 200;

/** Whether a paper's card shows its abstract in part (and links to the rest). */
export const abstractIsCut = (abstract: string) => abstract.length > ABSTRACT_CARD_LENGTH;

/** Where `$…$` and `$$…$$` formulas sit in markup, as [start, end) ranges; `\$` is a literal dollar. */
function mathRanges(source: string): [number, number][] {
  const ranges: [number, number][] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index];
    if (char === '\\') {
      index += 2;
      continue;
    }
    if (char !== '$') {
      index += 1;
      continue;
    }
    const fence = source.startsWith('$$', index) ? '$$' : '$';
    let close = index + fence.length;
    while (close < source.length && !source.startsWith(fence, close)) close += source[close] === '\\' ? 2 : 1;
    if (close >= source.length) {
      // An unclosed dollar is plain text, for remark-math too.
      index += fence.length;
      continue;
    }
    ranges.push([index, close + fence.length]);
    index = close + fence.length;
  }
  return ranges;
}

/**
 * Cuts markup to `max` characters plus an ellipsis, like truncate(), but never inside a formula: half a
 * formula cannot be typeset and would show as red source. A cut that falls inside one moves back to
 * just before it (or, when the text opens with that formula, to just after it).
 */
export function cutMarkup(source: string, max: number): string {
  if (source.length <= max) return source;
  const inside = mathRanges(source).find(([start, end]) => start < max && max < end);
  const cut = inside ? (inside[0] > 0 ? inside[0] : inside[1]) : max;
  if (cut >= source.length) return source;
  return `${source.slice(0, cut).trimEnd()}...`;
}
