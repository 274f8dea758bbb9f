import { countryName, isUpcoming, talkPlace, todayIn } from '@/lib/content/talks/rules';
import type { Talk } from '@/lib/content/talks/types';
import { texToText } from '@/lib/cv/tex-text';
import { markupToText } from '@/lib/markup/plain-text';
import { renderCalendar, type CalendarEvent, type EventTime } from './ics';

/**
 * The talks as iCalendar (lib/calendar/ics.ts): `/talks.ics`, the feed of upcoming talks calendar apps subscribe
 * to, and each talk's own `.ics`. Pure: the routes hand in the talks, the site's time zone and its address.
 */

/** How often a subscribed calendar app should read the feed again. */
export const TALKS_FEED_REFRESH = 'PT12H';

/** A talk as one calendar event, or null when its day is not known (a talk from the CV dated by year or month). */
export function talkEvent(talk: Talk, siteTimeZone: string, address: string): CalendarEvent | null {
  if (talk.start.length !== 10) return null;
  const zone = talk.timeZone ?? siteTimeZone;
  let start: EventTime;
  let end: EventTime | null;
  if (talk.startTime) {
    start = { kind: 'time', date: talk.start, time: talk.startTime, timeZone: zone };
    end = talk.endTime ? { kind: 'time', date: talk.end ?? talk.start, time: talk.endTime, timeZone: zone } : null;
  } else {
    start = { kind: 'date', date: talk.start };
    end = talk.end ? { kind: 'date', date: talk.end } : null;
  }
  const location = [talkPlace({ venue: talk.venue, city: talk.city, countryName: countryName(talk.country) }), talk.attendance === 'online' ? 'Online' : '']
    .filter(Boolean)
    .join(' · ');
  const description = [talk.eventName, talk.abstract ? markupToText(talk.abstract) : '', talk.slidesUrl ? `Slides: ${new URL(talk.slidesUrl, address).href}` : '']
    .filter(Boolean)
    .join('\n\n');
  return {
    uid: talk.id,
    summary: texToText(talk.title),
    start,
    end,
    location: location || null,
    description: description || null,
    url: `${address}/talks/${talk.id}`,
    updated: new Date(talk.updatedAt),
  };
}

/**
 * The event, when the writer takes it: a row the editor would refuse (written by hand in the database, or
 * under rules of an older version) leaves the feed without that talk, never without the feed.
 */
function writable(event: CalendarEvent | null): CalendarEvent | null {
  if (!event) return null;
  try {
    renderCalendar({ name: 'check', prodId: '-//check//EN' }, [event]);
    return event;
  } catch (error) {
    console.error(`The talk ${event.uid} is left out of the calendar: ${(error as Error).message}`);
    return null;
  }
}

/** The feed of the talks that are upcoming today in the site's time zone, soonest first. */
export function talksCalendar(talks: readonly Talk[], options: { siteTimeZone: string; address: string; name: string; now?: Date }): string {
  const today = todayIn(options.siteTimeZone, options.now);
  const events = talks
    .filter((talk) => isUpcoming(talk, today))
    .sort((a, b) => a.start.localeCompare(b.start) || (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.id.localeCompare(b.id))
    .flatMap((talk) => writable(talkEvent(talk, options.siteTimeZone, options.address)) ?? []);
  return renderCalendar({ name: options.name, prodId: `-//${new URL(options.address).host}//Talks//EN`, refresh: TALKS_FEED_REFRESH }, events);
}

/** One talk's calendar file, or null when its day is not known. */
export function talkCalendar(talk: Talk, options: { siteTimeZone: string; address: string; name: string }): string | null {
  const event = writable(talkEvent(talk, options.siteTimeZone, options.address));
  return event ? renderCalendar({ name: options.name, prodId: `-//${new URL(options.address).host}//Talks//EN` }, [event]) : null;
}
