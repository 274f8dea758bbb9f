import { Link } from '@/components/link';

import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { analyticsRangeHref } from '@/lib/analytics/display';
import { ANALYTICS_RANGES, REFERRER_GROUP_LABELS, type AnalyticsSummary, type CountRow } from '@/lib/analytics/types';
import { formatLongDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { ReadersChart } from './readers-chart';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The dashboard's Readers (issue 48): the range's links, its totals, views and visitors per day (the chart, and
 * the same figures as a table for screen readers), what was read and downloaded most, and where readers came
 * from. No hooks: the server renders it, the chart alone runs in the browser.
 */
export function ReadersSection({ summary }: { summary: AnalyticsSummary }) {
  const { range, from, to, days, totals } = summary;
  const empty = totals.views === 0 && totals.downloads === 0;
  const period = `${formatLongDate(from)} to ${formatLongDate(to)}`;
  const chartTitle = `Views and visitors per day, ${period}`;
  return (
    <section aria-labelledby="readers-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="readers-heading" className="text-lg font-semibold">
          Readers
        </h2>
        <nav aria-label="Readers' period">
          <ul className="flex gap-1 rounded-lg border border-border p-1 text-sm">
            {ANALYTICS_RANGES.map((days) => (
              <li key={days}>
                <Link
                  href={analyticsRangeHref(days)}
                  aria-current={days === range ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-3 py-1 focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none',
                    days === range ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )}
                >
                  {days} days
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {empty ? (
        <Card>
          <CardContent className="flex flex-col gap-2">
            <p className="font-medium">No readers counted yet.</p>
            <p className="text-sm text-muted-foreground">
              Counting starts from the first visit after reader analytics was turned on: page views and downloads show here from the day they are made, none from
              before.
            </p>
            <SettingsLink />
          </CardContent>
        </Card>
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Total label="Views" value={totals.views} />
            <Total label="Visitors" value={totals.visitors} />
            <Total label="Downloads" value={totals.downloads} />
          </dl>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Views and visitors per day</CardTitle>
              <p className="text-sm text-muted-foreground">{period}</p>
            </CardHeader>
            <CardContent>
              <ReadersChart days={days} title={chartTitle} />
              <table className="sr-only">
                <caption>{chartTitle}</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Views</th>
                    <th scope="col">Visitors</th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((point) => (
                    <tr key={point.day}>
                      <th scope="row">{formatLongDate(point.day)}</th>
                      <td>{count(point.views)}</td>
                      <td>{count(point.visitors)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </CardContent>
          </Card>
          <div className="grid gap-4 lg:grid-cols-2">
            <TopList title="Top pages" rows={summary.topPages} />
            <TopList title="Most read papers" rows={summary.papers} />
            <TopList title="Most read posts" rows={summary.posts} />
            <TopList title="Downloads" rows={summary.downloads} />
            <Card role="region" aria-labelledby="readers-referrers">
              <CardHeader>
                <h3 id="readers-referrers" className="leading-none font-semibold">
                  Referrers
                </h3>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-3 text-sm">
                  {summary.referrers.map((referrer) => (
                    <li key={referrer.group}>
                      <Row label={REFERRER_GROUP_LABELS[referrer.group]} value={referrer.count} className="font-medium" />
                      {referrer.hosts.length > 0 ? (
                        <ul className="mt-1 flex flex-col gap-1 border-l border-border pl-3 text-muted-foreground">
                          {referrer.hosts.map((host) => (
                            <li key={host.host}>
                              <Row label={host.host} value={host.count} />
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </div>
          <SettingsLink />
        </>
      )}
    </section>
  );
}

function SettingsLink() {
  return (
    <Link href="/admin/settings#analytics-settings" className="w-fit text-sm text-primary underline underline-offset-4">
      Reader analytics settings
    </Link>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <Card className="gap-2 px-6">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-3xl font-semibold">{count(value)}</dd>
    </Card>
  );
}

function Row({ label, value, href, className }: { label: string; value: number; href?: string; className?: string }) {
  return (
    <span className={cn('flex items-baseline justify-between gap-4', className)}>
      {href ? (
        <a href={href} className="min-w-0 truncate underline-offset-4 hover:underline">
          {label}
        </a>
      ) : (
        <span className="min-w-0 truncate">{label}</span>
      )}
      <span className="shrink-0 tabular-nums">{count(value)}</span>
    </span>
  );
}

/** One of the top lists: its rows, most first, each leading to what was read. */
function TopList({ title, rows }: { title: string; rows: readonly CountRow[] }) {
  const id = `readers-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <h3 id={id} className="leading-none font-semibold">
          {title}
        </h3>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">None in this period.</p>
        ) : (
          <ol className="flex flex-col gap-1.5 text-sm">
            {rows.map((row) => (
              <li key={row.path}>
                <Row label={row.label} value={row.count} href={row.path} />
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
