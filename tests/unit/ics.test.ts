import fc from 'fast-check';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CalendarEvent, type CalendarOptions, type EventTime, isTimeZone, renderCalendar, zonedTimeToUtc } from '@/lib/calendar/ics';

// RFC 7986's NAME and the common X-WR-CALNAME are TEXT, but ical.js 2.2 does not know them and would hand
// back their escaped form: told their type, it unescapes them as it does SUMMARY.
ICAL.design.icalendar.property['name'] = { defaultType: 'text' };
ICAL.design.icalendar.property['x-wr-calname'] = { defaultType: 'text' };

const OPTIONS: CalendarOptions = { name: 'Talks — Ada Lovelace', prodId: '-//ada.example//Talks//EN' };
const UPDATED = new Date('2027-02-01T09:08:07Z');
const HOUR = 60 * 60 * 1000;

function talk(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    uid: '0b7e6c3a-2f4d-4a8e-9c1b-5d6f7a8b9c0d',
    summary: 'On the Analytical Engine',
    start: { kind: 'date', date: '2027-03-12' },
    end: null,
    location: null,
    description: null,
    url: null,
    updated: UPDATED,
    ...overrides,
  };
}

const at = (date: string, time: string, timeZone: string): EventTime => ({ kind: 'time', date, time, timeZone });
const day = (date: string): EventTime => ({ kind: 'date', date });

/** The physical lines, after checking each ends with CRLF (the last one too) and holds no other line break. */
function physicalLines(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) expect(line).not.toMatch(/[\r\n]/);
  return lines;
}

/** RFC 5545 §3.1 on every physical line: at most 75 octets, and whole code points (valid UTF-8). */
function expectFolded(text: string): string[] {
  const lines = physicalLines(text);
  expect(lines[0]).not.toMatch(/^ /);
  for (const line of lines) {
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(line.isWellFormed(), line).toBe(true);
  }
  return lines;
}

/** The content lines, unfolded by RFC 5545's rule, to assert the writer's exact text. */
function contentLines(text: string): string[] {
  return physicalLines(text.replace(/\r\n /g, ''));
}

