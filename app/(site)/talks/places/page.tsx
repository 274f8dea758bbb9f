import type { Metadata, ResolvingMetadata } from 'next';
import { Link } from '@/components/link';
import { connection } from 'next/server';

import { ContentBoundary } from '@/components/site/content-boundary';
import { BackLink } from '@/components/site/detail-page';
import { Loaded } from '@/components/site/loaded';
import { PageHtml } from '@/components/site/page-html';
import { LoadingText } from '@/components/site/page-intro';
import { PLACE_LIST_CLASSES, placeItemsHtml, PlacesCredit, talkPlaces } from '@/components/site/talks/talk-map';
import { filterLinkClasses } from '@/components/site/url-filtered-list';
import { canonicalMetadata } from '@/lib/canonical';
import { getTalks } from '@/lib/content/talks/queries';
import { plural } from '@/lib/format';

/** How many places one page lists. */
const PLACES_PER_PAGE = 200;

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  return { title: 'Places of talks', description: 'Every city talks were given in, with the number of talks in each.', ...(await canonicalMetadata('/talks/places', parent)) };
}

/** The page of the address (?page=), made at each request as /talks is. */
export const instant = false;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Every place of the talks, busiest first, each a link to its talks: where the map of /talks, which draws and
 * lists the busiest hundred, sends a speaker of many places.
 */
export default function TalkPlacesPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 md:py-14">
      <BackLink href="/talks">All talks</BackLink>
      <h1 className="mt-6 font-serif text-4xl font-semibold tracking-tight">Places of talks</h1>
      <ContentBoundary fallback={<LoadingText>Loading talks...</LoadingText>}>
        <Places searchParams={searchParams} />
      </ContentBoundary>
    </div>
  );
}

async function Places({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const value = (await searchParams).page;
  const asked = typeof value === 'string' && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
  return (
    <Loaded what="the talks" read={getTalks} failure="Failed to load talks">
      {(talks) => {
        const places = talkPlaces(talks);
        const pages = Math.max(1, Math.ceil(places.length / PLACES_PER_PAGE));
        const page = Math.min(asked, pages);
        const shown = places.slice((page - 1) * PLACES_PER_PAGE, page * PLACES_PER_PAGE);
        return (
          <div className="mt-8 flex flex-col gap-6">
            <p className="text-muted-foreground">{pages > 1 ? `${plural(places.length, 'place')}; page ${page} of ${pages}.` : `${plural(places.length, 'place')}.`}</p>
            {shown.length > 0 ? <PageHtml html={`<ul aria-label="Places" class="${PLACE_LIST_CLASSES}">${placeItemsHtml(shown, null)}</ul>`} /> : null}
            {pages > 1 ? (
              <nav aria-label="Pages of places" className="flex flex-wrap gap-3">
                {page > 1 ? (
                  <Link href={page === 2 ? '/talks/places' : `/talks/places?page=${page - 1}`} className={filterLinkClasses(false)}>
                    Previous places
                  </Link>
                ) : null}
                {page < pages ? (
                  <Link href={`/talks/places?page=${page + 1}`} className={filterLinkClasses(false)}>
                    More places
                  </Link>
                ) : null}
              </nav>
            ) : null}
            <PlacesCredit />
          </div>
        );
      }}
    </Loaded>
  );
}
