import type { Metadata, ResolvingMetadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { PersonalCard } from '@/components/site/personal/personal-card';
import { UrlFilteredList } from '@/components/site/url-filtered-list';
import { canonicalMetadata } from '@/lib/canonical';
import { getPersonalPosts } from '@/lib/content/personal/queries';
import type { PersonalPost, PersonalType } from '@/lib/content/personal/types';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  return {
    title: 'Personal',
    description: 'Stories, updates and thoughts from life as a mathematics PhD student.',
    ...(await canonicalMetadata('/personal', parent)),
  };
}

const FILTERS: { label: string; type: PersonalType | null }[] = [
  { label: 'All Posts', type: null },
  { label: 'Stories', type: 'story' },
  { label: 'Updates', type: 'update' },
  { label: 'Thoughts', type: 'thought' },
];

export default function PersonalPage() {
  return (
    <>
      <PageIntro eyebrow="Personal" title="Personal Posts">
        Stories, updates and stray thoughts from outside the papers.
      </PageIntro>
      <PageBody>
        <ContentBoundary fallback={<LoadingText>Loading posts...</LoadingText>}>
          <Loaded what="the personal posts" read={getPersonalPosts} failure="Failed to load personal posts">
            {(posts) => <FilteredPosts posts={posts} />}
          </Loaded>
        </ContentBoundary>
      </PageBody>
    </>
  );
}

/** Every post; the browser shows those of the address's ?type= (an unknown type is the whole list). */
function FilteredPosts({ posts }: { posts: PersonalPost[] }) {
  return (
    <UrlFilteredList
      param="type"
      navLabel="Filter posts by type"
      filters={FILTERS.map((filter) => ({
        value: filter.type,
        label: filter.label,
        href: filter.type ? `/personal?type=${filter.type}` : '/personal',
      }))}
      items={posts.map((post) => ({ key: post.id, value: post.type, node: <PersonalCard post={post} /> }))}
      className="flex flex-col gap-10"
      listClassName="grid gap-6 lg:grid-cols-2"
      empty={
        <p className="rounded-xl border border-dashed border-border px-6 py-16 text-center font-serif text-2xl font-semibold text-foreground">
          No posts found
        </p>
      }
    />
  );
}
