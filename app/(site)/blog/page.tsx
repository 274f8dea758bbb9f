import type { Metadata, ResolvingMetadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
import { BlogCardCover } from '@/components/site/blog/blog-card-cover';
import { BlogExplorer, type BlogExplorerClasses } from '@/components/site/blog/blog-explorer';
import { filterLinkClasses } from '@/components/site/url-filtered-list';
import { buttonVariants } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { canonicalMetadata } from '@/lib/canonical';
import { distinctTags, toBlogCardPost } from '@/lib/content/blog/rules';
import { getBlogPosts } from '@/lib/content/blog/queries';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  return {
    title: 'Blog',
    description: 'Articles on number theory, analysis and computation: expository notes, code and life in research.',
    ...(await canonicalMetadata('/blog', parent)),
  };
}

/** The explorer's Input and Button looks, merged here so the browser needs no class merger. */
const EXPLORER_CLASSES: BlogExplorerClasses = {
  search: inputClassName('h-11 pl-9 [&::-webkit-search-cancel-button]:hidden'),
  tagActive: filterLinkClasses(true),
  tagInactive: filterLinkClasses(false),
  clearFilters: cn(buttonVariants({ variant: 'outline' })),
};

export default function BlogPage() {
  return (
    <>
      <PageIntro eyebrow="Writing" title="Blog">
        Notes on mathematics, computation and the craft of research.
      </PageIntro>
      <PageBody>
        <ContentBoundary fallback={<LoadingText>Loading articles...</LoadingText>}>
          <Loaded what="the blog posts" read={getBlogPosts} failure="Failed to load blog posts">
            {(posts) => {
              const cards = posts.map(toBlogCardPost);
              const covers = Object.fromEntries(cards.map((post, index) => [post.id, <BlogCardCover key={post.id} post={post} first={index === 0} />]));
              return <BlogExplorer posts={cards} tags={distinctTags(cards)} covers={covers} classes={EXPLORER_CLASSES} />;
            }}
          </Loaded>
        </ContentBoundary>
      </PageBody>
    </>
  );
}
