import { Suspense } from 'react';
import type { Metadata, ResolvingMetadata } from 'next';

import { FilterNav } from '@/components/site/filter-nav';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { PersonalCard } from '@/components/site/personal/personal-card';
import { pageAlternates } from '@/lib/canonical';
import { getPersonalPosts } from '@/lib/content/personal/queries';
import type { PersonalPost } from '@/lib/content/personal/types';
import { isPersonalType, type PersonalType } from '@/lib/content/personal/types';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  return {
    title: 'Personal',
    description: 'Stories, updates and thoughts from life as a mathematics PhD student.',
    alternates: await pageAlternates('/personal', parent),
  };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const FILTERS: { label: string; type: PersonalType | null }[] = [
  { label: 'All Posts', type: null },
  { label: 'Stories', type: 'story' },
  { label: 'Updates', type: 'update' },
  { label: 'Thoughts', type: 'thought' },
];

export default function PersonalPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <>
      <PageIntro eyebrow="Personal" title="Personal Posts">
        Stories, updates and stray thoughts from outside the papers.
      </PageIntro>
      <PageBody>
        <Suspense fallback={<LoadingText>Loading posts...</LoadingText>}>
          <PersonalList searchParams={searchParams} />
        </Suspense>
      </PageBody>
    </>
  );
}

/** Awaiting searchParams makes this request-time, so the list is never read during `next build`. */
async function PersonalList({ searchParams }: { searchParams: SearchParams }) {
  const raw = (await searchParams).type;
  const value = Array.isArray(raw) ? raw[0] : raw;
  // An unknown ?type= is the unfiltered list, not an error.
  const type = isPersonalType(value) ? value : null;
  return (
    <Loaded what="the personal posts" read={getPersonalPosts} failure="Failed to load personal posts">
      {(posts) => <FilteredPosts posts={posts} type={type} />}
    </Loaded>
  );
}

function FilteredPosts({ posts, type }: { posts: PersonalPost[]; type: PersonalType | null }) {
  const visible = type ? posts.filter((post) => post.type === type) : posts;
  return (
    <div className="flex flex-col gap-10">
      <FilterNav
        label="Filter posts by type"
        options={FILTERS.map((filter) => ({
          label: filter.label,
          href: filter.type ? `/personal?type=${filter.type}` : '/personal',
          active: filter.type === type,
        }))}
      />
      {visible.length > 0 ? (
        <ul className="grid gap-6 lg:grid-cols-2">
          {visible.map((post) => (
            <li key={post.id}>
              <PersonalCard post={post} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-xl border border-dashed border-border px-6 py-16 text-center font-serif text-2xl font-semibold text-foreground">
          No posts found
        </p>
      )}
    </div>
  );
}
