import type { Metadata, ResolvingMetadata } from 'next';
import { Link } from '@/components/link';
import { connection } from 'next/server';

import { ContentBoundary } from '@/components/site/content-boundary';
import { EmptyState } from '@/components/site/empty-state';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { PageHtml } from '@/components/site/page-html';
import { TALK_LIST_CLASSES, talkListHtml } from '@/components/site/talks/talk-item';
import { TalkMap, talkPlaces } from '@/components/site/talks/talk-map';
import { filterLinkClasses } from '@/components/site/url-filtered-list';
import { Button } from '@/components/ui/button';
import { canonicalMetadata } from '@/lib/canonical';
import { getAbout } from '@/lib/content/about/queries';
import { ownerNameOf } from '@/lib/content/about/types';
import { readOr } from '@/lib/content/read';
import { getSiteTimeZone } from '@/lib/content/settings/queries';
import { getTalks } from '@/lib/content/talks/queries';
import { groupByYear, KIND_FILTERS, kindHref, parseKind, PAST_PAGE_SIZE, splitTalks, talksHref, todayIn, type KindFilter } from '@/lib/content/talks/rules';
import type { Talk } from '@/lib/content/talks/types';
import { plural } from '@/lib/format';

const INTRO = 'Seminars, conference talks and posters: the upcoming first, then the past by year, each with its abstract, slides and recording where there are some.';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  const about = await readOr('the profile for the page metadata', getAbout, null);
  const owner = ownerNameOf(about);
  return {
    title: 'Talks',
    description: owner ? `Talks by ${owner}: upcoming and past seminars, conference talks and posters, with slides and recordings.` : INTRO,
    ...(await canonicalMetadata('/talks', parent)),
  };
}

/**
 * Which talks are upcoming depends on the day, and the filters on the address: the page is made whole at each
 * request (a blocking route, as /search), from cached reads, with no static shell that would show the split as
 * it was at the build.
 */
export const instant = false;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function TalksPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <>
      <PageIntro eyebrow="Speaking" title="Talks">
        {INTRO}
      </PageIntro>
      <PageBody>
        <ContentBoundary fallback={<LoadingText>Loading talks...</LoadingText>}>
          <Talks searchParams={searchParams} />
        </ContentBoundary>
      </PageBody>
    </>
  );
}

/**
 * Which talks are upcoming is decided on every request, in the site's time zone (Settings → Time Zone): the
 * reads are cached, the split is not, so a talk moves to the past the day after it without a save or a rebuild.
 */
