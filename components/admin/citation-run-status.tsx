import { formatRelativeTime, plural } from '@/lib/format';
import type { RefreshStatus } from '@/lib/scholarly/citation-types';

/**
 * The citation run's state in words (issue 46), as the dashboard and Settings → Citations show it: running or
 * when the last run ended, what it did, its errors, and when the next comes. No hooks, so both a server page
 * and a client form render it.
 */

const TRIGGER_WORDS = { schedule: 'on schedule', admin: 'asked from Settings', route: 'asked by the scheduler route' } as const;

/** Errors listed in full; the rest are counted. */
const ERRORS_SHOWN = 5;

export function CitationRunStatus({ status, now = new Date() }: { status: RefreshStatus; now?: Date }) {
  const last = status.finishedAt ?? status.startedAt;
  const trigger = status.trigger ? TRIGGER_WORDS[status.trigger] : null;
  return (
    <div className="flex flex-col gap-2 text-sm" data-citation-run>
      <p role="status">
        {status.running ? (
          <>Reading the counts now{trigger ? ` (${trigger})` : ''}: </>
        ) : status.startedAt === null ? (
          <>The counts have not been read yet.</>
        ) : status.finishedAt === null ? (
          <>The last run stopped part-way{trigger ? ` (${trigger})` : ''}; the next one resumes it: </>
        ) : (
          <>
            Last run <time dateTime={last ?? undefined}>{formatRelativeTime(last!, now)}</time>
            {trigger ? ` (${trigger})` : ''}:{' '}
          </>
        )}
        {status.startedAt !== null ? (
          <span data-run-counts>
            {plural(status.papersChecked, 'paper')} checked, {plural(status.countsUpdated, 'count')} updated, {plural(status.worksFound, 'new work')} on your ORCID
            profile, {plural(status.errors.length, 'error')}.
          </span>
        ) : null}
      </p>
      {status.errors.length > 0 ? (
        <ul aria-label="Errors of the last run" className="flex list-disc flex-col gap-1 pl-5 text-muted-foreground">
          {status.errors.slice(0, ERRORS_SHOWN).map((error, index) => (
            <li key={`${error.at}-${index}`}>
              <span className="font-medium text-foreground">{error.what}</span>: {error.message}
            </li>
          ))}
          {status.errors.length > ERRORS_SHOWN ? <li>and {plural(status.errors.length - ERRORS_SHOWN, 'more error')}.</li> : null}
        </ul>
      ) : null}
      <p className="text-muted-foreground">
        {status.requested && !status.running
          ? 'A refresh is asked for: it starts within a minute.'
          : status.nextRunAt === null
            ? 'No run is scheduled: the counts are read when you ask (Refresh now).'
            : `Next run: ${nextRunWords(status.nextRunAt, now)}.`}
      </p>
    </div>
  );
}

/** 'in 5 hours', 'within a minute' (a run that is due starts at the next check). */
function nextRunWords(at: string, now: Date): string {
  const ms = new Date(at).getTime() - now.getTime();
  if (ms <= 60_000) return 'within a minute';
  const hours = ms / 3_600_000;
  if (hours < 1) return `in ${plural(Math.ceil(ms / 60_000), 'minute')}`;
  if (hours < 48) return `in ${plural(Math.round(hours), 'hour')}`;
  return `in ${plural(Math.round(hours / 24), 'day')}`;
}
