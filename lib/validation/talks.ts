import { isTimeZone as isKnownTimeZone } from '@/lib/calendar/ics';
import { TALK_ATTENDANCE, TALK_KINDS, type TalkAttendance, type TalkKind } from '@/lib/content/talks/types';
import { z } from '@/lib/validation/zod';
import { isSafeImageUrl } from './about';
import { isCvDate } from './cv';
import { boundedText, isCalendarDate, isHttpUrl, listItemId, newTemporaryId } from './lists';

/**
 * The Talks editor's input (docs/product.md, "Talks"), shared by the editor and its server actions. Client-safe.
 */

export const TALK_LIMITS = {
  items: 1_000,
  title: 300,
  eventName: 300,
  venue: 300,
  city: 200,
  abstract: 20_000,
  note: 500,
  url: 2_048,
  timeZone: 64,
} as const;

/** Unsaved talks carry a temporary id starting talk-; saved ones their uuid. */
export const TEMPORARY_TALK_PREFIX = 'talk-';

export function isTemporaryTalkId(id: string): boolean {
  return id.startsWith(TEMPORARY_TALK_PREFIX);
}

export const TALK_TITLE_REQUIRED = 'Enter the title of the talk.';
export const TALK_ONE_LINE = 'Write it on one line.';
export const TALK_START_INVALID = 'Enter the day of the talk (2027-03-12); a year or a month only for a talk whose day is not known.';
export const TALK_END_INVALID = 'Enter the last day (2027-03-14), or leave it blank for a talk on one day.';
export const TALK_END_BEFORE_START = 'The last day cannot be before the first.';
export const TALK_TIME_INVALID = 'Enter a time as hours and minutes (16:00), or leave it blank.';
export const TALK_TIME_NEEDS_DAY = 'A time needs the day of the talk.';
export const TALK_END_TIME_NEEDS_START = 'Enter the start time first.';
export const TALK_END_TIME_BEFORE_START = 'The talk cannot end before it starts.';
export const TALK_TIME_ZONE_INVALID = 'Choose a time zone from the list (such as Europe/London), or leave it blank for the site’s.';
export const TALK_URL_INVALID = 'Enter a full http:// or https:// address, or leave it blank.';
export const TALK_SLIDES_INVALID = 'Upload a PDF or enter an http(s) address, or leave it blank.';
export const TALK_SLIDES_NOT_PDF = 'Slides stored on this site must be a PDF: upload the slides as a PDF, or give their address.';
export const TALK_KIND_INVALID = 'Choose a kind of talk from the list, or leave it unstated.';
export const TALK_COUNTRY_INVALID = 'The country must be a two-letter code (GB), or blank.';
export const TALK_PLACE_INVALID = 'The place’s coordinates are not valid: choose the city from the list again.';

