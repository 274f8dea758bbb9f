import type { Metadata, ResolvingMetadata } from 'next';
import { redirect } from 'next/navigation';

import { BlogCard } from '@/components/site/blog/blog-card';
import { BlogCardCover } from '@/components/site/blog/blog-card-cover';
import { ContentBoundary } from '@/components/site/content-boundary';
import { BackLink } from '@/components/site/detail-page';
import { TagLink } from '@/components/site/blog/tag-link';
import { FallbackImage, LARGEST_PAINT } from '@/components/site/fallback-image';
import { JsonLd } from '@/components/site/json-ld';
import { Loaded } from '@/components/site/loaded';
import { ownerName } from '@/components/site/owner-json-ld';
import { LongDate } from '@/components/site/long-date';
import { BlogPostBody } from '@/components/site/stored-markup';
import { LoadingText } from '@/components/site/page-intro';
import { toBlogCardPost } from '@/lib/content/blog/rules';
import { getBlogPost, getRelatedPosts } from '@/lib/content/blog/queries';
import type { BlogPost } from '@/lib/content/blog/types';
import { BUILD_SHELL_PARAM, readOr } from '@/lib/content/read';
import { absoluteUrl } from '@/lib/absolute-url';
import { blogPostPath, canonicalMetadata } from '@/lib/canonical';
import { getEnv } from '@/lib/env';
import { blogPostingData } from '@/lib/structured-data';
import { truncate } from '@/lib/format';

type Params = Promise<{ slug: string }>;

/** Search-result snippets show about this many characters. */
const DESCRIPTION_LENGTH = 160;

export async function generateMetadata({ params }: { params: Params }, parent: ResolvingMetadata): Promise<Metadata> {
  const { slug } = await params;
  const post = await readOr('the blog post for the page metadata', () => getBlogPost(slug), null);
  if (!post) return { title: 'Blog' };
  const siteUrl = getEnv().SITE_URL;
  // A post's cover is its image in link previews; without one, its generated card (opengraph-image.tsx
  // beside this page), which only an absent `images` lets in. Previews cannot show SVG (the sample
  // posts' placeholder cover is one), so such a cover gives way to the card too. Link previews need an
  // absolute address: a site path (the card's included) counts only once SITE_URL says where the site is.
  const cover = post.coverImage && !/\.svg(?:[?#].*)?$/i.test(post.coverImage) ? absoluteUrl(post.coverImage, siteUrl) : null;
  const images = cover ? [cover] : siteUrl ? undefined : [];
  const description = truncate(post.excerpt.trim() || post.content.replace(/[#*`$>_-]+/g, ' ').replace(/\s+/g, ' ').trim(), DESCRIPTION_LENGTH);
  return {
    title: post.title,
    description,
    // Without `images` of its own, the card shows Open Graph's image, the generated one included.
    twitter: images?.length === 0 ? { card: 'summary' } : { card: 'summary_large_image' },
    ...(await canonicalMetadata(blogPostPath(post.slug), parent, {
      type: 'article',
      siteName: (await parent).openGraph?.siteName,
      title: post.title,
      description,
      publishedTime: post.date,
      tags: post.tags,
      ...(images ? { images } : {}),
    })),
  };
}

export function generateStaticParams() {
  return [{ slug: BUILD_SHELL_PARAM }];
}

/**
 * The slug is awaited here, outside any boundary: the first request for a post waits for the whole page,
 * which Next then keeps in its route cache for the next visitors (until a write expires it).
 */
export default async function BlogPostPage({ params }: { params: Params }) {
  const { slug } = await params;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <BackLink href="/blog">Back to blog</BackLink>
      <ContentBoundary fallback={<LoadingText>Loading article...</LoadingText>}>
        <Loaded what={`the blog post "${slug}"`} read={() => getBlogPost(slug)} failure="Failed to load blog post" redirectTo="/blog">
          {(post) => {
            // An unknown slug is sent back to the list rather than to a dead end.
            if (!post) redirect('/blog');
            return <BlogPostView post={post} />;
          }}
        </Loaded>
      </ContentBoundary>
    </div>
  );
}

function BlogPostView({ post }: { post: BlogPost }) {
  return (
    <>
      <article className="mt-6">
        <header className="flex flex-col gap-5">
          <h1 className="font-serif text-4xl leading-tight font-semibold tracking-tight text-balance text-foreground sm:text-5xl">
            {post.title}
          </h1>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-3">
            <p className="meta-line">
              <LongDate date={post.date} />
            </p>
            {post.tags.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <TagLink tag={tag} />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </header>
        {post.coverImage ? (
          <div className="relative mt-8 aspect-[16/9] overflow-hidden rounded-xl border border-border bg-muted">
            <FallbackImage
              src={post.coverImage}
              alt=""
              fill
              // The cover is the article's largest paint: fetched at once, ahead of everything below it.
              {...LARGEST_PAINT}
              sizes="(min-width: 768px) 720px, 100vw"
              className="object-cover"
            />
          </div>
        ) : null}
        <div className="mt-10">
          <BlogPostBody slug={post.slug} />
        </div>
      </article>
      <RelatedArticles post={post} />
      <BlogPostingJsonLd post={post} />
    </>
  );
}

async function BlogPostingJsonLd({ post }: { post: BlogPost }) {
  return <JsonLd data={blogPostingData(post, await ownerName(), getEnv().SITE_URL)} />;
}

async function RelatedArticles({ post }: { post: BlogPost }) {
  // The article itself loaded; a missing 'Related Articles' section must not take it down.
  const related = await readOr(`the posts related to "${post.slug}"`, () => getRelatedPosts(post.id, post.tags), []);
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16 border-t border-border pt-10">
      <h2 id="related-heading" className="font-serif text-2xl font-semibold tracking-tight text-foreground">
        Related Articles
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2">
        {related.map((other) => (
          <li key={other.id}>
            <BlogCard post={toBlogCardPost(other)} cover={<BlogCardCover post={other} />} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
