import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { talkFromCvRow } from '@/lib/backup/export-format';
import { talkCalendar, talksCalendar } from '@/lib/calendar/talks';
import { formatTalkDate, isUpcoming, lastDayOf, parseKind, splitTalks, talkPlace, todayIn } from '@/lib/content/talks/rules';
import type { Talk } from '@/lib/content/talks/types';
import { talkRow } from '@/lib/cv/data';
import { talkEventData } from '@/lib/structured-data';
import {
  newTalkDefaults,
  TALK_COUNTRY_INVALID,
  TALK_END_BEFORE_START,
  TALK_END_TIME_BEFORE_START,
  TALK_ONE_LINE,
  TALK_PLACE_INVALID,
  TALK_SLIDES_INVALID,
  TALK_SLIDES_NOT_PDF,
  TALK_TIME_NEEDS_DAY,
  TALK_TIME_ZONE_INVALID,
  TALK_TITLE_REQUIRED,
  TALK_URL_INVALID,
  talkItemSchema,
  talkListSchema,
} from '@/lib/validation/talks';

const ID = '6f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f';

function talk(overrides: Partial<Talk> = {}): Talk {
  return {
    id: ID,
    title: 'Moments of $\\zeta(s)$',
    eventName: 'Analytic Number Theory Seminar',
    eventUrl: 'https://example.org/seminar',
    start: '2027-03-12',
    end: null,
    startTime: null,
    endTime: null,
    timeZone: null,
    kind: 'seminar',
    attendance: 'in-person',
    venue: 'Mathematical Institute',
    city: 'Oxford',
    country: 'GB',
    placeId: 2640729,
    lat: 51.75222,
    lng: -1.25596,
    abstract: 'On $\\int_0^T |\\zeta(\\tfrac12 + it)|^{2k}\\,dt$, with **bold** words.',
    slidesUrl: '/storage/research-papers/slides.pdf',
    videoUrl: null,
    paper: null,
    note: '',
    cvOrder: null,
    updatedAt: '2027-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** The first message the item schema gives for `path`, or undefined. */
function errorAt(values: Record<string, unknown>, path: string): string | undefined {
  const parsed = talkItemSchema.safeParse({ ...newTalkDefaults('2027-03-12', 'talk-1'), ...values });
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

describe('a talk as the editor sends it', () => {
  it('takes a whole talk, blanks as none, a kind, a zone, a place from the gazetteer', () => {
    const parsed = talkItemSchema.parse({
      ...newTalkDefaults('2027-03-12', 'talk-1'),
      title: '  A talk  ',
      eventUrl: '',
      end: '2027-03-14',
      startTime: '09:30',
      endTime: '10:15',
      timeZone: 'Europe/London',
      kind: 'keynote',
      country: 'gb',
      placeId: 2640729,
      lat: 51.75,
      lng: -1.26,
      slidesUrl: '/storage/research-papers/s.pdf',
      paperId: '',
    });
    expect(parsed).toMatchObject({ title: 'A talk', eventUrl: null, end: '2027-03-14', kind: 'keynote', country: 'GB', paperId: null, timeZone: 'Europe/London' });
  });

  it('refuses what would break a page, a calendar or the map, each beside its field', () => {
    expect(errorAt({ title: ' ' }, 'title')).toBe(TALK_TITLE_REQUIRED);
    expect(errorAt({ title: 'One\nBEGIN:VEVENT' }, 'title')).toBe(TALK_ONE_LINE);
    expect(errorAt({ eventUrl: 'javascript:alert(1)' }, 'eventUrl')).toBe(TALK_URL_INVALID);
    expect(errorAt({ videoUrl: 'data:text/html,x' }, 'videoUrl')).toBe(TALK_URL_INVALID);
    expect(errorAt({ slidesUrl: 'javascript:alert(1)' }, 'slidesUrl')).toBe(TALK_SLIDES_INVALID);
    expect(errorAt({ slidesUrl: '/storage/blog-images/figures/slide.png' }, 'slidesUrl')).toBe(TALK_SLIDES_NOT_PDF);
    expect(errorAt({ slidesUrl: 'https://speakerdeck.com/ada/zeros' }, 'slidesUrl')).toBeUndefined();
    expect(errorAt({ end: '2027-03-11' }, 'end')).toBe(TALK_END_BEFORE_START);
    expect(errorAt({ start: '2027', startTime: '10:00' }, 'startTime')).toBe(TALK_TIME_NEEDS_DAY);
    expect(errorAt({ startTime: '10:00', endTime: '09:00' }, 'endTime')).toBe(TALK_END_TIME_BEFORE_START);
    expect(errorAt({ startTime: '25:00' }, 'startTime')).toBeDefined();
    expect(errorAt({ timeZone: 'Mars/Olympus_Mons' }, 'timeZone')).toBe(TALK_TIME_ZONE_INVALID);
    expect(errorAt({ country: 'GBR' }, 'country')).toBe(TALK_COUNTRY_INVALID);
    expect(errorAt({ kind: 'lecture' }, 'kind')).toBeDefined();
    expect(errorAt({ lat: 51.7, lng: null }, 'city')).toBe(TALK_PLACE_INVALID);
    expect(errorAt({ placeId: 12, lat: null, lng: null }, 'city')).toBe(TALK_PLACE_INVALID);
    expect(errorAt({ lat: 91, lng: 0, placeId: 1 }, 'lat')).toBe(TALK_PLACE_INVALID);
    // Over several days the end time is on the last day: any time.
    expect(errorAt({ end: '2027-03-13', startTime: '16:00', endTime: '09:00' }, 'endTime')).toBeUndefined();
    // A talk from the CV may keep a year: valid, with no time.
    expect(errorAt({ start: '2024' }, 'start')).toBeUndefined();
  });

  it('refuses a list that names one talk twice', () => {
    const one = newTalkDefaults('2027-03-12', 'talk-1');
    expect(talkListSchema.safeParse({ items: [one, one] }).success).toBe(false);
  });
});

describe('upcoming and past', () => {
  it('is today in the site time zone: the same moment is two days on either side of the date line', () => {
    const moment = new Date('2027-03-12T23:30:00Z');
    expect(todayIn('Europe/Berlin', moment)).toBe('2027-03-13');
    expect(todayIn('America/Los_Angeles', moment)).toBe('2027-03-12');
    expect(todayIn('Pacific/Kiritimati', new Date('2027-03-12T10:30:00Z'))).toBe('2027-03-13');
    // An unknown zone is UTC, not an error.
    expect(todayIn('Not/AZone', moment)).toBe('2027-03-12');
    const onTheDay = talk({ start: '2027-03-13' });
    expect(isUpcoming(onTheDay, todayIn('Europe/Berlin', moment))).toBe(true);
    expect(isUpcoming(talk({ start: '2027-03-12' }), todayIn('Europe/Berlin', moment))).toBe(false);
    expect(isUpcoming(talk({ start: '2027-03-12' }), todayIn('America/Los_Angeles', moment))).toBe(true);
  });

  it('keeps a talk over several days upcoming until its last day, and reads a year or a month to its end', () => {
    expect(isUpcoming(talk({ start: '2027-03-10', end: '2027-03-12' }), '2027-03-12')).toBe(true);
    expect(isUpcoming(talk({ start: '2027-03-10', end: '2027-03-12' }), '2027-03-13')).toBe(false);
    expect(lastDayOf({ start: '2025', end: null })).toBe('2025-12-31');
    expect(lastDayOf({ start: '2025-07', end: null })).toBe('2025-07-31');
  });

  it('lists the upcoming soonest first and the past newest first, grouped by year', () => {
    const talks = [
      talk({ id: 'a', start: '2025-07-07' }),
      talk({ id: 'b', start: '2027-05-01' }),
      talk({ id: 'c', start: '2026-03-12' }),
      talk({ id: 'd', start: '2027-04-01', startTime: '10:00' }),
      talk({ id: 'e', start: '2025-01-20' }),
      talk({ id: 'f', start: '2024' }),
    ];
    const { upcoming, past } = splitTalks(talks, '2027-01-01');
    expect(upcoming.map((one) => one.id)).toEqual(['d', 'b']);
    expect(past.map((group) => [group.year, group.talks.map((one) => one.id)])).toEqual([
      ['2026', ['c']],
      ['2025', ['a', 'e']],
      ['2024', ['f']],
    ]);
  });
});

describe('a talk in words', () => {
  it('dates a day, days in a month, across months and years, a month and a year', () => {
    expect(formatTalkDate('2027-03-12', null)).toBe('12 Mar 2027');
    expect(formatTalkDate('2027-03-12', '2027-03-14')).toBe('12–14 Mar 2027');
    expect(formatTalkDate('2027-03-30', '2027-04-02')).toBe('30 Mar – 2 Apr 2027');
    expect(formatTalkDate('2027-12-30', '2028-01-02')).toBe('30 Dec 2027 – 2 Jan 2028');
    expect(formatTalkDate('2025-07', null)).toBe('July 2025');
    expect(formatTalkDate('2024', null)).toBe('2024');
  });

  it('says where without saying a part twice, and reads the kind from the address', () => {
    expect(talkPlace({ venue: 'University of Oxford', city: 'Oxford', countryName: 'United Kingdom' })).toBe('University of Oxford, Oxford, United Kingdom');
    expect(talkPlace({ venue: 'Oxford', city: 'Oxford', countryName: '' })).toBe('Oxford');
    expect(parseKind('invited')).toBe('invited');
    expect(parseKind(['poster', 'panel'])).toBe('poster');
    expect(parseKind('<script>')).toBe('all');
  });

  it('gives the CV a row: its days, where, its page, its note or else its kind', () => {
    expect(talkRow(talk({ end: '2027-03-13' }))).toEqual({
      id: ID,
      category: 'talk',
      start: '2027-03-12',
      end: '2027-03-13',
      title: 'Moments of $\\zeta(s)$',
      place: 'Analytic Number Theory Seminar, Mathematical Institute, Oxford',
      url: `/talks/${ID}`,
      description: 'Seminar.',
    });
    expect(talkRow(talk({ note: 'Invited seminar talk.' })).description).toBe('Invited seminar talk.');
  });
});

describe("a talk's Event markup", () => {
  it('is an Event with its place, its coordinates, its speaker, its event and its slides', () => {
    const data = talkEventData(talk({ paper: { id: 'p1', title: 'A paper on $L$-functions' } }), 'Ada Lovelace', 'https://ada.example');
    expect(data).toMatchObject({
      '@type': 'Event',
      name: 'Moments of ζ(s)',
      url: `https://ada.example/talks/${ID}`,
      startDate: '2027-03-12',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Mathematical Institute',
        address: { '@type': 'PostalAddress', addressLocality: 'Oxford', addressCountry: 'GB' },
        geo: { '@type': 'GeoCoordinates', latitude: 51.75222, longitude: -1.25596 },
      },
      performer: { '@type': 'Person', name: 'Ada Lovelace' },
      superEvent: { '@type': 'Event', name: 'Analytic Number Theory Seminar', url: 'https://example.org/seminar' },
      about: { '@type': 'ScholarlyArticle', url: 'https://ada.example/research/p1', name: 'A paper on L-functions' },
      workFeatured: { '@type': 'PresentationDigitalDocument', url: 'https://ada.example/storage/research-papers/slides.pdf' },
    });
  });

  it('is online at a virtual location, and hybrid at both', () => {
    expect(talkEventData(talk({ attendance: 'online' }), 'Ada').location).toMatchObject({ '@type': 'VirtualLocation', url: 'https://example.org/seminar' });
    const hybrid = talkEventData(talk({ attendance: 'hybrid' }), 'Ada').location as { '@type': string }[];
    expect(hybrid.map((place) => place['@type'])).toEqual(['Place', 'VirtualLocation']);
    expect(talkEventData(talk({ attendance: 'hybrid' }), 'Ada').eventAttendanceMode).toBe('https://schema.org/MixedEventAttendanceMode');
  });
});

describe('an older archive’s talks', () => {
  it('are its CV rows of the category talk, as the migration moves them', () => {
    const row = { id: ID, category: 'talk', start_date: '2025-07-08', end_date: '2026', title: ' ', place: 'Lyon', url: 'https://example.org/ja', description: 'Contributed talk.', position: 4, created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-02T00:00:00Z' };
    expect(talkFromCvRow(row)).toEqual({
      id: ID,
      title: 'Untitled talk',
      start_date: '2025-07-08',
      // An end that is no day is dropped, as the migration drops it.
      end_date: null,
      venue: 'Lyon',
      event_url: 'https://example.org/ja',
      note: 'Contributed talk.',
      cv_order: 4,
      created_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-02T00:00:00Z',
    });
    expect(talkFromCvRow({ ...row, end_date: '2025-07-10', url: '' })).toMatchObject({ end_date: '2025-07-10', event_url: null });
  });
});

ICAL.design.icalendar.property['x-wr-calname'] = { defaultType: 'text' };

function events(text: string): ICAL.Component[] {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
}

describe('the talks as calendars', () => {
  const options = { siteTimeZone: 'Europe/London', address: 'https://ada.example', name: 'Talks by Ada, Countess of Lovelace; FRS', now: new Date('2027-03-01T12:00:00Z') };

  it('feeds the upcoming talks only, each once with its id as UID and its save as DTSTAMP', () => {
    const talks = [
      talk(),
      talk({ id: '11111111-1111-4111-8111-111111111111', start: '2026-12-01' }),
      talk({ id: '22222222-2222-4222-8222-222222222222', start: '2027', note: 'A year only: no day, no event.' }),
      talk({ id: '33333333-3333-4333-8333-333333333333', start: '2027-02-27', end: '2027-03-02', startTime: null }),
    ];
    const feed = talksCalendar(talks, options);
    const found = events(feed);
    expect(found.map((event) => event.getFirstPropertyValue('uid'))).toEqual(['33333333-3333-4333-8333-333333333333', ID]);
    expect(String(found[1]!.getFirstPropertyValue('dtstamp'))).toBe('2027-01-02T03:04:05Z');
    expect(found[1]!.getFirstPropertyValue('summary')).toBe('Moments of ζ(s)');
    expect(found[1]!.getFirstPropertyValue('location')).toBe('Mathematical Institute, Oxford, United Kingdom');
    expect(found[1]!.getFirstPropertyValue('url')).toBe(`https://ada.example/talks/${ID}`);
    expect(String(found[1]!.getFirstPropertyValue('description'))).toContain('Slides: https://ada.example/storage/research-papers/slides.pdf');
    expect(new ICAL.Component(ICAL.parse(feed)).getFirstPropertyValue('x-wr-calname')).toBe('Talks by Ada, Countess of Lovelace; FRS');
    // Edited: the UID stays, DTSTAMP follows the save.
    const edited = events(talksCalendar([talk({ title: 'Moments, revisited', updatedAt: '2027-02-20T10:00:00.000Z' })], options));
    expect(edited[0]!.getFirstPropertyValue('uid')).toBe(ID);
    expect(String(edited[0]!.getFirstPropertyValue('dtstamp'))).toBe('2027-02-20T10:00:00Z');
  });

  it("writes a talk's time in UTC from its zone, or the site's", () => {
    const london = events(talkCalendar(talk({ start: '2027-07-12', startTime: '16:00', endTime: '17:30' }), options)!)[0]!;
    expect(london.getFirstPropertyValue('dtstart')!.toString()).toBe('2027-07-12T15:00:00Z');
    expect(london.getFirstPropertyValue('dtend')!.toString()).toBe('2027-07-12T16:30:00Z');
    const tokyo = events(talkCalendar(talk({ start: '2027-07-12', startTime: '16:00', timeZone: 'Asia/Tokyo' }), options)!)[0]!;
    expect(tokyo.getFirstPropertyValue('dtstart')!.toString()).toBe('2027-07-12T07:00:00Z');
    const allDay = events(talkCalendar(talk({ end: '2027-03-14' }), options)!)[0]!;
    expect((allDay.getFirstPropertyValue('dtstart') as ICAL.Time).isDate).toBe(true);
    expect(allDay.getFirstPropertyValue('dtend')!.toString()).toBe('2027-03-15');
    expect(talkCalendar(talk({ start: '2025-07' }), options)).toBeNull();
  });

  it('leaves out a talk the writer cannot take, and keeps the feed', () => {
    const feed = talksCalendar([talk(), talk({ id: '44444444-4444-4444-8444-444444444444', startTime: '10:00', timeZone: 'Not/AZone' })], options);
    expect(events(feed).map((event) => event.getFirstPropertyValue('uid'))).toEqual([ID]);
  });
});

describe('the map of talks', async () => {
  const { talkMapHtml, talkPlaces } = await import('@/components/site/talks/talk-map');

  it('counts the talks of each chosen city, busiest first, and leaves typed cities off the map', () => {
    const places = talkPlaces([
      talk({ id: 'a' }),
      talk({ id: 'b', start: '2026-01-01' }),
      talk({ id: 'c', city: 'Lyon', country: 'FR', placeId: 2996944, lat: 45.74846, lng: 4.84671 }),
      talk({ id: 'd', city: 'Somewhere typed', country: null, placeId: null, lat: null, lng: null }),
    ]);
    expect(places).toEqual([
      { id: 2640729, label: 'Oxford, United Kingdom', lat: 51.75222, lng: -1.25596, count: 2 },
      { id: 2996944, label: 'Lyon, France', lat: 45.74846, lng: 4.84671, count: 1 },
    ]);
  });

  it('draws a dot per place, largest for the busiest, links each to its talks, and escapes what the owner typed', () => {
    const html = talkMapHtml(
      [
        { id: 1, label: 'Oxford, United Kingdom', lat: 51.75, lng: -1.26, count: 4 },
        { id: 2, label: '<img src=x onerror=alert(1)> & Co', lat: -33.87, lng: 151.21, count: 1 },
      ],
      2,
    );
    const circles = [...html.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)].map((match) => match.slice(1).map(Number));
    expect(circles).toHaveLength(2);
    // Oxford is north-west of Sydney, and its dot (four talks) the larger.
    expect(circles[0]![0]).toBeLessThan(circles[1]![0]!);
    expect(circles[0]![1]).toBeLessThan(circles[1]![1]!);
    expect(circles[0]![2]).toBe(12);
    expect(circles[1]![2]).toBe(3);
    expect(html).toContain('href="/talks?place=1"');
    expect(html).toContain('href="/talks?place=2" aria-current="page"');
    expect(html).not.toContain('/talks/places');
    // Past the places shown, a link to all of them.
    expect(talkMapHtml([{ id: 1, label: 'Oxford, United Kingdom', lat: 51.75, lng: -1.26, count: 4 }], null, 250)).toContain('<li><a href="/talks/places">All 251 places</a></li>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script');
  });
});

describe('the list of talks', async () => {
  const { talkListHtml } = await import('@/components/site/talks/talk-item');

  it('writes each talk as its kind and event, its title linking to its page, when and where, every text escaped', () => {
    const html = talkListHtml(
      [talk({ title: 'On $\\zeta(s)$ <script>alert(1)</script>', eventName: 'A & B "Seminar"', startTime: '16:00', endTime: '17:00', timeZone: 'America/New_York', attendance: 'hybrid' })],
      'UTC',
      4,
    );
    expect(html).toBe(
      `<article id="${ID}"><p class="kind">Seminar · A &amp; B &quot;Seminar&quot;</p>` +
        `<h4><a href="/talks/${ID}">On ζ(s) &lt;script&gt;alert(1)&lt;/script&gt;</a></h4>` +
        '<p class="when"><time datetime="2027-03-12">12 Mar 2027</time> · 16:00–17:00 (America/New York) · Mathematical Institute, Oxford, United Kingdom · Hybrid</p></article>',
    );
  });
});

describe('the CV’s order of talks and courses', async () => {
  const { inCvOrder } = await import('@/lib/cv/data');

  it('lists those added since newest first, then those moved from the CV in the owner’s order there', () => {
    const rows = [
      { id: 'a', title: 'Moved, second', start: '2019', cvOrder: 4 },
      { id: 'b', title: 'Added, older', start: '2024-02-01', cvOrder: null },
      { id: 'c', title: 'Moved, first', start: '2026-03-12', cvOrder: 3 },
      { id: 'd', title: 'Added, newer', start: '2027-05-20', cvOrder: null },
    ];
    expect([...rows].sort(inCvOrder).map((row) => row.title)).toEqual(['Added, newer', 'Added, older', 'Moved, first', 'Moved, second']);
  });
});