/** An IANA time zone the server's Intl knows ('Europe/London', 'UTC'). */
export function isTimeZone(value: string): boolean {
  return value !== '' && value.length <= TALK_LIMITS.timeZone && isKnownTimeZone(value);
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function optionalLink(label: string, rule: (value: string) => boolean, message: string) {
  return boundedText(TALK_LIMITS.url, label)
    .refine((value) => value === '' || rule(value), { error: message })
    .nullable()
    .transform((value) => value || null);
}

function oneLine(max: number, label: string) {
  return boundedText(max, label).refine((value) => !/[\r\n]/.test(value), { error: TALK_ONE_LINE });
}

const optionalTime = z
  .string({ error: TALK_TIME_INVALID })
  .trim()
  .refine((value) => value === '' || TIME.test(value), { error: TALK_TIME_INVALID })
  .nullable()
  .transform((value) => value || null);

export const talkItemSchema = z
  .object({
    id: listItemId(TEMPORARY_TALK_PREFIX, 'talk'),
    title: oneLine(TALK_LIMITS.title, 'The title').min(1, { error: TALK_TITLE_REQUIRED }),
    eventName: oneLine(TALK_LIMITS.eventName, 'The event'),
    eventUrl: optionalLink('The event address', isHttpUrl, TALK_URL_INVALID),
    start: z.string({ error: TALK_START_INVALID }).trim().refine(isCvDate, { error: TALK_START_INVALID }),
    end: z
      .string({ error: TALK_END_INVALID })
      .trim()
      .refine((value) => value === '' || isCalendarDate(value), { error: TALK_END_INVALID })
      .nullable()
      .transform((value) => value || null),
    startTime: optionalTime,
    endTime: optionalTime,
    timeZone: boundedText(TALK_LIMITS.timeZone, 'The time zone')
      .refine((value) => value === '' || isTimeZone(value), { error: TALK_TIME_ZONE_INVALID })
      .nullable()
      .transform((value) => value || null),
    kind: z
      .union([z.enum(TALK_KINDS), z.literal(''), z.null()], { error: TALK_KIND_INVALID })
      .transform((value): TalkKind | null => value || null),
    attendance: z.enum(TALK_ATTENDANCE, { error: 'Choose in person, online or hybrid.' }),
    venue: oneLine(TALK_LIMITS.venue, 'The venue'),
    city: oneLine(TALK_LIMITS.city, 'The city'),
    country: z
      .string({ error: TALK_COUNTRY_INVALID })
      .trim()
      .transform((value) => value.toUpperCase())
      .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), { error: TALK_COUNTRY_INVALID })
      .nullable()
      .transform((value) => value || null),
    placeId: z.number({ error: TALK_PLACE_INVALID }).int({ error: TALK_PLACE_INVALID }).positive({ error: TALK_PLACE_INVALID }).nullable(),
    lat: z.number({ error: TALK_PLACE_INVALID }).min(-90, { error: TALK_PLACE_INVALID }).max(90, { error: TALK_PLACE_INVALID }).nullable(),
    lng: z.number({ error: TALK_PLACE_INVALID }).min(-180, { error: TALK_PLACE_INVALID }).max(180, { error: TALK_PLACE_INVALID }).nullable(),
    abstract: boundedText(TALK_LIMITS.abstract, 'The abstract'),
    slidesUrl: optionalLink('The slides address', isSafeImageUrl, TALK_SLIDES_INVALID).refine(
      // A stored file is shown as the slides' first page: only a PDF. An address elsewhere may be any kind of slides.
      (value) => value === null || !value.startsWith('/') || /\.pdf$/i.test(value),
      { error: TALK_SLIDES_NOT_PDF },
    ),
    videoUrl: optionalLink('The video address', isHttpUrl, TALK_URL_INVALID),
    paperId: z
      .string({ error: 'Choose a paper from the list, or none.' })
      .refine((value) => value === '' || /^[0-9a-f-]{36}$/i.test(value), { error: 'Choose a paper from the list, or none.' })
      .nullable()
      .transform((value) => value || null),
    note: oneLine(TALK_LIMITS.note, 'The note'),
  })
  .superRefine((talk, context) => {
    if (talk.end && isCvDate(talk.start) && talk.end < talk.start) context.addIssue({ code: 'custom', message: TALK_END_BEFORE_START, path: ['end'] });
    if (talk.end && talk.start.length !== 10) context.addIssue({ code: 'custom', message: TALK_END_INVALID, path: ['end'] });
    if ((talk.startTime || talk.endTime) && talk.start.length !== 10) context.addIssue({ code: 'custom', message: TALK_TIME_NEEDS_DAY, path: ['startTime'] });
    if (talk.endTime && !talk.startTime) context.addIssue({ code: 'custom', message: TALK_END_TIME_NEEDS_START, path: ['endTime'] });
    // On one day, the end time comes after the start time (over several days it may be any time of the last day).
    if (talk.startTime && talk.endTime && !talk.end && talk.endTime <= talk.startTime) {
      context.addIssue({ code: 'custom', message: TALK_END_TIME_BEFORE_START, path: ['endTime'] });
    }
    // Coordinates come from the gazetteer as a pair with their place id, or not at all.
    if ((talk.lat === null) !== (talk.lng === null) || (talk.placeId !== null && talk.lat === null)) {
      context.addIssue({ code: 'custom', message: TALK_PLACE_INVALID, path: ['city'] });
    }
  });

export const talkListSchema = z.object({
  items: z
    .array(talkItemSchema, { error: 'The talk list must be a list.' })
    .max(TALK_LIMITS.items, { error: `At most ${TALK_LIMITS.items} talks.` })
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, { error: 'Two talks have the same id.' }),
});

export type TalkItemValues = z.output<typeof talkItemSchema>;

/** What a new talk starts with: today, in person, the site's time zone, nothing else stated. */
export function newTalkDefaults(today: string, id = newTemporaryId(TEMPORARY_TALK_PREFIX)): TalkItemValues {
  return {
    id,
    title: 'New talk',
    eventName: '',
    eventUrl: null,
    start: today,
    end: null,
    startTime: null,
    endTime: null,
    timeZone: null,
    kind: null,
    attendance: 'in-person' as TalkAttendance,
    venue: '',
    city: '',
    country: null,
    placeId: null,
    lat: null,
    lng: null,
    abstract: '',
    slidesUrl: null,
    videoUrl: null,
    paperId: null,
    note: '',
  };
}

/** What the city typeahead asks the gazetteer: 2 to 60 characters (lib/places/gazetteer.ts PLACE_QUERY). */
export const placeQuerySchema = z
  .string({ error: 'Type at least two letters of the city.' })
  .trim()
  .min(2, { error: 'Type at least two letters of the city.' })
  .max(60, { error: 'Type at most 60 characters.' });
