import { CalendarDays, MapPin } from '@/components/site/icons';
import { escapeXml } from '@/lib/feed';
import { countryName, formatTalkDate, talkPlace } from '@/lib/content/talks/rules';
import { TALK_ATTENDANCE_LABELS, TALK_KIND_LABELS, type Talk } from '@/lib/content/talks/types';
import { texToText } from '@/lib/cv/tex-text';

/** When and where a talk was, as its list item and its page show it: the dates, the time and zone, the place. */
export function TalkWhenWhere({ talk, siteTimeZone }: { talk: Talk; siteTimeZone: string }) {
  const place = talkPlace({ venue: talk.venue, city: talk.city, countryName: countryName(talk.country) });
  const time = talk.startTime ? `${talk.startTime}${talk.endTime ? `–${talk.endTime}` : ''} (${(talk.timeZone ?? siteTimeZone).replace(/_/g, ' ')})` : null;
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
      <span className="inline-flex items-center gap-1.5">
        <CalendarDays aria-hidden="true" className="size-4" />
        <time dateTime={talk.start}>{formatTalkDate(talk.start, talk.end)}</time>
        {time ? <span>{`· ${time}`}</span> : null}
      </span>
      {place || talk.attendance !== 'in-person' ? (
        <span className="inline-flex items-center gap-1.5">
          <MapPin aria-hidden="true" className="size-4" />
          {[place, talk.attendance !== 'in-person' ? TALK_ATTENDANCE_LABELS[talk.attendance] : ''].filter(Boolean).join(' · ')}
        </span>
      ) : null}
    </p>
  );
}

/**
 * How a list of talks looks: set once on the list, for the plain elements talkListHtml writes (so each talk's
 * HTML carries no classes of its own).
 */
export const TALK_LIST_CLASSES = [
  'flex flex-col',
  '[&_article]:flex [&_article]:flex-col [&_article]:gap-1.5 [&_article]:border-b [&_article]:border-border [&_article]:py-5 [&_article:last-child]:border-b-0',
  '[&_.kind]:text-sm [&_.kind]:font-medium [&_.kind]:text-foreground/85',
  '[&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:tracking-tight [&_h4]:font-serif [&_h4]:text-xl [&_h4]:font-semibold [&_h4]:tracking-tight',
  '[&_h3_a:hover]:text-primary [&_h3_a:hover]:underline [&_h4_a:hover]:text-primary [&_h4_a:hover]:underline',
  '[&_.when]:text-sm [&_.when]:text-muted-foreground',
].join(' ');

/**
 * Talks as /talks lists them, as one HTML fragment made here (every text escaped) for PageHtml, which sends
 * its payload copy packed: a page of 25 talks is then a few kB, not the tens of kB the same elements weigh as
 * React elements twice over. Each talk: its kind and event, its title linking to its page, when and where.
 */
export function talkListHtml(talks: readonly Talk[], siteTimeZone: string, headingLevel: 3 | 4): string {
  const heading = `h${headingLevel}`;
  return talks
    .map((talk) => {
      const kind = [talk.kind ? TALK_KIND_LABELS[talk.kind] : '', talk.eventName].filter(Boolean).join(' · ');
      const place = talkPlace({ venue: talk.venue, city: talk.city, countryName: countryName(talk.country) });
      const time = talk.startTime ? `${talk.startTime}${talk.endTime ? `–${talk.endTime}` : ''} (${(talk.timeZone ?? siteTimeZone).replace(/_/g, ' ')})` : '';
      const where = [time, place, talk.attendance !== 'in-person' ? TALK_ATTENDANCE_LABELS[talk.attendance] : ''].filter(Boolean).join(' · ');
      return (
        `<article id="${escapeXml(talk.id)}">` +
        (kind ? `<p class="kind">${escapeXml(kind)}</p>` : '') +
        `<${heading}><a href="/talks/${escapeXml(talk.id)}">${escapeXml(texToText(talk.title))}</a></${heading}>` +
        `<p class="when"><time datetime="${escapeXml(talk.start)}">${escapeXml(formatTalkDate(talk.start, talk.end))}</time>${where ? ` · ${escapeXml(where)}` : ''}</p>` +
        `</article>`
      );
    })
    .join('');
}
