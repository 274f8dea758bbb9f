import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ReadersSection } from '@/components/admin/analytics/readers-section';
import { analyticsRangeHref, analyticsRangeOf, formatChartDay, readershipLine } from '@/lib/analytics/display';
import { REFERRER_GROUPS, type AnalyticsSummary } from '@/lib/analytics/types';

/**
 * Reader analytics in the admin (issue 48): the dashboard's period from its address, the chart's day labels,
 * the Research Papers editor's readership line, and the dashboard's Readers section as the server renders it.
 */

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

function summary(changes: Partial<AnalyticsSummary> = {}): AnalyticsSummary {
  return {
    range: 7,
    from: '2026-03-01',
    to: '2026-03-07',
    days: ['01', '02', '03', '04', '05', '06', '07'].map((day, index) => ({ day: `2026-03-${day}`, views: index * 1000, visitors: index })),
    totals: { views: 21_000, visitors: 21, downloads: 4 },
    topPages: [{ path: '/research/ideal-theory', label: 'Ideal theory in rings', count: 12 }],
    papers: [{ path: '/research/ideal-theory', label: 'Ideal theory in rings', count: 12 }],
    posts: [],
    downloads: [{ path: '/storage/research-papers/ideal.pdf', label: 'ideal.pdf', count: 4 }],
    referrers: REFERRER_GROUPS.map((group) => ({
      group,
      count: group === 'scholar' ? 5 : 0,
      hosts: group === 'scholar' ? [{ host: 'scholar.google.com', count: 5 }] : [],
    })),
    ...changes,
  };
}

describe("the dashboard's period", () => {
  it('is 7, 30 or 90 days as ?days= writes it, and 30 days for anything else', () => {
    expect(analyticsRangeOf('7')).toBe(7);
    expect(analyticsRangeOf('30')).toBe(30);
    expect(analyticsRangeOf('90')).toBe(90);
    for (const days of [undefined, '', '14', '365', '7.0', ' 7', '07', '0x5a', 'ninety', ['7'], ['7', '90']]) {
      expect(analyticsRangeOf(days), JSON.stringify(days)).toBe(30);
    }
    expect(analyticsRangeHref(90)).toBe('/admin?days=90');
  });
});

describe("the chart's day labels", () => {
  it('name the day as stored, whatever the zone of the browser (these tests run west of UTC)', () => {
    expect(formatChartDay('2026-03-05')).toBe('Mar 5');
    expect(formatChartDay('2026-01-01')).toBe('Jan 1');
    expect(formatChartDay('2026-12-31')).toBe('Dec 31');
  });

  it('leave anything that is not a day as it is', () => {
    expect(formatChartDay('March')).toBe('March');
    expect(formatChartDay('2026-03')).toBe('2026-03');
  });
});

describe("a paper's readers in the Research Papers editor", () => {
  it('count views and downloads of the last 90 days, in the singular for one', () => {
    expect(readershipLine({ views: 12, downloads: 3 })).toBe('12 views · 3 downloads in the last 90 days');
    expect(readershipLine({ views: 1, downloads: 1 })).toBe('1 view · 1 download in the last 90 days');
    expect(readershipLine({ views: 1500, downloads: 0 })).toBe('1,500 views · 0 downloads in the last 90 days');
  });
});

describe("the dashboard's Readers", () => {
  it('links the three periods, marking the one shown', () => {
    const html = renderToStaticMarkup(<ReadersSection summary={summary()} />);
    const current = html.match(/<a [^>]*aria-current="page"[^>]*>/g);
    expect(current).toHaveLength(1);
    expect(current![0]).toContain('href="/admin?days=7"');
    expect(html).toContain('href="/admin?days=30"');
    expect(html).toContain('href="/admin?days=90"');
  });

  it('names the chart for assistive technology before the browser draws it', () => {
    const html = renderToStaticMarkup(<ReadersSection summary={summary()} />);
    expect(html).toMatch(/<div data-slot="chart" [^>]*role="figure" aria-label="Views and visitors per day, March 1, 2026 to March 7, 2026"/);
  });

  it('gives the totals, and the views and visitors of each day in a table for screen readers', () => {
    const html = renderToStaticMarkup(<ReadersSection summary={summary()} />);
    expect(text(html)).toContain('Views 21,000 Visitors 21 Downloads 4');
    const table = /<table class="sr-only">([\s\S]*?)<\/table>/.exec(html)?.[1];
    expect(table).toBeDefined();
    expect(text(table!)).toContain('Views and visitors per day, March 1, 2026 to March 7, 2026 Day Views Visitors March 1, 2026 0 0 March 2, 2026 1,000 1');
    expect(table!.match(/<th scope="row">/g)).toHaveLength(7);
  });

  it('lists what was read and downloaded, each leading to it, and the referrers by group with their hosts', () => {
    const html = renderToStaticMarkup(<ReadersSection summary={summary()} />);
    const body = text(html);
    expect(body).toContain('Top pages Ideal theory in rings 12');
    expect(body).toContain('Most read papers Ideal theory in rings 12');
    expect(body).toContain('Most read posts None in this period.');
    expect(body).toContain('Downloads ideal.pdf 4');
    expect(body).toContain('Referrers Google Scholar 5 scholar.google.com 5 Search engines 0 Social media 0 Other sites 0 Direct 0');
    expect(html).toContain('href="/storage/research-papers/ideal.pdf"');
  });

  it('says no readers were counted yet, and why, when the period has no views and no downloads', () => {
    const days = summary().days.map((point) => ({ ...point, views: 0, visitors: 0 }));
    const html = renderToStaticMarkup(<ReadersSection summary={summary({ days, totals: { views: 0, visitors: 0, downloads: 0 }, topPages: [], papers: [], downloads: [] })} />);
    expect(text(html)).toContain('No readers counted yet. Counting starts from the first visit');
    expect(html).not.toContain('<table');
    expect(html).toContain('aria-current="page"');
  });

  it('shows the figures when only downloads were counted', () => {
    const html = renderToStaticMarkup(<ReadersSection summary={summary({ totals: { views: 0, visitors: 0, downloads: 2 } })} />);
    expect(text(html)).not.toContain('No readers counted yet.');
    expect(html).toContain('<table class="sr-only">');
  });
});
