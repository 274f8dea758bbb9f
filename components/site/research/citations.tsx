import { readOr } from '@/lib/content/read';
import { getCitations, NO_CITATIONS } from '@/lib/content/research/citations';
import { citationTotals } from '@/lib/content/research/citation-rules';
import { CITATION_SOURCE_NAMES, type PaperCitations, type YearCount } from '@/lib/scholarly/citation-types';
import { formatDayMonthYear, plural } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * Citation counts on the public pages (issue 46), when the owner shows them (Settings → Citations): a paper's
 * "Cited by 12 · OpenAlex, 3 Nov 2026" line, its citations per year as a small chart drawn on the server
 * (SVG, no script), and the totals over the site's papers on /research. Google Scholar is never read: its
 * profile stays a link of the owner's.
 */

/** The counts by paper id when the owner shows them on the site; null when not (or when they could not be read). */
export async function readShownCitations(): Promise<ReadonlyMap<string, PaperCitations> | null> {
  const { settings, counts } = await readOr('the citation counts', getCitations, NO_CITATIONS);
  return settings.showOnSite ? new Map(counts.map((count) => [count.paperId, count])) : null;
}

/** 'Cited by 12 · OpenAlex, 3 Nov 2026', the count linking to the source's list of the citing works where it has one. */
export function CitedBy({ count, className }: { count: PaperCitations; className?: string }) {
  const cited = `Cited by ${count.citedBy.toLocaleString('en-US')}`;
  return (
    <p className={cn('cited-by', className)} data-cited-by={count.citedBy}>
      {count.citingUrl ? (
        <a href={count.citingUrl} rel="noopener noreferrer" target="_blank">
          {cited}
        </a>
      ) : (
        <span>{cited}</span>
      )}
      <span>
        {' · '}
        {CITATION_SOURCE_NAMES[count.source]}, <time dateTime={count.readAt}>{formatDayMonthYear(count.readAt)}</time>
      </span>
    </p>
  );
}

/** The chart's frame, in the SVG's own units; it scales to the column's width. */
const CHART = { width: 320, height: 120, top: 14, bottom: 18, gap: 4 } as const;

/**
 * Citations per year as columns, every year from the first counted to the last (a year without citations
 * is an empty column, not a missing one), each labelled with its count; the years under the first and last
 * columns. A table of the same figures is there for screen readers.
 */
export function CitationChart({ byYear, title }: { byYear: readonly YearCount[]; title: string }) {
  if (byYear.length === 0) return null;
  const first = byYear[0]!.year;
  const last = byYear.at(-1)!.year;
  const counts = new Map(byYear.map((entry) => [entry.year, entry.count]));
  const years = Array.from({ length: last - first + 1 }, (_, index) => first + index);
  const most = Math.max(1, ...byYear.map((entry) => entry.count));
  const column = CHART.width / years.length;
  const plot = CHART.height - CHART.top - CHART.bottom;
  const captionId = 'citations-per-year';
  return (
    <figure className="citation-chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="eyebrow mb-3">
        Citations per year
      </figcaption>
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={`Citations per year of ${title}, ${first}–${last}`} className="w-full max-w-md">
        {years.map((year, index) => {
          const count = counts.get(year) ?? 0;
          const height = (count / most) * plot;
          const x = index * column + CHART.gap / 2;
          const y = CHART.top + plot - height;
          return (
            <g key={year}>
              <rect x={x} y={y} width={Math.max(1, column - CHART.gap)} height={height} rx={2} className="fill-primary/70" />
              {count > 0 && column >= 14 ? (
                <text x={x + (column - CHART.gap) / 2} y={y - 3} textAnchor="middle" className="fill-muted-foreground text-[9px]">
                  {count}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1={0} x2={CHART.width} y1={CHART.top + plot + 0.5} y2={CHART.top + plot + 0.5} className="stroke-border" />
        <text x={column / 2} y={CHART.height - 4} textAnchor="middle" className="fill-muted-foreground text-[10px]">
          {first}
        </text>
        {last !== first ? (
          <text x={CHART.width - column / 2} y={CHART.height - 4} textAnchor="middle" className="fill-muted-foreground text-[10px]">
            {last}
          </text>
        ) : null}
      </svg>
      <table className="sr-only">
        <caption>Citations per year</caption>
        <thead>
          <tr>
            <th scope="col">Year</th>
            <th scope="col">Citations</th>
          </tr>
        </thead>
        <tbody>
          {years.map((year) => (
            <tr key={year}>
              <th scope="row">{year}</th>
              <td>{counts.get(year) ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** 'Citations 1,234 · h-index 12', over the papers listed, with where the counts come from; nothing when none is counted. */
export function CitationTotalsLine({ paperIds, byPaper, className }: { paperIds: readonly string[]; byPaper: ReadonlyMap<string, PaperCitations>; className?: string }) {
  const totals = citationTotals(paperIds, byPaper);
  if (!totals) return null;
  return (
    <p className={cn('citation-totals', className)} data-citations={totals.citations} data-h-index={totals.hIndex}>
      <span>Citations {totals.citations.toLocaleString('en-US')}</span>
      <span aria-hidden="true"> · </span>
      <span>h-index {totals.hIndex}</span>
      <span className="text-muted-foreground">
        {' '}
        ({plural(totals.papers, 'paper')} counted by {totals.sources}, as of <time dateTime={totals.oldestReadAt}>{formatDayMonthYear(totals.oldestReadAt)}</time>)
      </span>
    </p>
  );
}
