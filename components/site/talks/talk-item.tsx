import Link from 'next/link';

import { CalendarDays, MapPin } from '@/components/site/icons';
import { Badge } from '@/components/ui/badge';
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

/** One talk on /talks: its title (a link to its page), its kind, the event, when and where. */
export function TalkItem({ talk, siteTimeZone, headingLevel = 3 }: { talk: Talk; siteTimeZone: string; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  return (
    <article id={talk.id} aria-labelledby={`talk-${talk.id}-title`} className="flex flex-col gap-2 border-b border-border py-5 last:border-b-0">
      <div className="flex flex-wrap items-center gap-2">
        {talk.kind ? (
          <Badge variant="outline" className="text-muted-foreground">
            {TALK_KIND_LABELS[talk.kind]}
          </Badge>
        ) : null}
        {talk.eventName ? <span className="text-sm font-medium text-foreground/85">{talk.eventName}</span> : null}
      </div>
      <Heading id={`talk-${talk.id}-title`} className="font-serif text-xl font-semibold tracking-tight">
        <Link href={`/talks/${talk.id}`} className="hover:text-primary hover:underline">
          {texToText(talk.title)}
        </Link>
      </Heading>
      <TalkWhenWhere talk={talk} siteTimeZone={siteTimeZone} />
    </article>
  );
}
