import { Suspense } from 'react';
import type { Metadata, ResolvingMetadata } from 'next';

import { EmptyState } from '@/components/site/empty-state';
import { FilterNav } from '@/components/site/filter-nav';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { ScrollToHash } from '@/components/site/scroll-to-hash';
import { PaperCard } from '@/components/site/research/paper-card';
import { pageAlternates } from '@/lib/canonical';
import { parseStatus, STATUS_FILTERS, statusHref } from '@/lib/content/research/rules';
import { readOr } from '@/lib/content/read';
import { getResearchPapers } from '@/lib/content/research/queries';
import type { ResearchPaper } from '@/lib/content/research/types';
import { truncate } from '@/lib/format';
import { SITE } from '@/lib/site';

const INTRO = 'Published papers, preprints and work in progress, newest first.';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  const papers = await readOr('the papers for the page metadata', getResearchPapers, []);
  const titles = papers.map((paper) => paper.title).join('; ');
  return {
    title: 'Research',
    description: titles ? truncate(`Research papers by ${SITE.ownerName}: ${titles}.`, 160) : INTRO,
    alternates: await pageAlternates('/research', parent),
  };
}

interface ResearchPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default function ResearchPage({ searchParams }: ResearchPageProps) {
  return (
    <>
      <PageIntro eyebrow="Research" title="Research Papers">
        {INTRO}
      </PageIntro>
      <PageBody>
        <Suspense fallback={<LoadingText>Loading research papers...</LoadingText>}>
          <ResearchResults searchParams={searchParams} />
        </Suspense>
      </PageBody>
    </>
  );
}

async function ResearchResults({ searchParams }: ResearchPageProps) {
  const status = parseStatus((await searchParams).status);

  return (
    <div className="space-y-10">
      <FilterNav
        label="Filter papers by status"
        options={STATUS_FILTERS.map((filter) => ({
          label: filter.label,
          href: statusHref(filter.value),
          active: filter.value === status,
        }))}
      />
      <Loaded what="the research papers" read={getResearchPapers} failure="Failed to load research papers">
        {(papers) => <PaperList papers={papers.filter((paper) => status === 'all' || paper.status === status)} />}
      </Loaded>
    </div>
  );
}

/** The filtered papers, or the empty state when the filter leaves none. */
function PaperList({ papers }: { papers: ResearchPaper[] }) {
  if (papers.length === 0) return <EmptyState title="No papers found" />;
  return (
    <>
      <ul className="space-y-6">
        {papers.map((paper) => (
          <li key={paper.id}>
            <PaperCard paper={paper} />
          </li>
        ))}
      </ul>
      <ScrollToHash />
    </>
  );
}
