import type { Metadata, ResolvingMetadata } from 'next';

import { RESEARCH_INTRO, ResearchPapersPage } from '@/components/site/research/research-list';
import { canonicalMetadata } from '@/lib/canonical';
import { NO_FILTERS } from '@/lib/content/research/filters';
import { readOr } from '@/lib/content/read';
import { getResearchPapers } from '@/lib/content/research/queries';
import { truncate } from '@/lib/format';
import { ownerNameOf } from '@/lib/content/about/types';
import { getAbout } from '@/lib/content/about/queries';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  const [papers, about] = await Promise.all([
    readOr('the papers for the page metadata', getResearchPapers, []),
    readOr('the profile for the page metadata', getAbout, null),
  ]);
  const owner = ownerNameOf(about);
  const titles = papers.map((paper) => paper.title).join('; ');
  return {
    title: 'Research',
    description: titles ? truncate(owner ? `Research papers by ${owner}: ${titles}.` : `Research papers: ${titles}.`, 160) : RESEARCH_INTRO,
    ...(await canonicalMetadata('/research', parent)),
  };
}

export default function ResearchPage() {
  return <ResearchPapersPage filters={NO_FILTERS} intro={RESEARCH_INTRO} />;
}