function read(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

function readOne(event: CalendarEvent, options: CalendarOptions = OPTIONS) {
  const text = renderCalendar(options, [event]);
  expectFolded(text);
  const { calendar, events } = read(text);
  expect(events).toHaveLength(1);
  return { text, calendar, vevent: events[0]!, event: new ICAL.Event(events[0]!) };
}

describe('the calendar feed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs west of UTC, where a moment read in local time shows another hour or day', () => {
    expect(new Date('2027-03-12T16:00:00Z').getHours()).toBe(8);
  });

  it('writes the header, the events and their properties in RFC 5545 order, every moment in UTC', () => {
    const text = renderCalendar({ ...OPTIONS, refresh: 'PT12H' }, [
      talk({
        uid: 'a1b2',
        start: at('2027-07-12', '16:00', 'Europe/London'),
        end: at('2027-07-12', '17:30', 'Europe/London'),
        location: 'Royal Society, London',
        description: 'Notes; more',
        url: 'https://ada.example/talks/engine',
        updated: new Date('2027-06-01T10:00:00Z'),
        sequence: 2,
      }),
      talk({ uid: 'c3d4', summary: 'Bernoulli numbers', start: day('2027-12-30'), end: day('2027-12-31'), updated: new Date('2027-06-02T11:00:00Z') }),
    ]);
    expect(text).toBe(
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//ada.example//Talks//EN',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'X-WR-CALNAME:Talks — Ada Lovelace',
        'NAME:Talks — Ada Lovelace',
        'REFRESH-INTERVAL;VALUE=DURATION:PT12H',
        'X-PUBLISHED-TTL:PT12H',
        'BEGIN:VEVENT',
        'UID:a1b2',
        'DTSTAMP:20270601T100000Z',
        'LAST-MODIFIED:20270601T100000Z',
        'DTSTART:20270712T150000Z',
        'DTEND:20270712T163000Z',
        'SUMMARY:On the Analytical Engine',
        'LOCATION:Royal Society\\, London',
        'DESCRIPTION:Notes\\; more',
        'URL:https://ada.example/talks/engine',
        'SEQUENCE:2',
        'STATUS:CONFIRMED',
        'TRANSP:OPAQUE',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:c3d4',
        'DTSTAMP:20270602T110000Z',
        'LAST-MODIFIED:20270602T110000Z',
        'DTSTART;VALUE=DATE:20271230',
        'DTEND;VALUE=DATE:20280101',
        'SUMMARY:Bernoulli numbers',
        'STATUS:CONFIRMED',
        'TRANSP:OPAQUE',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
  });

  it('parses as a calendar with one VEVENT per event, in order, each with its UID', () => {
    const uids = ['0b7e6c3a-0000-4000-8000-000000000001', '0b7e6c3a-0000-4000-8000-000000000002', '0b7e6c3a-0000-4000-8000-000000000003'];
    const { calendar, events } = read(renderCalendar({ ...OPTIONS, refresh: 'PT12H' }, uids.map((uid) => talk({ uid }))));
    expect(events.map((vevent) => vevent.getFirstPropertyValue('uid'))).toEqual(uids);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe(OPTIONS.prodId);
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(OPTIONS.name);
    expect(calendar.getFirstPropertyValue('name')).toBe(OPTIONS.name);
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT12H');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT12H');
  });

  it('writes no refresh lines when no refresh is given, and a calendar with no events', () => {
    const text = renderCalendar({ ...OPTIONS, refresh: null }, []);
    expect(text).not.toMatch(/REFRESH-INTERVAL|X-PUBLISHED-TTL/);
    expect(read(text).events).toEqual([]);
    expect(renderCalendar(OPTIONS, [])).toBe(text);
  });

  it('refuses a refresh that is not an iCalendar duration', () => {
    expect(renderCalendar({ ...OPTIONS, refresh: 'P1D' }, [])).toContain('REFRESH-INTERVAL;VALUE=DURATION:P1D\r\n');
    for (const refresh of ['12h', 'PT12H\r\nATTACH:https://evil.example', '-PT1H', 'P', 'PT']) {
      expect(() => renderCalendar({ ...OPTIONS, refresh }, []), refresh).toThrow(RangeError);
    }
  });

  it('keeps an edited event\'s UID and stamps it with the new updated time', () => {
    const before = readOne(talk({ summary: 'Draft title', updated: new Date('2027-02-01T09:00:00Z') }));
    const after = readOne(talk({ summary: 'Final title', updated: new Date('2027-02-20T17:45:30Z'), sequence: 1 }));
    expect(after.event.uid).toBe(before.event.uid);
    expect(after.event.summary).toBe('Final title');
    expect(after.text).toContain('\r\nDTSTAMP:20270220T174530Z\r\n');
    expect(after.text).toContain('\r\nLAST-MODIFIED:20270220T174530Z\r\n');
    expect(after.event.sequence).toBe(1);
  });

  it('gives byte-identical output for the same input, whenever it runs', () => {
    const events = () => [
      talk({ start: at('2027-07-12', '16:00', 'Europe/London'), summary: 'é 🧮, ;\\\n'.repeat(20), url: 'https://ada.example/x' }),
      talk({ uid: 'other', start: day('2028-02-28'), end: day('2028-02-29'), location: 'Turin' }),
    ];
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const first = renderCalendar({ ...OPTIONS, refresh: 'PT1H' }, events());
    vi.setSystemTime(new Date('2031-06-15T12:34:56Z'));
    const second = renderCalendar({ ...OPTIONS, refresh: 'PT1H' }, events());
    expect(second).toBe(first);
  });
});

