import type { Metadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { SearchForm, SearchLimited, SearchResults } from '@/components/site/search/search-results';
import { clientInfo } from '@/lib/auth/request';
import { takeSearch } from '@/lib/search/rate-limit';
import { isSearchType, type SearchType } from '@/lib/search/types';

export const metadata: Metadata = {
  title: 'Search',
  description: 'Search the papers, talks, courses, posts, projects and experience of this site.',
  // A page of results is no page of its own: crawlers follow its links but keep none of them.
  robots: { index: false, follow: true },
};

/**
 * The results depend on the address (?q=), so the page is made whole at each request: a blocking route,
 * with no static shell to validate (docs/architecture.md, "A public page load"). Whole, it answers readers
 * and browsers without script, and a search takes milliseconds.
 */
export const instant = false;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/**
 * /search?q=…&type=…: the site's full-text search, answered by the database (lib/search). The intro, the
 * form and the results are rendered together at each request (a blocking route, above): nothing streams in.
 */
export default function SearchPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <>
      <PageIntro eyebrow="Search" title="Search the site">
        Papers, talks, courses, blog posts, projects, personal posts and experience, by any word or phrase in them.
      </PageIntro>
      <PageBody className="flex flex-col gap-10">
        <ContentBoundary fallback={<LoadingText>Searching...</LoadingText>}>
          <Answer searchParams={searchParams} />
        </ContentBoundary>
      </PageBody>
    </>
  );
}

async function Answer({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const query = first(params.q);
  const type = first(params.type);
  const filter: SearchType | 'all' = isSearchType(type) ? type : 'all';
  // Only a search that reaches the database counts against the address's limit (lib/search/rate-limit.ts).
  const allowed = !query.trim() || (await takeSearch((await clientInfo()).ip));
  return (
    <>
      <SearchForm query={query} />
      {allowed ? <SearchResults query={query} type={filter} /> : <SearchLimited />}
    </>
  );
}
