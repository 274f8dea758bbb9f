import { EmptyState } from '@/components/site/empty-state';
import { readAuthorCredits } from '@/components/site/research/author-credits';
import { PaperCard } from '@/components/site/research/paper-card';
import { ResearchAddress } from '@/components/site/research/research-address';
import { PaperPages, ResearchFilterNav } from '@/components/site/research/research-filters';
import { filterPapers, groupByYear, pageOf, researchFacets, type ResearchFilters } from '@/lib/content/research/filters';
import type { ResearchPaper } from '@/lib/content/research/types';

/**
 * A view of the papers (lib/content/research/filters.ts): the filters with their counts, then the papers the
 * view leaves, a page at a time, grouped by year under year headings, then the pages. /research shows the first
 * page of every paper; /research/list/… any other view. Both are stored pages, answered whole.
 */
export async function ResearchList({ papers, filters }: { papers: readonly ResearchPaper[]; filters: ResearchFilters }) {
  const credits = await readAuthorCredits();
  const { items, page, pages } = pageOf(filterPapers(papers, filters), filters.page);
  // More than a page of papers: each card's abstract is a link to it, so a page stays within its budget.
  const abstracts = pages === 1;
  return (
    <div className="space-y-10">
      <ResearchFilterNav filters={filters} facets={researchFacets(papers, filters)} />
      {items.length > 0 ? (
        <>
          {groupByYear(items).map((group) => (
            <section key={group.year} aria-labelledby={`papers-${group.year}`} className="space-y-6">
              <h2 id={`papers-${group.year}`} className="paper-year">
                {group.year}
              </h2>
              <ul className="space-y-6">
                {group.papers.map((paper) => (
                  <li key={paper.id}>
                    <PaperCard paper={paper} credits={credits} abstract={abstracts} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {pages > 1 ? <PaperPages filters={filters} page={page} pages={pages} /> : null}
        </>
      ) : (
        <EmptyState title="No papers found" />
      )}
      <ResearchAddress />
    </div>
  );
}