describe('lines: CRLF, at most 75 octets, folded between characters', () => {
  it('folds a 200-character summary of é, ζ, — and 🧮, and ical.js unfolds it to the original', () => {
    const pieces = ['é', 'ζ', '—', '🧮', 'a', ' '];
    const summary = Array.from({ length: 200 }, (_, index) => pieces[index % pieces.length]).join('');
    expect([...summary]).toHaveLength(200);
    const { text, event } = readOne(talk({ summary, location: summary, description: summary }));
    expect(physicalLines(text).length).toBeGreaterThan(contentLines(text).length + 6);
    expect(event.summary).toBe(summary);
    expect(event.location).toBe(summary);
    expect(event.description).toBe(summary);
  });

  it('folds only past 75 octets, filling each line, continuation lines starting with one space', () => {
    expect(physicalLines(renderCalendar(OPTIONS, [talk({ summary: 'a'.repeat(67) })]))).toContain(`SUMMARY:${'a'.repeat(67)}`);
    const lines = physicalLines(renderCalendar(OPTIONS, [talk({ summary: 'a'.repeat(67 + 74 + 3) })]));
    const summaryLine = lines.indexOf(`SUMMARY:${'a'.repeat(67)}`);
    expect(lines.slice(summaryLine + 1, summaryLine + 3)).toEqual([` ${'a'.repeat(74)}`, ' aaa']);
  });

  it.each([
    ['é', 66, 2],
    ['—', 66, 3],
    ['🧮', 64, 4],
  ])('moves a %s that would cross the 75th octet whole to the next line', (char, before, octets) => {
    const summary = `${'a'.repeat(before)}${char}b`;
    expect(8 + before + octets).toBeGreaterThan(75);
    const lines = physicalLines(renderCalendar(OPTIONS, [talk({ summary })]));
    const summaryLine = lines.indexOf(`SUMMARY:${'a'.repeat(before)}`);
    expect(summaryLine).toBeGreaterThan(0);
    expect(lines[summaryLine + 1]).toBe(` ${char}b`);
  });

  const fragment = fc.constantFrom(
    ',',
    ';',
    '\\',
    '\\n',
    '\\,',
    ':',
    '"',
    ' ',
    '\n',
    '\r',
    '\r\n',
    '\n\r',
    '\t',
    '\u0000',
    '\u001B',
    '\u007F',
    '\u0085',
    '\u2028',
    'é',
    'ζ',
    '—',
    '🧮',
    'e\u0301',
    '\uD800',
    '\uDC00',
    '\nEND:VEVENT\nBEGIN:VEVENT\n',
    'a'.repeat(70),
  );
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 120 }),
    fc.string({ unit: 'grapheme', maxLength: 120 }),
    fc.array(fc.oneof(fragment, fc.string({ maxLength: 4 })), { maxLength: 30 }).map((parts) => parts.join('')),
  );
  /** The writer's rule for plain text: a lone surrogate as U+FFFD, a tab as a space, other controls dropped, line breaks as LF. */
  const asWritten = (value: string) =>
    value
      .toWellFormed()
      .replace(/\t/g, ' ')
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
      .replace(/\r\n?/g, '\n');

  it('any text: folded lines, one event, each text read back by ical.js as written', () => {
    fc.assert(
      fc.property(text, text, text, text, (summary, location, description, name) => {
        const { calendar, event } = readOne(talk({ summary, location, description }), { ...OPTIONS, name });
        expect(event.summary).toBe(asWritten(summary));
        expect(event.location ?? '').toBe(asWritten(location).trim() ? asWritten(location) : '');
        expect(event.description ?? '').toBe(asWritten(description).trim() ? asWritten(description) : '');
        expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(asWritten(name));
        expect(calendar.getFirstPropertyValue('name')).toBe(asWritten(name));
      }),
      { numRuns: 300 },
    );
  });
});

