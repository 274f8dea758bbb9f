import { ContentBoundary } from '@/components/site/content-boundary';
import { EmptyState } from '@/components/site/empty-state';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { readAuthorCredits } from '@/components/site/research/author-credits';
import { CitationTotalsLine, readShownCitations } from '@/components/site/research/citations';
import { PaperCard } from '@/components/site/research/paper-card';
import { ResearchAddress } from '@/components/site/research/research-address';
import { PaperPages, ResearchFilterNav } from '@/components/site/research/research-filters';
import { filterPapers, groupByYear, pageOf, researchFacets, type ResearchFilters } from '@/lib/content/research/filters';
import { getResearchPapers } from '@/lib/content/research/queries';
import type { ResearchPaper } from '@/lib/content/research/types';

/** /research's introduction, and a view's when it names no filter. */
export const RESEARCH_INTRO = 'Published papers, preprints and work in progress, newest first.';

/** The page of /research and of each of its views (/research/list/…): its heading, then the view of the papers. */
export async function ResearchPapersPage({ filters, intro }: { filters: ResearchFilters; intro: string }) {
  return (
    <>
      <PageIntro eyebrow="Research" title="Research Papers">
        {intro}
      </PageIntro>
      <PageBody>
        <ContentBoundary fallback={<LoadingText>Loading research papers...</LoadingText>}>
          <Loaded what="the research papers" read={getResearchPapers} failure="Failed to load research papers">
            {(papers) => <ResearchList papers={papers} filters={filters} />}
          </Loaded>
        </ContentBoundary>
      </PageBody>
    </>
  );
}

/**
 * A view of the papers (lib/content/research/filters.ts): the filters with their counts, then the papers the
 * view leaves, a page at a time, grouped by year under year headings, then the pages. /research shows the first
 * page of every paper; /research/list/… any other view. Both are stored pages, answered whole.
 */
export async function ResearchList({ papers, filters }: { papers: readonly ResearchPaper[]; filters: ResearchFilters }) {
  const [credits, citations] = await Promise.all([readAuthorCredits(), readShownCitations()]);
  const { items, page, pages } = pageOf(filterPapers(papers, filters), filters.page);
  // More than a page of papers: each card's abstract is a link to it, so a page stays within its budget.
  const abstracts = pages === 1;
  return (
    <div className="space-y-10">
      {/* The totals are the site's: over every paper listed, whatever the view. */}
      {citations ? <CitationTotalsLine paperIds={papers.map((paper) => paper.id)} byPaper={citations} /> : null}
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
                    <PaperCard paper={paper} credits={credits} abstract={abstracts} citations={citations?.get(paper.id)} />
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
