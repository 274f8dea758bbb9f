/**
 * An iCalendar (RFC 5545) writer for talks: a feed that calendar applications subscribe to. Pure and
 * client-safe. Every moment is written in UTC, so the feed needs no VTIMEZONE blocks and reads the same in
 * every application whatever time zone data it ships.
 */

/**
 * A day, or a moment in a place's time zone: `date` 'yyyy-mm-dd'; `time` 'HH:MM' (or 'HH:MM:SS', as a
 * Postgres time reads); `timeZone` an IANA zone ('Europe/London').
 */
export type EventTime = { kind: 'date'; date: string } | { kind: 'time'; date: string; time: string; timeZone: string };

export interface CalendarEvent {
  /** Stable across edits (a talk's uuid), so an application updates its copy rather than adding a second one. */
  uid: string;
  /** Plain text. */
  summary: string;
  start: EventTime;
  /**
   * Of the same kind as `start`. For days, the talk's last day (inclusive); for moments, its end. null: one
   * day, or a moment with no known end (written as an hour).
   */
  end: EventTime | null;
  location: string | null;
  /** Plain text. */
  description: string | null;
  /** Written only when it is an absolute http(s) URL. */
  url: string | null;
  /** The row's last change: DTSTAMP and LAST-MODIFIED, so the same rows always give the same feed. */
  updated: Date;
  sequence?: number;
}

export interface CalendarOptions {
  /** X-WR-CALNAME and NAME: the name an application gives the subscription ('Talks — Ada Lovelace'). */
  name: string;
  /** PRODID ('-//example.org//Talks//EN'). */
  prodId: string;
  /** How often to poll, an RFC 5545 duration ('PT12H'): REFRESH-INTERVAL (RFC 7986) and X-PUBLISHED-TTL. */
  refresh?: string | null;
}

const CRLF = '\r\n';
/** RFC 5545 §3.1: a content line longer than this many octets is folded. */
const MAX_LINE_OCTETS = 75;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A talk whose end is unknown takes an hour in the reader's calendar rather than an instant. */
const DEFAULT_DURATION = 'PT1H';

/** RFC 5545 §3.3.6 dur-value without a sign (a refresh interval is never negative): weeks, or days and/or a time. */
const DURATION = /^P(?:\d+W|\d+D(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))$/;

/** RFC 5545 CONTROL characters other than the tab and the line breaks. */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** A high surrogate without its low half, or a low one without its high half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Plain text as a TEXT value can carry it: a lone surrogate as U+FFFD (UTF-8 cannot carry one), a tab as a
 * space, other RFC 5545 CONTROL characters dropped, every line break as LF.
 */
function plainText(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD').replace(/\t/g, ' ').replace(CONTROLS, '').replace(/\r\n?/g, '\n');
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
function escapeText(value: string): string {
  return plainText(value)
    .replace(/[\\;,]/g, (char) => `\\${char}`)
    .replace(/\n/g, '\\n');
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/**
 * RFC 5545 §3.1: at most 75 octets a line, continuation lines starting with one space. Lines are cut between
 * code points, never inside one's UTF-8 sequence or between the halves of a surrogate pair.
 */
function fold(line: string): string {
  const pieces: string[] = [];
  let piece = '';
  let octets = 0;
  for (const char of line) {
    const length = utf8Length(char.codePointAt(0)!);
    // A continuation line's leading space is one of its 75 octets.
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + length > limit) {
      pieces.push(piece);
      piece = '';
      octets = 0;
    }
    piece += char;
    octets += length;
  }
  pieces.push(piece);
  return pieces.join(`${CRLF} `);
}

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function utcMilliseconds({ year, month, day }: CalendarDate, hour = 0, minute = 0, second = 0): number {
  // Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear takes the year as it is.
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year);
  return date.getTime();
}

function parseDate(value: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) {
    const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
    const parsed = new Date(utcMilliseconds(date));
    if (parsed.getUTCMonth() + 1 === date.month && parsed.getUTCDate() === date.day) return date;
  }
  throw new RangeError(`Not a calendar date (yyyy-mm-dd): ${JSON.stringify(value)}`);
}

