import { Suspense } from 'react';
import type { Metadata, ResolvingMetadata } from 'next';

import { BlogExplorer } from '@/components/site/blog/blog-explorer';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { pageAlternates } from '@/lib/canonical';
import { toBlogCardPost } from '@/lib/content/blog/rules';
import { getBlogPosts } from '@/lib/content/blog/queries';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  return {
    title: 'Blog',
    description: 'Articles on number theory, analysis and computation: expository notes, code and life in research.',
    alternates: await pageAlternates('/blog', parent),
  };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export default function BlogPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <>
      <PageIntro eyebrow="Writing" title="Blog">
        Notes on mathematics, computation and the craft of research.
      </PageIntro>
      <PageBody>
        <Suspense fallback={<LoadingText>Loading articles...</LoadingText>}>
          <BlogList searchParams={searchParams} />
        </Suspense>
      </PageBody>
    </>
  );
}

/** Awaiting searchParams makes this request-time, so the list is never read during `next build`. */
async function BlogList({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const query = first(params.q) ?? '';
  const tag = first(params.tag)?.trim() || null;
  // The explorer is keyed by the URL's filter: a navigation to another ?tag= (a detail page's tag link)
  // starts from it.
  return (
    <Loaded what="the blog posts" read={getBlogPosts} failure="Failed to load blog posts">
      {(posts) => <BlogExplorer key={`${query}\n${tag ?? ''}`} posts={posts.map(toBlogCardPost)} initialQuery={query} initialTag={tag} />}
    </Loaded>
  );
}