describe('text escaping', () => {
  it('escapes backslashes, semicolons, commas and line breaks, and ical.js reads them back', () => {
    const summary = 'Engines, numbers; and C:\\notes\\new\nline two\r\nthree\rfour';
    const location = 'Room 1; Hall B, Turin\\Italy';
    const description = 'First\n\nSecond, with \\n literally; done';
    const { text, event } = readOne(talk({ summary, location, description }));
    const lines = contentLines(text);
    expect(lines).toContain('SUMMARY:Engines\\, numbers\\; and C:\\\\notes\\\\new\\nline two\\nthree\\nfour');
    expect(lines).toContain('LOCATION:Room 1\\; Hall B\\, Turin\\\\Italy');
    expect(lines).toContain('DESCRIPTION:First\\n\\nSecond\\, with \\\\n literally\\; done');
    expect(event.summary).toBe('Engines, numbers; and C:\\notes\\new\nline two\nthree\nfour');
    expect(event.location).toBe(location);
    expect(event.description).toBe(description);
  });

  it('escapes the calendar\'s name', () => {
    const name = 'Talks, 2027; A\\B\nsecond line';
    const { text, calendar } = readOne(talk(), { ...OPTIONS, name });
    expect(contentLines(text)).toContain('X-WR-CALNAME:Talks\\, 2027\\; A\\\\B\\nsecond line');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(name);
  });

  it('drops control characters and writes a tab as a space', () => {
    const { text, event } = readOne(talk({ summary: 'a\u0000b\u0007c\u001Bd\u007Fe\tf', location: '\u0001\u0002' }));
    expect(contentLines(text)).toContain('SUMMARY:abcde f');
    expect(text).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/);
    expect(event.location).toBeNull();
  });

  it.each(['\n', '\r\n', '\r'])('keeps a summary that spells out END:VEVENT/BEGIN:VEVENT (broken by %j) inside one SUMMARY', (lineBreak) => {
    const hostile = ['Talk', 'END:VEVENT', 'BEGIN:VEVENT', 'UID:evil', 'SUMMARY:Injected'].join(lineBreak);
    const { text, vevent, event } = readOne(
      talk({ summary: hostile, location: hostile, description: hostile, uid: `safe${lineBreak}UID:evil` }),
      { ...OPTIONS, name: hostile, prodId: hostile },
    );
    const lines = physicalLines(text);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    expect(lines.filter((line) => /^(UID|SUMMARY):/.test(line))).toHaveLength(2);
    expect(vevent.getAllProperties('summary')).toHaveLength(1);
    expect(event.summary).toBe(hostile.replace(/\r\n?/g, '\n'));
    expect(event.uid).toBe('safe\nUID:evil');
  });
});

