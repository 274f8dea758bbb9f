import 'server-only';
import Link from 'next/link';

import { countryName } from '@/lib/content/talks/rules';
import type { Talk } from '@/lib/content/talks/types';
import { plural } from '@/lib/format';
import { dotRadius, MAP_VIEWBOX, projectPlace } from '@/lib/places/map';

/** A place talks were given at: the gazetteer's city, its coordinates, and how many talks. */
export interface TalkPlace {
  id: number;
  label: string;
  lat: number;
  lng: number;
  count: number;
}

/** The places of the talks that have coordinates (a city chosen from the gazetteer), busiest first. */
export function talkPlaces(talks: readonly Talk[]): TalkPlace[] {
  const places = new Map<number, TalkPlace>();
  for (const talk of talks) {
    if (talk.placeId === null || talk.lat === null || talk.lng === null) continue;
    const place = places.get(talk.placeId);
    if (place) place.count += 1;
    else places.set(talk.placeId, { id: talk.placeId, label: [talk.city, countryName(talk.country)].filter(Boolean).join(', '), lat: talk.lat, lng: talk.lng, count: 1 });
  }
  return [...places.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/** The address of one place's talks on /talks. */
export const placeHref = (id: number) => `/talks?place=${id}`;

/**
 * The map of talks, drawn on the server (no script, no tile server, nothing asked of a third party): the land
 * as an image of this site's own (/talks/map.svg), a dot per place sized by its number of talks, each a link to
 * that place's talks, and the same places as a list for screen readers and small screens.
 */
export function TalkMap({ places, current }: { places: readonly TalkPlace[]; current: number | null }) {
  if (places.length === 0) return null;
  const max = Math.max(...places.map((place) => place.count));
  const { width, height } = MAP_VIEWBOX;
  const dots = places.flatMap((place) => {
    const at = projectPlace(place.lat, place.lng);
    return at ? [{ place, at, r: dotRadius(place.count, max) }] : [];
  });
  return (
    <section aria-labelledby="map-heading" className="flex flex-col gap-4">
      <h2 id="map-heading" className="eyebrow">
        Where
      </h2>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_14rem]">
        <figure className="relative hidden sm:block" aria-hidden="true" style={{ aspectRatio: `${width} / ${height}` }}>
          {/* eslint-disable-next-line @next/next/no-img-element -- the site's own SVG, drawn once on the server */}
          <img src="/talks/map.svg" alt="" width={width} height={height} className="absolute inset-0 size-full opacity-25 invert" loading="lazy" decoding="async" />
          <svg viewBox={`0 0 ${width} ${height}`} className="absolute inset-0 size-full">
            {dots.map(({ place, at, r }) => (
              <a key={place.id} href={placeHref(place.id)} tabIndex={-1}>
                <circle
                  cx={at.x}
                  cy={at.y}
                  r={r}
                  className={place.id === current ? 'fill-primary stroke-foreground' : 'fill-primary/70 stroke-background hover:fill-primary'}
                  strokeWidth={1}
                />
              </a>
            ))}
          </svg>
        </figure>
        <ul aria-label="Places" className="flex flex-col gap-1 text-sm">
          {places.map((place) => (
            <li key={place.id}>
              <Link href={placeHref(place.id)} aria-current={place.id === current ? 'page' : undefined} className="text-primary hover:underline aria-[current=page]:font-semibold">
                {place.label}
              </Link>
              <span className="text-muted-foreground">{` · ${plural(place.count, 'talk')}`}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="text-xs text-muted-foreground">
        {'Places: '}
        <a href="https://www.geonames.org/" className="underline" rel="noopener noreferrer">
          GeoNames
        </a>
        {' ('}
        <a href="https://creativecommons.org/licenses/by/4.0/" className="underline" rel="noopener noreferrer">
          CC BY 4.0
        </a>
        {') · Outlines: Natural Earth'}
      </p>
    </section>
  );
}
