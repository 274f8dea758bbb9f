import { Building2, CalendarDays, MapPin } from '@/components/site/icons';

import { BadgeList } from '@/components/site/badge-list';
import { SimpleMarkup } from '@/components/site/simple-markup';
import type { Experience } from '@/lib/content/experience/types';
import { monthRange } from '@/lib/content/experience/rules';

export function ExperienceCard({ entry }: { entry: Experience }) {
  const headingId = `experience-${entry.id}-title`;
  return (
    <article
      id={entry.id}
      aria-labelledby={headingId}
      className="rounded-xl border border-border bg-card p-6 shadow-sm transition-colors hover:border-primary/30 sm:p-8"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <h2 id={headingId} className="font-serif text-2xl font-semibold tracking-tight">
            {entry.title}
          </h2>
          <p className="mt-2 flex items-center gap-2 text-base text-foreground/85">
            <Building2 aria-hidden="true" className="size-4 shrink-0 text-primary" />
            {entry.company}
          </p>
        </div>
        <dl className="shrink-0 space-y-1.5 text-sm text-muted-foreground sm:text-right">
          <div className="flex items-center gap-2 sm:justify-end">
            <dt className="sr-only">Dates</dt>
            <CalendarDays aria-hidden="true" className="size-4" />
            <dd>{monthRange(entry.startDate, entry.endDate)}</dd>
          </div>
          {entry.location ? (
            <div className="flex items-center gap-2 sm:justify-end">
              <dt className="sr-only">Location</dt>
              <MapPin aria-hidden="true" className="size-4" />
              <dd>{entry.location}</dd>
            </div>
          ) : null}
        </dl>
      </div>

      {entry.description ? <SimpleMarkup source={entry.description} className="mt-5 text-foreground/80" /> : null}

      {entry.highlights.length > 0 ? (
        <section aria-labelledby={`${headingId}-highlights`} className="mt-6">
          <h3 id={`${headingId}-highlights`} className="eyebrow text-foreground">
            Highlights
          </h3>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm leading-6 text-muted-foreground marker:text-primary/70">
            {entry.highlights.map((highlight, index) => (
              // Highlights are free text and may repeat; their position is their identity.
              <li key={index}>{highlight}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {entry.technologies.length > 0 ? (
        <section aria-labelledby={`${headingId}-technologies`} className="mt-6">
          <h3 id={`${headingId}-technologies`} className="eyebrow text-foreground">
            Technologies
          </h3>
          <BadgeList items={entry.technologies} className="mt-3 flex flex-wrap gap-1.5" />
        </section>
      ) : null}
    </article>
  );
}
