import 'server-only';
import { PageHtml } from '@/components/site/page-html';
import { escapeXml } from '@/lib/feed';

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

/** How the map and its list look: set on their containers, for the plain elements talkMapHtml writes. */
const CLASSES = {
  figure: 'relative hidden sm:block',
  image: 'absolute inset-0 size-full opacity-25 invert',
  svg: 'absolute inset-0 size-full [&_circle]:fill-primary/70 [&_circle]:stroke-background [&_circle]:stroke-1 [&_a:hover_circle]:fill-primary [&_.current]:fill-primary [&_.current]:stroke-foreground',
  list: 'flex flex-col gap-1 text-sm [&_a]:text-primary [&_a:hover]:underline [&_a[aria-current]]:font-semibold [&_span]:text-muted-foreground',
} as const;

/**
 * The map and its list as one HTML fragment, made here from the places (escaped), so the page carries it once
 * as HTML and once packed in its payload (PageHtml). Addresses are relative to /talks ('?place=…'), and the
 * elements carry no classes of their own: eighty places are about 10 kB.
 */
export function talkMapHtml(places: readonly TalkPlace[], current: number | null): string {
  const max = Math.max(...places.map((place) => place.count));
  const { width, height } = MAP_VIEWBOX;
  const href = (id: number) => `?place=${id}`;
  const dots = places
    .map((place) => {
      const at = projectPlace(place.lat, place.lng);
      if (!at) return '';
      return `<a href="${href(place.id)}" tabindex="-1"><circle cx="${at.x}" cy="${at.y}" r="${dotRadius(place.count, max)}"${place.id === current ? ' class="current"' : ''}/></a>`;
    })
    .join('');
  const items = places
    .map((place) => `<li><a href="${href(place.id)}"${place.id === current ? ' aria-current="page"' : ''}>${escapeXml(place.label)}</a><span> · ${escapeXml(plural(place.count, 'talk'))}</span></li>`)
    .join('');
  return (
    `<div class="grid gap-6 lg:grid-cols-[minmax(0,1fr)_14rem]">` +
    `<figure class="${CLASSES.figure}" aria-hidden="true" style="aspect-ratio:${width} / ${height}">` +
    `<img src="/talks/map.svg" alt="" width="${width}" height="${height}" class="${CLASSES.image}" loading="lazy" decoding="async">` +
    `<svg viewBox="0 0 ${width} ${height}" class="${CLASSES.svg}">${dots}</svg></figure>` +
    `<ul aria-label="Places" class="${CLASSES.list}">${items}</ul></div>`
  );
}

/**
 * The map of talks, drawn on the server (no script, no tile server, nothing asked of a third party): the land
 * as an image of this site's own (/talks/map.svg), a dot per place sized by its number of talks, each a link to
 * that place's talks, and the same places as a list for screen readers and small screens.
 */
export function TalkMap({ places, current }: { places: readonly TalkPlace[]; current: number | null }) {
  if (places.length === 0) return null;
  return (
    <section aria-labelledby="map-heading" className="flex flex-col gap-4">
      <h2 id="map-heading" className="eyebrow">
        Where
      </h2>
      <PageHtml html={talkMapHtml(places, current)} />
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
