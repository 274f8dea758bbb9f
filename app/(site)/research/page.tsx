import type { Metadata, ResolvingMetadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { ResearchList } from '@/components/site/research/research-list';
import { canonicalMetadata } from '@/lib/canonical';
import { NO_FILTERS } from '@/lib/content/research/filters';
import { readOr } from '@/lib/content/read';
import { getResearchPapers } from '@/lib/content/research/queries';
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
            {(papers) => <ResearchList papers={papers} filters={NO_FILTERS} />}
          </Loaded>
        </ContentBoundary>
      </PageBody>
    </>
  );
}
