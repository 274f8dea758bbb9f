import type { Metadata, ResolvingMetadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
import { BackLink, DetailNotFound } from '@/components/site/detail-page';
import { Loaded } from '@/components/site/loaded';
import { LongDate } from '@/components/site/long-date';
import { LoadingText } from '@/components/site/page-intro';
import { PersonalHtml } from '@/components/site/personal/personal-html';
import { PersonalImages } from '@/components/site/personal/personal-images';
import { PersonalTypeBadge } from '@/components/site/personal/personal-type-badge';
import { canonicalMetadata } from '@/lib/canonical';
import { getPersonalPost } from '@/lib/content/personal/queries';
import type { PersonalPost } from '@/lib/content/personal/types';
import { BUILD_SHELL_PARAM, readForRequest } from '@/lib/content/read';
import { truncate } from '@/lib/format';
import { htmlToText, personalBody, personalDisplayTitle } from '@/lib/content/personal/rules';

type Params = Promise<{ id: string }>;

/** Search-result snippets show about this many characters. */
const DESCRIPTION_LENGTH = 160;

export async function generateMetadata({ params }: { params: Params }, parent: ResolvingMetadata): Promise<Metadata> {
  const { id } = await params;
  const read = await readForRequest('the personal post for the page metadata', () => getPersonalPost(id));
  if (!read.ok) return { title: 'Personal' };
  const post = read.data;
  // The not-found state is a page of its own words, not something to index.
  if (!post) return { title: 'Post not found', robots: { index: false } };
  const text = htmlToText(personalBody(post.title, post.content)).replace(/\n/g, ' ');
  return {
    title: personalDisplayTitle(post.title, post.content),
    description: truncate(text, DESCRIPTION_LENGTH),
    ...(await canonicalMetadata(`/personal/${post.id}`, parent)),
  };
}

export function generateStaticParams() {
  return [{ id: BUILD_SHELL_PARAM }];
}

/** The id is awaited outside any boundary: the first request waits for the whole page, then cached. */
export default async function PersonalPostPage({ params }: { params: Params }) {
  const { id } = await params;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <ContentBoundary fallback={<LoadingText>Loading post...</LoadingText>}>
        <Loaded what={`the personal post "${id}"`} read={() => getPersonalPost(id)} failure="Failed to load personal post" redirectTo="/personal">
          {(post) => (post ? <PersonalPostView post={post} /> : <DetailNotFound title="Post not found" thing="post" back="Back to Personal Posts" backHref="/personal" />)}
        </Loaded>
      </ContentBoundary>
    </div>
  );
}

function PersonalPostView({ post }: { post: PersonalPost }) {
  const title = personalDisplayTitle(post.title, post.content);
  return (
    <article>
      <BackLink href="/personal">Back to all posts</BackLink>
      <header className="mt-6 flex flex-col gap-5">
        <h1 className="font-serif text-4xl leading-tight font-semibold tracking-tight text-balance text-foreground sm:text-5xl">
          {title}
        </h1>
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <PersonalTypeBadge type={post.type} />
          <span className="flex items-center gap-1.5">
            <LongDate date={post.date} />
          </span>
        </div>
      </header>
      <div className="mt-10">
        <PersonalHtml title={post.title} content={post.content} />
      </div>
      <PersonalImages urls={post.imageUrls} title={title} className="mt-10" />
    </article>
  );
}