function parseTime(value: string): [hour: number, minute: number, second: number] {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(value);
  if (!match) throw new RangeError(`Not a time of day (HH:MM): ${JSON.stringify(value)}`);
  return [Number(match[1]), Number(match[2]), Number(match[3] ?? '0')];
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** DATE form, 'yyyymmdd'. */
function formatDate(milliseconds: number): string {
  const date = new Date(milliseconds);
  return `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
}

/** DATE-TIME in UTC, 'yyyymmddThhmmssZ' (RFC 5545 §3.3.5 form #2). */
function formatUtc(moment: Date): string {
  const milliseconds = moment.getTime();
  const year = moment.getUTCFullYear();
  if (Number.isNaN(milliseconds) || year < 0 || year > 9999) throw new RangeError(`Not a date iCalendar can write: ${String(moment)}`);
  return `${formatDate(milliseconds)}T${pad(moment.getUTCHours())}${pad(moment.getUTCMinutes())}${pad(moment.getUTCSeconds())}Z`;
}

/** The zone's reader; Intl throws a RangeError for a zone it does not know. */
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

/** The zone's offset from UTC at an instant of whole seconds, in milliseconds (wall clock minus UTC). */
function offsetAt(format: Intl.DateTimeFormat, instant: number): number {
  const parts: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(instant)) parts[type] = Number(value);
  return utcMilliseconds({ year: parts.year!, month: parts.month!, day: parts.day! }, parts.hour!, parts.minute!, parts.second!) - instant;
}

/** True for a time zone Intl knows ('UTC', 'Europe/London'), false otherwise. */
export function isTimeZone(value: string): boolean {
  try {
    zoneFormat(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The UTC instant of a wall-clock time in an IANA zone, DST-correct, from Intl's zone data alone.
 * - A time the clocks skip (spring forward) is the moment they skip to: 02:30 on New York's spring-forward
 *   day is 03:00 EDT, as is every time in the gap. So a later wall time never reads as an earlier instant,
 *   and a talk from 02:45 to 03:15 that day still ends after it starts. (RFC 5545 §3.3.5 reads a skipped
 *   local time with the offset before the gap, 03:30 EDT; the feed writes only UTC, so no application reads
 *   these local times by that rule.)
 * - A time that happens twice (fall back) is the first of the two, as in RFC 5545 §3.3.5: 01:30 on New
 *   York's fall-back day is 01:30 EDT.
 * Throws a RangeError on an unknown zone or a malformed date or time.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  const format = zoneFormat(timeZone);
  const wall = utcMilliseconds(parseDate(date), ...parseTime(time));
  // Offsets lie within ±16 hours, so the instants that read as this wall time lie within a day of it; the
  // offsets a day either side are those before and after any change of the clocks near it.
  const before = offsetAt(format, wall - DAY_MS);
  const after = offsetAt(format, wall + DAY_MS);
  const readsAsWall = (instant: number) => offsetAt(format, instant) === wall - instant;
  const first = [wall - before, wall - after].filter(readsAsWall).sort((a, b) => a - b)[0];
  if (first !== undefined) return new Date(first);
  // In a gap the clocks jumped at an instant between these two; found to the second, as zone data counts.
  let earlier = wall - after;
  let later = wall - before;
  while (later - earlier > 1000) {
    const middle = earlier + Math.floor((later - earlier) / 2000) * 1000;
    if (offsetAt(format, middle) === before) earlier = middle;
    else later = middle;
  }
  return new Date(later);
}

/** Only an absolute http(s) address on one line, written in its parsed (percent-encoded) form. */
function safeUrl(value: string | null): string | null {
  if (value === null || /[\u0000-\u001F\u007F]/.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** An optional text worth a property: an empty LOCATION or DESCRIPTION says nothing. */
function hasText(value: string | null): value is string {
  return value !== null && plainText(value).trim() !== '';
}

/** DTSTART and DTEND (or DURATION) of an event. */
function eventTimes({ uid, start, end }: CalendarEvent): string[] {
  if (end !== null && end.kind !== start.kind) throw new RangeError(`Event ${uid}: its start and end must both be days or both be times`);
  if (start.kind === 'date') {
    const first = utcMilliseconds(parseDate(start.date));
    const last = end?.kind === 'date' ? utcMilliseconds(parseDate(end.date)) : first;
    if (last < first) throw new RangeError(`Event ${uid}: its last day is before its first`);
    // RFC 5545 §3.6.1: an all-day event's DTEND is exclusive, the day after its last.
    return [`DTSTART;VALUE=DATE:${formatDate(first)}`, `DTEND;VALUE=DATE:${formatDate(last + DAY_MS)}`];
  }
  const startsAt = zonedTimeToUtc(start.date, start.time, start.timeZone);
  if (end?.kind !== 'time') return [`DTSTART:${formatUtc(startsAt)}`, `DURATION:${DEFAULT_DURATION}`];
  const endsAt = zonedTimeToUtc(end.date, end.time, end.timeZone);
  if (endsAt.getTime() <= startsAt.getTime()) throw new RangeError(`Event ${uid}: it ends before it starts`);
  return [`DTSTART:${formatUtc(startsAt)}`, `DTEND:${formatUtc(endsAt)}`];
}

function eventLines(event: CalendarEvent): string[] {
  const stamp = formatUtc(event.updated);
  const url = safeUrl(event.url);
  const { sequence } = event;
  if (sequence !== undefined && !(Number.isSafeInteger(sequence) && sequence >= 0)) {
    throw new RangeError(`Event ${event.uid}: SEQUENCE must be a whole number from 0, not ${sequence}`);
  }
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    ...eventTimes(event),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(hasText(event.location) ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(hasText(event.description) ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(url === null ? [] : [`URL:${url}`]),
    ...(sequence === undefined ? [] : [`SEQUENCE:${sequence}`]),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/**
 * The events as one iCalendar stream, in the order given: CRLF line ends (the last line's too) and lines
 * folded at 75 octets. The same options and events always give the same text, byte for byte. Throws a
 * RangeError on an event it cannot write truthfully (a malformed date, time or zone, an end before the start,
 * a start and end of different kinds) or on a refresh that is not a duration.
 */
export function renderCalendar(options: CalendarOptions, events: readonly CalendarEvent[]): string {
  const { refresh } = options;
  if (refresh != null && !DURATION.test(refresh)) throw new RangeError(`Not an iCalendar duration: ${JSON.stringify(refresh)}`);
  const name = escapeText(options.name);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(options.prodId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${name}`,
    `NAME:${name}`,
    ...(refresh == null ? [] : [`REFRESH-INTERVAL;VALUE=DURATION:${refresh}`, `X-PUBLISHED-TTL:${refresh}`]),
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map((line) => `${fold(line)}${CRLF}`).join('');
}
