import type { Metadata, ResolvingMetadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
import { EmptyState } from '@/components/site/empty-state';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { ScrollToHash } from '@/components/site/scroll-to-hash';
import { PaperCard } from '@/components/site/research/paper-card';
import { PaperPages, ResearchFilterNav } from '@/components/site/research/research-filters';
import { canonicalMetadata } from '@/lib/canonical';
import { filterPapers, groupByYear, pageOf, parseResearchFilters, researchFacets } from '@/lib/content/research/filters';
import { readOr } from '@/lib/content/read';
import { getResearchPapers } from '@/lib/content/research/queries';
import type { ResearchPaper } from '@/lib/content/research/types';
import { truncate } from '@/lib/format';
import { ownerNameOf } from '@/lib/content/about/types';
import { getAbout } from '@/lib/content/about/queries';

const INTRO = 'Published papers, preprints and work in progress, newest first.';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  const [papers, about] = await Promise.all([
    readOr('the papers for the page metadata', getResearchPapers, []),
    readOr('the profile for the page metadata', getAbout, null),
  ]);
  const owner = ownerNameOf(about);
  const titles = papers.map((paper) => paper.title).join('; ');
  return {
    title: 'Research',
    description: titles ? truncate(owner ? `Research papers by ${owner}: ${titles}.` : `Research papers: ${titles}.`, 160) : INTRO,
    ...(await canonicalMetadata('/research', parent)),
  };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function ResearchPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <>
      <PageIntro eyebrow="Research" title="Research Papers">
        {INTRO}
      </PageIntro>
      <PageBody>
        <ContentBoundary fallback={<LoadingText>Loading research papers...</LoadingText>}>
          <Loaded what="the research papers" read={getResearchPapers} failure="Failed to load research papers">
            {(papers) => <PaperList papers={papers} searchParams={searchParams} />}
          </Loaded>
        </ContentBoundary>
      </PageBody>
    </>
  );
}

/**
 * The papers the address's filters leave (lib/content/research/filters.ts), a page at a time, grouped by year
 * under year headings; the filters with their counts above, the pages below. Rendered on the server for each
 * address, so every filter works as a plain link, without JavaScript.
 */
async function PaperList({ papers, searchParams }: { papers: ResearchPaper[]; searchParams: SearchParams }) {
  const filters = parseResearchFilters(await searchParams);
  const { items, page, pages } = pageOf(filterPapers(papers, filters), filters.page);
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
                    <PaperCard paper={paper} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {pages > 1 ? <PaperPages filters={filters} page={page} pages={pages} /> : null}
          <ScrollToHash />
        </>
      ) : (
        <EmptyState title="No papers found" />
      )}
    </div>
  );
}
