import type { Metadata, ResolvingMetadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';

import { ContentBoundary } from '@/components/site/content-boundary';
import { EmptyState } from '@/components/site/empty-state';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { TalkItem } from '@/components/site/talks/talk-item';
import { TalkMap, talkPlaces } from '@/components/site/talks/talk-map';
import { filterLinkClasses } from '@/components/site/url-filtered-list';
import { Button } from '@/components/ui/button';
import { canonicalMetadata } from '@/lib/canonical';
import { getAbout } from '@/lib/content/about/queries';
import { ownerNameOf } from '@/lib/content/about/types';
import { readOr } from '@/lib/content/read';
import { getSiteTimeZone } from '@/lib/content/settings/queries';
import { getTalks } from '@/lib/content/talks/queries';
import { KIND_FILTERS, kindHref, parseKind, splitTalks, todayIn, type KindFilter } from '@/lib/content/talks/rules';
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
  return (
    <Loaded what="the talks" read={() => Promise.all([getTalks(), getSiteTimeZone()])} failure="Failed to load talks">
      {([talks, timeZone]) => <TalkList talks={talks} kind={kind} place={place} timeZone={timeZone} today={todayIn(timeZone)} />}
    </Loaded>
  );
}

/** The ?place= value: a GeoNames id, or none (anything else shows every place). */
function parsePlace(param: string | string[] | undefined): number | null {
  const value = Array.isArray(param) ? param[0] : param;
  return value && /^\d{1,10}$/.test(value) ? Number(value) : null;
}

function TalkList({ talks, kind, place, timeZone, today }: { talks: Talk[]; kind: KindFilter; place: number | null; timeZone: string; today: string }) {
  const kinds = new Set(talks.map((talk) => talk.kind));
  const filters = KIND_FILTERS.filter((filter) => filter.value === 'all' || kinds.has(filter.value) || filter.value === kind);
  const places = talkPlaces(talks);
  const chosen = places.find((one) => one.id === place) ?? null;
  const shown = talks.filter((talk) => (kind === 'all' || talk.kind === kind) && (!chosen || talk.placeId === chosen.id));
  const { upcoming, past } = splitTalks(shown, today);
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
          <section aria-labelledby="upcoming-heading">
            <h2 id="upcoming-heading" className="eyebrow mb-2">
              {`Upcoming (${upcoming.length})`}
            </h2>
            {upcoming.length > 0 ? (
              upcoming.map((talk) => <TalkItem key={talk.id} talk={talk} siteTimeZone={timeZone} />)
            ) : (
              <p className="py-4 text-muted-foreground">No upcoming talks at the moment.</p>
            )}
          </section>
          {past.length > 0 ? (
            <section aria-labelledby="past-heading" className="flex flex-col gap-6">
              <h2 id="past-heading" className="eyebrow">
                {`Past (${plural(past.reduce((sum, group) => sum + group.talks.length, 0), 'talk')})`}
              </h2>
              {past.map((group) => (
                <section key={group.year} aria-labelledby={`year-${group.year}`}>
                  <h3 id={`year-${group.year}`} className="font-serif text-2xl font-semibold text-foreground/90">
                    {group.year}
                  </h3>
                  {group.talks.map((talk) => (
                    <TalkItem key={talk.id} talk={talk} siteTimeZone={timeZone} headingLevel={4} />
                  ))}
                </section>
              ))}
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