async function Talks({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const params = await searchParams;
  const kind = parseKind(params.kind);
  const place = parsePlace(params.place);
  const page = parsePage(params.page);
  return (
    <Loaded what="the talks" read={() => Promise.all([getTalks(), getSiteTimeZone()])} failure="Failed to load talks">
      {([talks, timeZone]) => <TalkList talks={talks} kind={kind} place={place} page={page} timeZone={timeZone} today={todayIn(timeZone)} />}
    </Loaded>
  );
}

/** The ?page= value: a page of past talks from 1, or the first. */
function parsePage(param: string | string[] | undefined): number {
  const value = Array.isArray(param) ? param[0] : param;
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** The ?place= value: a GeoNames id, or none (anything else shows every place). */
function parsePlace(param: string | string[] | undefined): number | null {
  const value = Array.isArray(param) ? param[0] : param;
  return value && /^\d{1,10}$/.test(value) ? Number(value) : null;
}

function TalkList({ talks, kind, place, page: asked, timeZone, today }: { talks: Talk[]; kind: KindFilter; place: number | null; page: number; timeZone: string; today: string }) {
  const kinds = new Set(talks.map((talk) => talk.kind));
  const filters = KIND_FILTERS.filter((filter) => filter.value === 'all' || kinds.has(filter.value) || filter.value === kind);
  const places = talkPlaces(talks);
  const chosen = places.find((one) => one.id === place) ?? null;
  const shown = talks.filter((talk) => (kind === 'all' || talk.kind === kind) && (!chosen || talk.placeId === chosen.id));
  const split = splitTalks(shown, today);
  const pastTalks = split.past.flatMap((group) => group.talks);
  const pages = Math.max(1, Math.ceil(pastTalks.length / PAST_PAGE_SIZE));
  const page = Math.min(asked, pages);
  // The upcoming talks are all on the first page; each page lists PAST_PAGE_SIZE past talks, newest first.
  const upcoming = page === 1 ? split.upcoming : [];
  const past = groupByYear(pastTalks.slice((page - 1) * PAST_PAGE_SIZE, page * PAST_PAGE_SIZE));
  const here = { kind, place: chosen?.id ?? null };
  return (
    <div className="flex flex-col gap-10">
      <p className="text-sm text-muted-foreground">
        <a href="/talks.ics" className="font-medium text-primary hover:underline">
          Subscribe to the upcoming talks
        </a>
        {' in your calendar app (iCalendar).'}
      </p>
      <TalkMap places={places} current={chosen?.id ?? null} />
      {chosen ? (
        <p className="flex flex-wrap items-baseline gap-3">
          <span className="font-serif text-xl font-semibold">{`Talks in ${chosen.label}`}</span>
          <Link href="/talks" className="text-sm text-primary hover:underline">
            All places
          </Link>
        </p>
      ) : null}
      {filters.length > 2 ? (
        <nav aria-label="Filter talks by kind" className="flex flex-wrap gap-2">
          {filters.map((filter) => (
            <Link key={filter.value} href={kindHref(filter.value)} className={filterLinkClasses(filter.value === kind)} aria-current={filter.value === kind ? 'page' : undefined}>
              {filter.label}
            </Link>
          ))}
        </nav>
      ) : null}
      {shown.length === 0 ? (
        <EmptyState
          title="No talks found"
          action={
            kind === 'all' ? undefined : (
              <Button asChild variant="outline">
                <Link href="/talks">View All Talks</Link>
              </Button>
            )
          }
        >
          {kind === 'all' ? 'No talks have been added yet.' : 'No talks match the selected kind. Try another.'}
        </EmptyState>
      ) : (
        <>
          {page === 1 ? (
            <section aria-labelledby="upcoming-heading">
              <h2 id="upcoming-heading" className="eyebrow mb-2">
                {`Upcoming (${upcoming.length})`}
              </h2>
              {upcoming.length > 0 ? (
                <PageHtml html={talkListHtml(upcoming, timeZone, 3)} className={TALK_LIST_CLASSES} />
              ) : (
                <p className="py-4 text-muted-foreground">No upcoming talks at the moment.</p>
              )}
            </section>
          ) : null}
          {past.length > 0 ? (
            <section aria-labelledby="past-heading" className="flex flex-col gap-6">
              <h2 id="past-heading" className="eyebrow">
                {pages > 1 ? `Past (${plural(pastTalks.length, 'talk')}; page ${page} of ${pages})` : `Past (${plural(pastTalks.length, 'talk')})`}
              </h2>
              {past.map((group) => (
                <section key={group.year} aria-labelledby={`year-${group.year}`}>
                  <h3 id={`year-${group.year}`} className="font-serif text-2xl font-semibold text-foreground/90">
                    {group.year}
                  </h3>
                  <PageHtml html={talkListHtml(group.talks, timeZone, 4)} className={TALK_LIST_CLASSES} />
                </section>
              ))}
            </section>
          ) : null}
          {pages > 1 ? (
            <nav aria-label="Pages of past talks" className="flex flex-wrap gap-3">
              {page > 1 ? (
                <Link href={talksHref({ ...here, page: page - 1 })} className={filterLinkClasses(false)}>
                  Newer talks
                </Link>
              ) : null}
              {page < pages ? (
                <Link href={talksHref({ ...here, page: page + 1 })} className={filterLinkClasses(false)}>
                  Older talks
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
