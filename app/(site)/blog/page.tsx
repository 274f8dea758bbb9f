import type { Metadata, ResolvingMetadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
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

export default function BlogPage() {
  return (
    <>
      <PageIntro eyebrow="Writing" title="Blog">
        Notes on mathematics, computation and the craft of research.
      </PageIntro>
      <PageBody>
        <ContentBoundary fallback={<LoadingText>Loading articles...</LoadingText>}>
          <Loaded what="the blog posts" read={getBlogPosts} failure="Failed to load blog posts">
            {(posts) => <BlogExplorer posts={posts.map(toBlogCardPost)} />}
          </Loaded>
        </ContentBoundary>
      </PageBody>
    </>
  );
}
