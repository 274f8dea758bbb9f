import { formatDayMonthYear } from '@/lib/format';
import { CITATION_SOURCE_NAMES, type CitationSource, type PaperCitations } from '@/lib/scholarly/citation-types';

/**
 * What the public pages and the CV make of the stored citation counts (issue 46): the totals over the
 * site's papers, the h-index, and the words that say where a count comes from. Pure, so the page, the
 * PDF and the tests agree.
 */

/** The largest h such that h of the counts are at least h each (Hirsch, 2005). */
export function hIndex(counts: readonly number[]): number {
  const sorted = [...counts].sort((a, b) => b - a);
  let h = 0;
  while (h < sorted.length && sorted[h]! >= h + 1) h += 1;
  return h;
}

export interface CitationTotals {
  /** The citations of the papers counted, summed. */
  citations: number;
  hIndex: number;
  /** How many of the papers have a count. */
  papers: number;
  /** The sources the counts come from, as named on the page ('OpenAlex', 'OpenAlex and Crossref'). */
  sources: string;
  /** The oldest count's reading (ISO): the totals are at least this current. */
  oldestReadAt: string;
}

/** The sources' names joined as a sentence does: 'OpenAlex', 'OpenAlex and Crossref'. */
export function sourceNames(sources: Iterable<CitationSource>): string {
  const names = [...new Set(sources)].sort().map((source) => CITATION_SOURCE_NAMES[source]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The totals over `paperIds` (the papers a page lists); null when none of them has a count. */
export function citationTotals(paperIds: Iterable<string>, byPaper: ReadonlyMap<string, PaperCitations>): CitationTotals | null {
  const counted = [...new Set(paperIds)].flatMap((id) => {
    const count = byPaper.get(id);
    return count ? [count] : [];
  });
  if (counted.length === 0) return null;
  return {
    citations: counted.reduce((sum, count) => sum + count.citedBy, 0),
    hIndex: hIndex(counted.map((count) => count.citedBy)),
    papers: counted.length,
    sources: sourceNames(counted.map((count) => count.source)),
    oldestReadAt: counted.map((count) => count.readAt).sort()[0]!,
  };
}

/** 'Citations 1,234 · h-index 12 (OpenAlex, 3 Nov 2026)': the CV's line, on its page and in its PDF. */
export function cvCitationsLine(totals: CitationTotals): string {
  return `Citations ${totals.citations.toLocaleString('en-US')} · h-index ${totals.hIndex} (${totals.sources}, ${formatDayMonthYear(totals.oldestReadAt)})`;
}
