import type { Metadata, ResolvingMetadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
import { EmptyState } from '@/components/site/empty-state';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { ScrollToHash } from '@/components/site/scroll-to-hash';
import { PaperCard } from '@/components/site/research/paper-card';
import { UrlFilteredList, withAllFilter } from '@/components/site/url-filtered-list';
import { canonicalMetadata } from '@/lib/canonical';
import { STATUS_FILTERS, statusHref } from '@/lib/content/research/rules';
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

export default function ResearchPage() {
  return (
    <>
      <PageIntro eyebrow="Research" title="Research Papers">
        {INTRO}
      </PageIntro>
      <PageBody>
        <ContentBoundary fallback={<LoadingText>Loading research papers...</LoadingText>}>
          <Loaded what="the research papers" read={getResearchPapers} failure="Failed to load research papers">
            {(papers) => <PaperList papers={papers} />}
          </Loaded>
        </ContentBoundary>
      </PageBody>
    </>
  );
}

/** Every paper; the browser shows those of the address's ?status= (the empty state when none). */
function PaperList({ papers }: { papers: ResearchPaper[] }) {
  return (
    <UrlFilteredList
      param="status"
      navLabel="Filter papers by status"
      filters={withAllFilter(STATUS_FILTERS, statusHref)}
      items={papers.map((paper) => ({ key: paper.id, value: paper.status, node: <PaperCard paper={paper} /> }))}
      className="space-y-10"
      listClassName="space-y-6"
      after={<ScrollToHash />}
      empty={<EmptyState title="No papers found" />}
    />
  );
}
