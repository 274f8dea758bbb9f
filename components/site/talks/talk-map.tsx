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
} as const;

/** How a list of places looks: set on the list, for the plain items placeItemsHtml writes. */
export const PLACE_LIST_CLASSES = 'flex flex-col gap-1 text-sm [&_a]:text-primary [&_a:hover]:underline [&_a[aria-current]]:font-semibold [&_span]:text-muted-foreground';

/** The most places the map of /talks draws and lists (the busiest); /talks/places lists them all. */
export const MAP_PLACES = 100;

/** The places as list items, each a link to its talks on /talks ('?place=…', relative to /talks), escaped. */
export function placeItemsHtml(places: readonly TalkPlace[], current: number | null): string {
  return places
    .map((place) => `<li><a href="/talks?place=${place.id}"${place.id === current ? ' aria-current="page"' : ''}>${escapeXml(place.label)}</a><span> · ${escapeXml(plural(place.count, 'talk'))}</span></li>`)
    .join('');
}

/**
 * The map and its list as one HTML fragment, made here from the places (escaped), so the page carries it once
 * as HTML and once packed in its payload (PageHtml). The elements carry no classes of their own: a hundred
 * places are about 15 kB. `more`: how many places are left out (listed on /talks/places).
 */
export function talkMapHtml(places: readonly TalkPlace[], current: number | null, more = 0): string {
  const max = Math.max(...places.map((place) => place.count));
  const { width, height } = MAP_VIEWBOX;
  const dots = places
    .map((place) => {
      const at = projectPlace(place.lat, place.lng);
      if (!at) return '';
      return `<a href="/talks?place=${place.id}" tabindex="-1"><circle cx="${at.x}" cy="${at.y}" r="${dotRadius(place.count, max)}"${place.id === current ? ' class="current"' : ''}/></a>`;
    })
    .join('');
  const rest = more > 0 ? `<li><a href="/talks/places">${escapeXml(`All ${places.length + more} places`)}</a></li>` : '';
  return (
    `<div class="grid gap-6 lg:grid-cols-[minmax(0,1fr)_14rem]">` +
    `<figure class="${CLASSES.figure}" aria-hidden="true" style="aspect-ratio:${width} / ${height}">` +
    `<img src="/talks/map.svg" alt="" width="${width}" height="${height}" class="${CLASSES.image}" loading="lazy" decoding="async">` +
    `<svg viewBox="0 0 ${width} ${height}" class="${CLASSES.svg}">${dots}</svg></figure>` +
    `<ul aria-label="Places" class="${PLACE_LIST_CLASSES}">${placeItemsHtml(places, current)}${rest}</ul></div>`
  );
}

/**
 * The map of talks, drawn on the server (no script, no tile server, nothing asked of a third party): the land
 * as an image of this site's own (/talks/map.svg), a dot per place sized by its number of talks, each a link to
 * that place's talks, and the same places as a list for screen readers and small screens. Past MAP_PLACES
 * places, the busiest are drawn and listed, with a link to all of them.
 */
export function TalkMap({ places, current }: { places: readonly TalkPlace[]; current: number | null }) {
  if (places.length === 0) return null;
  const shown = places.slice(0, MAP_PLACES);
  // The place chosen in the address is drawn and listed, however few its talks.
  const chosen = places.find((place) => place.id === current);
  if (chosen && !shown.includes(chosen)) shown.push(chosen);
  return (
    <section aria-labelledby="map-heading" className="flex flex-col gap-4">
      <h2 id="map-heading" className="eyebrow">
        Where
      </h2>
      <PageHtml html={talkMapHtml(shown, current, places.length - shown.length)} />
      <PlacesCredit />
    </section>
  );
}

/** GeoNames' attribution (CC BY 4.0, §3(a)) and Natural Earth's, under every list of the places. */
export function PlacesCredit() {
  return (
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
  );
}