describe('all-day talks', () => {
  it.each([
    ['one day', '2027-03-12', null, '20270312', '20270313'],
    ['the last day of a month', '2027-04-30', null, '20270430', '20270501'],
    ['across a month end', '2027-01-30', '2027-01-31', '20270130', '20270201'],
    ['across a year end', '2027-12-30', '2027-12-31', '20271230', '20280101'],
    ['ending on 28 February of a common year', '2027-02-27', '2027-02-28', '20270227', '20270301'],
    ['ending on 28 February 2028, a leap year', '2028-02-27', '2028-02-28', '20280227', '20280229'],
    ['ending on 29 February 2028', '2028-02-28', '2028-02-29', '20280228', '20280301'],
    ['a week', '2027-03-08', '2027-03-14', '20270308', '20270315'],
  ])('%s: DTEND is the day after the last day', (_, first, last, dtstart, dtend) => {
    const { text, event } = readOne(talk({ start: day(first), end: last === null ? null : day(last) }));
    const lines = contentLines(text);
    expect(lines).toContain(`DTSTART;VALUE=DATE:${dtstart}`);
    expect(lines).toContain(`DTEND;VALUE=DATE:${dtend}`);
    expect(lines.some((line) => line.startsWith('DURATION'))).toBe(false);
    expect(event.startDate.isDate).toBe(true);
    expect(event.endDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe(first);
    expect(event.endDate.toString()).toBe(`${dtend.slice(0, 4)}-${dtend.slice(4, 6)}-${dtend.slice(6)}`);
  });

  it('refuses a last day before the first, a day that does not exist, and a day ending at a moment', () => {
    expect(() => renderCalendar(OPTIONS, [talk({ start: day('2027-03-12'), end: day('2027-03-11') })])).toThrow(RangeError);
    for (const date of ['2027-02-29', '2027-13-01', '2027-3-12', '12/03/2027', '']) {
      expect(() => renderCalendar(OPTIONS, [talk({ start: day(date) })]), date).toThrow(RangeError);
    }
    expect(() => renderCalendar(OPTIONS, [talk({ start: day('2027-03-12'), end: at('2027-03-12', '18:00', 'UTC') })])).toThrow(RangeError);
    expect(() => renderCalendar(OPTIONS, [talk({ start: at('2027-03-12', '18:00', 'UTC'), end: day('2027-03-12') })])).toThrow(RangeError);
  });
});

describe('timed talks: the place\'s wall clock as a UTC moment', () => {
  it.each([
    ['Europe/London in winter (GMT)', '2027-03-12', '16:00', 'Europe/London', '2027-03-12T16:00:00Z'],
    ['Europe/London in summer (BST)', '2027-07-12', '16:00', 'Europe/London', '2027-07-12T15:00:00Z'],
    ['America/New_York in winter (EST)', '2027-03-12', '16:00', 'America/New_York', '2027-03-12T21:00:00Z'],
    ['America/New_York in summer (EDT)', '2027-07-12', '16:00', 'America/New_York', '2027-07-12T20:00:00Z'],
    ['Asia/Kolkata (+05:30)', '2027-03-12', '16:00', 'Asia/Kolkata', '2027-03-12T10:30:00Z'],
    ['Pacific/Chatham in its winter (+12:45)', '2027-07-12', '12:00', 'Pacific/Chatham', '2027-07-11T23:15:00Z'],
    ['Pacific/Chatham in its summer (+13:45)', '2027-01-12', '12:00', 'Pacific/Chatham', '2027-01-11T22:15:00Z'],
    ['UTC', '2027-03-12', '00:00', 'UTC', '2027-03-12T00:00:00Z'],
    ['the machine\'s own zone, into the next UTC day', '2027-03-12', '23:59', 'America/Los_Angeles', '2027-03-13T07:59:00Z'],
    ['a time with seconds', '2027-03-12', '16:00:30', 'Europe/London', '2027-03-12T16:00:30Z'],
  ])('%s', (_, date, time, timeZone, utc) => {
    expect(zonedTimeToUtc(date, time, timeZone).toISOString()).toBe(utc.replace('Z', '.000Z'));
    const { text, event } = readOne(talk({ start: at(date, time, timeZone) }));
    expect(contentLines(text)).toContain(`DTSTART:${utc.replace(/[-:]/g, '')}`);
    expect(event.startDate.isDate).toBe(false);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe(utc.replace('Z', '.000Z'));
  });

  const ZONES = [
    'Europe/London',
    'Europe/Dublin',
    'America/New_York',
    'America/St_Johns',
    'America/Santiago',
    'America/Sao_Paulo',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Asia/Tehran',
    'Africa/Casablanca',
    'Australia/Lord_Howe',
    'Antarctica/Troll',
    'Pacific/Chatham',
    'Pacific/Apia',
  ];
  const wallFormat = new Map(
    ZONES.map((zone) => [
      zone,
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }),
    ]),
  );
  /** What a clock in the zone shows at an instant: ['yyyy-mm-dd', 'HH:MM']. */
  const wallClock = (instant: number, zone: string): [string, string] => {
    const parts = Object.fromEntries(wallFormat.get(zone)!.formatToParts(instant).map(({ type, value }) => [type, value]));
    return [`${parts.year}-${parts.month}-${parts.day}`, `${parts.hour}:${parts.minute}`];
  };

  it('writes DTEND for a talk with an end, even in another zone, and an hour for one without', () => {
    const ended = readOne(talk({ start: at('2027-07-12', '09:00', 'America/New_York'), end: at('2027-07-12', '15:00', 'Europe/London') }));
    expect(contentLines(ended.text)).toEqual(expect.arrayContaining(['DTSTART:20270712T130000Z', 'DTEND:20270712T140000Z']));
    expect(ended.text).not.toContain('DURATION');

    const open = readOne(talk({ start: at('2027-07-12', '16:00', 'Europe/London') }));
    expect(contentLines(open.text)).toContain('DURATION:PT1H');
    expect(open.text).not.toContain('DTEND');
    expect(open.event.endDate.toJSDate().toISOString()).toBe('2027-07-12T16:00:00.000Z');
  });

  it('refuses a talk that ends when or before it starts', () => {
    const start = at('2027-07-12', '16:00', 'Europe/London');
    expect(() => renderCalendar(OPTIONS, [talk({ start, end: start })])).toThrow(RangeError);
    expect(() => renderCalendar(OPTIONS, [talk({ start, end: at('2027-07-12', '16:30', 'America/New_York') })])).not.toThrow();
    expect(() => renderCalendar(OPTIONS, [talk({ start, end: at('2027-07-12', '10:30', 'America/New_York') })])).toThrow(RangeError);
  });

  describe('a time the clocks skip is the moment they skip to', () => {
    it.each([
      ['New York, 02:30 on 14 March 2027 (03:00 EDT)', '2027-03-14', '02:30', 'America/New_York', '2027-03-14T07:00:00.000Z'],
      ['New York, 02:00, the gap\'s first minute (03:00 EDT)', '2027-03-14', '02:00', 'America/New_York', '2027-03-14T07:00:00.000Z'],
      ['London, 01:30 on 28 March 2027 (02:00 BST)', '2027-03-28', '01:30', 'Europe/London', '2027-03-28T01:00:00.000Z'],
      ['Chatham, 03:00 on 26 September 2027 (03:45 +13:45)', '2027-09-26', '03:00', 'Pacific/Chatham', '2027-09-25T14:00:00.000Z'],
      ['Apia, noon on 30 December 2011, a day it skipped (midnight starting the 31st)', '2011-12-30', '12:00', 'Pacific/Apia', '2011-12-30T10:00:00.000Z'],
    ])('%s', (_, date, time, timeZone, utc) => {
      expect(zonedTimeToUtc(date, time, timeZone).toISOString()).toBe(utc);
    });

    it.each([
      ['America/New_York', '2027-03-14', 60],
      ['Europe/London', '2027-03-28', 60],
      ['Pacific/Chatham', '2027-09-26', 60],
      ['Australia/Lord_Howe', '2027-10-03', 30],
    ])('%s on %s: each minute of the day reads as itself but the %i skipped, which read as the jump; time never runs backwards', (zone, date, skipped) => {
      let previous = -Infinity;
      let gap = 0;
      for (let minute = 0; minute < 24 * 60; minute += 1) {
        const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
        const instant = zonedTimeToUtc(date, time, zone).getTime();
        expect(instant, time).toBeGreaterThanOrEqual(previous);
        previous = instant;
        const [readDate, readTime] = wallClock(instant, zone);
        if (readTime === time) continue;
        gap += 1;
        // Skipped: the clock reads later at the instant found, and earlier a minute before it.
        expect(readDate, time).toBe(date);
        expect(readTime > time, time).toBe(true);
        expect(wallClock(instant - 60_000, zone)[1] < time, time).toBe(true);
      }
      expect(gap).toBe(skipped);
    });
  });

  it.each([
    ['New York, 01:30 on 7 November 2027 (EDT)', '2027-11-07', '01:30', 'America/New_York', '2027-11-07T05:30:00.000Z'],
    ['New York, 02:00 after the overlap (EST)', '2027-11-07', '02:00', 'America/New_York', '2027-11-07T07:00:00.000Z'],
    ['London, 01:30 on 31 October 2027 (BST)', '2027-10-31', '01:30', 'Europe/London', '2027-10-31T00:30:00.000Z'],
    ['Lord Howe, 01:45 on 4 April 2027 (+11, before its half-hour step back)', '2027-04-04', '01:45', 'Australia/Lord_Howe', '2027-04-03T14:45:00.000Z'],
  ])('a time that happens twice is its first occurrence: %s', (_, date, time, timeZone, utc) => {
    expect(zonedTimeToUtc(date, time, timeZone).toISOString()).toBe(utc);
  });

  it('any minute from 1970 to 2100 in zones with odd offsets and moving clocks: the wall clock read back to it (or to its first occurrence)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 }), fc.constantFrom(...ZONES), (minute, zone) => {
        const instant = minute * 60_000;
        const [date, time] = wallClock(instant, zone);
        const read = zonedTimeToUtc(date, time, zone).getTime();
        expect(wallClock(read, zone)).toEqual([date, time]);
        expect(read).toBeLessThanOrEqual(instant);
        expect(instant - read).toBeLessThanOrEqual(3 * HOUR);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses an unknown zone and a malformed time with a RangeError', () => {
    expect(() => zonedTimeToUtc('2027-03-12', '16:00', 'Not/AZone')).toThrow(RangeError);
    expect(() => renderCalendar(OPTIONS, [talk({ start: at('2027-03-12', '16:00', 'Not/AZone') })])).toThrow(RangeError);
    for (const time of ['24:00', '9:00', '16:60', '16:00:60', '16h00', '']) {
      expect(() => zonedTimeToUtc('2027-03-12', time, 'UTC'), time).toThrow(RangeError);
    }
  });

  it('knows a time zone Intl knows, and nothing else', () => {
    for (const zone of ['UTC', 'Europe/London', 'Pacific/Chatham', 'America/Los_Angeles']) expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['Not/AZone', 'Mars/Olympus_Mons', '', 'Europe/London\r\nX']) expect(isTimeZone(zone), zone).toBe(false);
  });
});

