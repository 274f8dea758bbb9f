import { Suspense } from 'react';
import type { Metadata } from 'next';

import { BlogExplorer } from '@/components/site/blog/blog-explorer';
import { LoadErrorToast } from '@/components/site/load-error-toast';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { toBlogCardPost } from '@/lib/blog';
import { getBlogPosts, type BlogPost } from '@/lib/content/blog';

export const metadata: Metadata = {
  title: 'Blog',
  description: 'Articles on number theory, analysis and computation: expository notes, code and life in research.',
};

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
  let posts: BlogPost[];
  try {
    posts = await getBlogPosts();
  } catch (error) {
    console.error('Blog page: could not load the posts', error);
    return <LoadErrorToast message="Failed to load blog posts" />;
  }
  // Keyed by the URL's filter: a navigation to another ?tag= (a detail page's tag link) starts from it.
  return <BlogExplorer key={`${query}\n${tag ?? ''}`} posts={posts.map(toBlogCardPost)} initialQuery={query} initialTag={tag} />;
}
