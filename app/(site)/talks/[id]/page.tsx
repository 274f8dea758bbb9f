import type { Metadata, ResolvingMetadata } from 'next';
import { Link } from '@/components/link';

import { ContentBoundary } from '@/components/site/content-boundary';
import { BackLink, DetailNotFound } from '@/components/site/detail-page';
import { ExternalLinkButton } from '@/components/site/external-link-button';
import { Download, ExternalLink } from '@/components/site/icons';
import { JsonLd } from '@/components/site/json-ld';
import { Loaded } from '@/components/site/loaded';
import { LoadingText } from '@/components/site/page-intro';
import { TalkAbstract } from '@/components/site/stored-markup';
import { TalkWhenWhere } from '@/components/site/talks/talk-item';
import { Badge } from '@/components/ui/badge';
import { canonicalMetadata } from '@/lib/canonical';
import { getAbout } from '@/lib/content/about/queries';
import { ownerNameOf } from '@/lib/content/about/types';
import { BUILD_SHELL_PARAM, readForRequest, readOr } from '@/lib/content/read';
import { getSiteTimeZone } from '@/lib/content/settings/queries';
import { getTalk } from '@/lib/content/talks/queries';
import { formatTalkDate } from '@/lib/content/talks/rules';
import { TALK_KIND_LABELS, type Talk } from '@/lib/content/talks/types';
import { texToText } from '@/lib/cv/tex-text';
import { getEnv } from '@/lib/env';
import { truncate } from '@/lib/format';
import { talkEventData } from '@/lib/structured-data';

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }, parent: ResolvingMetadata): Promise<Metadata> {
  const { id } = await params;
  const read = await readForRequest('the talk for the page metadata', () => getTalk(id));
  if (!read.ok) return { title: 'Talks' };
  const talk = read.data;
  if (!talk) return { title: 'Talk not found', robots: { index: false } };
  const title = texToText(talk.title);
  const description = truncate(
    talk.abstract.replace(/\s+/g, ' ').trim() || [talk.eventName, formatTalkDate(talk.start, talk.end)].filter(Boolean).join(', '),
    160,
  );
  return {
    title,
    description,
    ...(await canonicalMetadata(`/talks/${talk.id}`, parent, { type: 'article', siteName: (await parent).openGraph?.siteName, title, description })),
  };
}

export function generateStaticParams() {
  return [{ id: BUILD_SHELL_PARAM }];
}

export default async function TalkPage({ params }: { params: Params }) {
  const { id } = await params;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <BackLink href="/talks">All talks</BackLink>
      <ContentBoundary fallback={<LoadingText>Loading talk...</LoadingText>}>
        <Loaded what={`the talk "${id}"`} read={() => getTalk(id)} failure="Failed to load talks" redirectTo="/talks">
          {(talk) => (talk ? <TalkView talk={talk} /> : <DetailNotFound title="Talk not found" thing="talk" back="Back to Talks" backHref="/talks" />)}
        </Loaded>
      </ContentBoundary>
    </div>
  );
}

/** A PDF this site stores (the media library's): the one kind of slides the page may show in a frame of its own origin. */
function isStoredPdf(url: string): boolean {
  return url.startsWith('/storage/') && /\.pdf$/i.test(url);
}

async function TalkView({ talk }: { talk: Talk }) {
  const [timeZone, about] = await Promise.all([readOr('the time zone', getSiteTimeZone, 'UTC'), readOr('the profile', getAbout, null)]);
  const speaker = ownerNameOf(about) || 'The speaker';
  return (
    <article className="mt-6 flex flex-col gap-8">
      <header className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          {talk.kind ? <Badge variant="outline">{TALK_KIND_LABELS[talk.kind]}</Badge> : null}
          {talk.eventName ? (
            talk.eventUrl ? (
              <a href={talk.eventUrl} className="text-sm font-medium text-primary hover:underline" rel="noopener noreferrer" target="_blank">
                {talk.eventName}
              </a>
            ) : (
              <span className="text-sm font-medium text-foreground/85">{talk.eventName}</span>
            )
          ) : null}
        </div>
        <h1 className="font-serif text-4xl leading-tight font-semibold tracking-tight text-balance text-foreground">{texToText(talk.title)}</h1>
        <TalkWhenWhere talk={talk} siteTimeZone={timeZone} />
        {talk.paper ? (
          <p className="text-sm">
            {'On the paper '}
            <Link href={`/research/${talk.paper.id}`} className="font-medium text-primary hover:underline">
              {texToText(talk.paper.title)}
            </Link>
          </p>
        ) : null}
      </header>
      {talk.abstract ? (
        <section aria-labelledby="abstract-heading">
          <h2 id="abstract-heading" className="eyebrow mb-3">
            Abstract
          </h2>
          <TalkAbstract id={talk.id} />
        </section>
      ) : null}
      {talk.start.length === 10 ? (
        <p className="text-sm">
          <a href={`/talks/${talk.id}/talk.ics`} className="font-medium text-primary hover:underline" download>
            Add to calendar
          </a>
          <span className="text-muted-foreground"> (.ics)</span>
        </p>
      ) : null}
      {talk.slidesUrl || talk.videoUrl ? (
        <div className="flex flex-wrap gap-2">
          {talk.slidesUrl ? (
            <ExternalLinkButton href={talk.slidesUrl} icon={<Download aria-hidden="true" />}>
              Slides
            </ExternalLinkButton>
          ) : null}
          {talk.videoUrl ? (
            <ExternalLinkButton href={talk.videoUrl} icon={<ExternalLink aria-hidden="true" />} variant="outline">
              Video
            </ExternalLinkButton>
          ) : null}
        </div>
      ) : null}
      {talk.slidesUrl && isStoredPdf(talk.slidesUrl) ? (
        <section aria-labelledby="slides-heading">
          <h2 id="slides-heading" className="eyebrow mb-3">
            First slide
          </h2>
          {/* The stored PDF in the browser's own viewer, where it has one; the Slides link above works everywhere. */}
          <iframe
            src={`${talk.slidesUrl}#page=1&view=FitH&toolbar=0`}
            title={`The slides of ${texToText(talk.title)}`}
            loading="lazy"
            className="aspect-[4/3] w-full rounded-lg border border-border bg-muted"
          />
        </section>
      ) : null}
      <JsonLd data={talkEventData(talk, speaker, getEnv().SITE_URL)} />
    </article>
  );
}
