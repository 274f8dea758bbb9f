import { Suspense } from 'react';
import type { Metadata } from 'next';
import { connection } from 'next/server';

import { EmptyState } from '@/components/site/empty-state';
import { FilterNav } from '@/components/site/filter-nav';
import { LoadErrorToast } from '@/components/site/load-error-toast';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { ScrollToHash } from '@/components/site/scroll-to-hash';
import { PaperCard } from '@/components/site/research/paper-card';
import { parseStatus, STATUS_FILTERS, statusHref } from '@/components/site/research/format';
import { getResearchPapers } from '@/lib/content/research';
import { truncate } from '@/lib/format';
import { SITE } from '@/lib/site';

const INTRO = 'Published papers, preprints and work in progress, newest first.';

export async function generateMetadata(): Promise<Metadata> {
  await connection();
  const papers = await getResearchPapers().catch((error: unknown) => {
    console.error('Research metadata: could not load the papers', error);
    return [];
  });
  const titles = papers.map((paper) => paper.title).join('; ');
  return {
    title: 'Research',
    description: titles ? truncate(`Research papers by ${SITE.ownerName}: ${titles}.`, 160) : INTRO,
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
  await connection();
  const status = parseStatus((await searchParams).status);
  const papers = await getResearchPapers().catch((error: unknown) => {
    console.error('Research page: could not load the papers', error);
    return null;
  });
  const visible = papers?.filter((paper) => status === 'all' || paper.status === status) ?? [];

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
      {papers === null ? (
        <LoadErrorToast message="Failed to load research papers" />
      ) : visible.length > 0 ? (
        <>
          <ul className="space-y-6">
            {visible.map((paper) => (
              <li key={paper.id}>
                <PaperCard paper={paper} />
              </li>
            ))}
          </ul>
          <ScrollToHash />
        </>
      ) : (
        <EmptyState title="No papers found" />
      )}
    </div>
  );
}
