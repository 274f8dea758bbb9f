import type { Metadata, ResolvingMetadata } from 'next';
import { Link } from '@/components/link';

import { ContentBoundary } from '@/components/site/content-boundary';
import { BackLink, DetailNotFound } from '@/components/site/detail-page';
import { Loaded } from '@/components/site/loaded';
import { LongDate } from '@/components/site/long-date';
import { LoadingText } from '@/components/site/page-intro';
import { JsonLd } from '@/components/site/json-ld';
import { readAuthorCredits } from '@/components/site/research/author-credits';
import { CitationChart, CitedBy, readShownCitations } from '@/components/site/research/citations';
import { CiteButton } from '@/components/site/research/cite-button';
import { PaperAuthors, PaperIdentifiers, PaperLinks, PaperVenueLine } from '@/components/site/research/paper-card';
import { PaperAbstract } from '@/components/site/stored-markup';
import { Badge } from '@/components/ui/badge';
import { canonicalMetadata } from '@/lib/canonical';
import { BUILD_SHELL_PARAM, readForRequest, readOr } from '@/lib/content/read';
import { getTalksForPaper } from '@/lib/content/talks/queries';
import { formatTalkDate } from '@/lib/content/talks/rules';
import type { Talk } from '@/lib/content/talks/types';
import { texToText } from '@/lib/cv/tex-text';
import { getResearchPaper } from '@/lib/content/research/queries';
import { STATUS_BADGES } from '@/lib/content/research/rules';
import { highwireTags, isCitable } from '@/lib/content/research/scholar';
import type { ResearchPaper } from '@/lib/content/research/types';
import { getEnv } from '@/lib/env';
import { researchPaperData } from '@/lib/structured-data';
import { truncate } from '@/lib/format';
import { cn } from '@/lib/utils';

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }, parent: ResolvingMetadata): Promise<Metadata> {
  const { id } = await params;
  const read = await readForRequest('the research paper for the page metadata', () => getResearchPaper(id));
  if (!read.ok) return { title: 'Research' };
  const paper = read.data;
  if (!paper) return { title: 'Paper not found', robots: { index: false } };
  const description = truncate(paper.abstract.replace(/\s+/g, ' ').trim() || `${paper.title}, by ${paper.authors.join(', ')}.`, 160);
  const siteUrl = getEnv().SITE_URL;
  return {
    title: paper.title,
    description,
    // Google Scholar's inclusion guidelines: Highwire Press tags; a draft carries none and is not indexed.
    other: highwireTags(paper, siteUrl),
    ...(isCitable(paper) ? {} : { robots: { index: false, follow: true } }),
    twitter: siteUrl ? { card: 'summary_large_image' } : { card: 'summary' },
    // The paper's generated card (opengraph-image.tsx beside this page) is its image in link previews,
    // announced only once SITE_URL gives it an absolute address.
    ...(await canonicalMetadata(`/research/${paper.id}`, parent, {
      type: 'article',
      siteName: (await parent).openGraph?.siteName,
      title: paper.title,
      description,
      ...(siteUrl ? {} : { images: [] }),
    })),
  };
}

export function generateStaticParams() {
  return [{ id: BUILD_SHELL_PARAM }];
}

/** The id is awaited outside any boundary: the first request waits for the whole page, then cached. */
export default async function ResearchPaperPage({ params }: { params: Params }) {
  const { id } = await params;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <BackLink href="/research">All research papers</BackLink>
      <ContentBoundary fallback={<LoadingText>Loading paper...</LoadingText>}>
        <Loaded what={`the research paper "${id}"`} read={() => getResearchPaper(id)} failure="Failed to load research papers" redirectTo="/research">
          {(paper) => (paper ? <PaperView paper={paper} /> : <DetailNotFound title="Paper not found" thing="paper" back="Back to Research" backHref="/research" />)}
        </Loaded>
      </ContentBoundary>
    </div>
  );
}

async function PaperView({ paper }: { paper: ResearchPaper }) {
  const [credits, citations, talks] = await Promise.all([
    readAuthorCredits(),
    readShownCitations(),
    readOr(`the talks on the paper "${paper.id}"`, () => getTalksForPaper(paper.id), []),
  ]);
  const counted = citations?.get(paper.id);
  const badge = STATUS_BADGES[paper.status];
  return (
    <article className="mt-6 flex flex-col gap-8">
      <header className="flex flex-col gap-4">
        <div className="paper-meta">
          <Badge variant="outline" data-status={paper.status} className={cn(badge.className)}>
            {badge.label}
          </Badge>
          <LongDate date={paper.date} />
          <PaperVenueLine paper={paper} />
        </div>
        <h1 className="font-serif text-4xl leading-tight font-semibold tracking-tight text-balance text-foreground">{paper.title}</h1>
        <PaperAuthors authors={paper.authors} note={paper.note} credits={credits} />
        <PaperIdentifiers paper={paper} />
        {counted ? <CitedBy count={counted} /> : null}
      </header>
      {paper.abstract ? (
        <section aria-labelledby="abstract-heading">
          <h2 id="abstract-heading" className="eyebrow mb-3">
            Abstract
          </h2>
          <PaperAbstract id={paper.id} look="page" />
        </section>
      ) : null}
      {paper.tags.length > 0 ? (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {paper.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary">{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <PaperLinks paper={paper} />
      {talks.length > 0 ? <PaperTalks talks={talks} /> : null}
      {counted ? <CitationChart byYear={counted.byYear} title={paper.title} /> : null}
      {isCitable(paper) ? (
        <>
          <Citation paper={paper} />
          <JsonLd data={researchPaperData(paper, getEnv().SITE_URL)} />
        </>
      ) : null}
    </article>
  );
}

/** The talks given on the paper, newest first, each a link to its page. */
function PaperTalks({ talks }: { talks: Talk[] }) {
  return (
    <section aria-labelledby="talks-heading">
      <h2 id="talks-heading" className="eyebrow mb-3">
        Talks
      </h2>
      <ul className="flex flex-col gap-2">
        {talks.map((talk) => (
          <li key={talk.id} className="text-sm">
            <Link href={`/talks/${talk.id}`} className="font-medium text-primary hover:underline">
              {texToText(talk.title)}
            </Link>
            <span className="text-muted-foreground">{` · ${[talk.eventName, formatTalkDate(talk.start, talk.end)].filter(Boolean).join(', ')}`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The Cite panel: only the paper's id is on the page; the panel fetches the citation (/research/{id}/cite) when opened. */
function Citation({ paper }: { paper: ResearchPaper }) {
  return <CiteButton paperId={paper.id} />;
}