describe('stamps, sequence and links', () => {
  it('writes DTSTAMP and LAST-MODIFIED as the updated moment in UTC, whole seconds', () => {
    const { text, vevent } = readOne(talk({ updated: new Date('2027-03-12T23:30:45.900Z') }));
    expect(contentLines(text)).toEqual(expect.arrayContaining(['DTSTAMP:20270312T233045Z', 'LAST-MODIFIED:20270312T233045Z']));
    const stamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
    expect(stamp.zone?.tzid).toBe('UTC');
    expect(stamp.toJSDate().toISOString()).toBe('2027-03-12T23:30:45.000Z');
    expect(() => renderCalendar(OPTIONS, [talk({ updated: new Date('not a date') })])).toThrow(RangeError);
  });

  it('writes SEQUENCE when given, 0 included, and refuses one that is not a whole number from 0', () => {
    expect(contentLines(renderCalendar(OPTIONS, [talk({ sequence: 0 })]))).toContain('SEQUENCE:0');
    expect(readOne(talk({ sequence: 3 })).event.sequence).toBe(3);
    expect(renderCalendar(OPTIONS, [talk()])).not.toContain('SEQUENCE');
    for (const sequence of [-1, 1.5, Number.NaN]) expect(() => renderCalendar(OPTIONS, [talk({ sequence })]), String(sequence)).toThrow(RangeError);
  });

  it('leaves out a location or description that is empty or blank', () => {
    const { text } = readOne(talk({ location: '  ', description: '' }));
    expect(text).not.toMatch(/LOCATION|DESCRIPTION/);
  });

  it.each([
    ['https://ada.example/talks/engine?x=1&y=2,3;4#slides', 'https://ada.example/talks/engine?x=1&y=2,3;4#slides'],
    ['http://ada.example/', 'http://ada.example/'],
    ['HTTPS://Ada.Example/a b', 'https://ada.example/a%20b'],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)//https://ada.example', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['ftp://ada.example/slides.pdf', null],
    ['/talks/engine', null],
    ['ada.example/talks', null],
    ['https://ada.example/\r\nATTACH:https://evil.example/x', null],
    ['https://ada.example/a\nb', null],
    ['https://ada.example/a\rb', null],
    ['', null],
    [null, null],
  ])('URL %j is written as %j', (url, written) => {
    const { text, vevent } = readOne(talk({ url }));
    expect(text).not.toContain('ATTACH');
    if (written === null) {
      expect(text).not.toContain('URL');
    } else {
      expect(contentLines(text)).toContain(`URL:${written}`);
      expect(vevent.getFirstPropertyValue('url')).toBe(written);
    }
  });
});
