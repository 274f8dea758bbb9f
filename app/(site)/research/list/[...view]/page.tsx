import type { Metadata, ResolvingMetadata } from 'next';
import { notFound } from 'next/navigation';

import { RESEARCH_INTRO, ResearchPapersPage } from '@/components/site/research/research-list';
import { canonicalMetadata } from '@/lib/canonical';
import { BUILD_SHELL_PARAM } from '@/lib/content/read';
import { NO_FILTERS, parseViewPath, researchHref, type ResearchFilters } from '@/lib/content/research/filters';
import { PAPER_KIND_LABELS } from '@/lib/content/research/kinds';
import { STATUS_FILTERS } from '@/lib/content/research/rules';

type Params = Promise<{ view: string[] }>;

/** The view's filters, from its path (decoded by Next); null for a path that is no view. */
async function viewOf(params: Params): Promise<ResearchFilters | null> {
  const { view } = await params;
  if (view.length === 1 && view[0] === BUILD_SHELL_PARAM) return NO_FILTERS;
  try {
    // Next hands the segments over as the address wrote them, percent-escapes and all.
    return parseViewPath(view.map((segment) => decodeURIComponent(segment)));
  } catch {
    return null;
  }
}

/** What a view shows, in words: 'Conference papers · 2025 · L-functions · page 2'. */
function describe(filters: ResearchFilters): string {
  return [
    filters.status === 'all' ? null : STATUS_FILTERS.find((filter) => filter.value === filters.status)?.label,
    filters.kind ? PAPER_KIND_LABELS[filters.kind] : null,
    filters.year,
    filters.tag,
    filters.page > 1 ? `page ${filters.page}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export async function generateMetadata({ params }: { params: Params }, parent: ResolvingMetadata): Promise<Metadata> {
  const filters = await viewOf(params);
  if (!filters) return { title: 'Research' };
  return {
    title: `Research: ${describe(filters)}`,
    description: `Research papers: ${describe(filters)}.`,
    // A view is a part of /research: crawlers follow its links, and keep /research and the papers' own pages.
    robots: { index: false, follow: true },
    ...(await canonicalMetadata(researchHref(filters, { page: filters.page }), parent)),
  };
}

export function generateStaticParams() {
  return [{ view: [BUILD_SHELL_PARAM] }];
}

/**
 * A view of /research (lib/content/research/filters.ts): its filters and page are its path, so it is a stored
 * page like /research, rendered on its first request and kept until a paper changes. A path that is no view
 * (an unknown key or value, keys out of order, page 1 spelled out) is not found.
 */
export default async function ResearchViewPage({ params }: { params: Params }) {
  const filters = await viewOf(params);
  if (!filters) notFound();
  return <ResearchPapersPage filters={filters} intro={describe(filters) || RESEARCH_INTRO} />;
}
