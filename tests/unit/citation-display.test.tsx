import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { CvDocument } from '@/components/site/cv/cv-document';
import { CitationChart, CitationTotalsLine, CitedBy } from '@/components/site/research/citations';
import { citationTotals, hIndex, sourceNames } from '@/lib/content/research/citation-rules';
import { buildCvData } from '@/lib/cv/data';
import { DEFAULT_CV_SETTINGS } from '@/lib/cv/types';
import { formatDayMonthYear } from '@/lib/format';
import type { PaperCitations } from '@/lib/scholarly/citation-types';
import { citationSettingsSchema, foundWorkKeysSchema } from '@/lib/validation/citations';
import { paper } from '../fixtures/papers';

/*
 * Citation counts as the public pages and the CV show them (issue 46): the totals and the h-index, the
 * "Cited by" line, the per-year chart drawn as SVG on the server, and the settings' and dismissals' checks.
 */

function count(paperId: string, citedBy: number, changes: Partial<PaperCitations> = {}): PaperCitations {
  return {
    paperId,
    source: 'openalex',
    citedBy,
    byYear: [],
    citingUrl: `https://openalex.org/works?filter=cites:W${citedBy}`,
    readAt: '2026-11-03T10:00:00.000Z',
    checkedAt: '2026-11-03T10:00:00.000Z',
    problem: null,
    ...changes,
  };
}

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

describe('citation totals', () => {
  it('h-index: the largest h with h papers cited at least h times each', () => {
    expect(hIndex([])).toBe(0);
    expect(hIndex([0, 0, 0])).toBe(0);
    expect(hIndex([100])).toBe(1);
    expect(hIndex([10, 8, 5, 4, 3])).toBe(4);
    expect(hIndex([3, 25, 3, 8, 5])).toBe(3);
    expect(hIndex([6, 6, 6, 6, 6, 6])).toBe(6);
  });

  it('sum the counts of the papers listed (each once), name their sources and date them by the oldest reading', () => {
    const byPaper = new Map([
      ['a', count('a', 12)],
      ['b', count('b', 3, { source: 'crossref', readAt: '2026-10-01T00:00:00.000Z' })],
      ['c', count('c', 40)],
    ]);
    expect(citationTotals(['a', 'b', 'a', 'x'], byPaper)).toEqual({ citations: 15, hIndex: 2, papers: 2, sources: 'Crossref and OpenAlex', oldestReadAt: '2026-10-01T00:00:00.000Z' });
    expect(citationTotals(['x', 'y'], byPaper)).toBeNull();
    expect(sourceNames(['openalex', 'openalex'])).toBe('OpenAlex');
  });

  it('date a reading as 3 Nov 2026, in UTC, with September as Sep', () => {
    expect(formatDayMonthYear('2026-11-03T10:00:00.000Z')).toBe('3 Nov 2026');
    expect(formatDayMonthYear('2026-09-30T23:59:59.000Z')).toBe('30 Sep 2026');
    expect(formatDayMonthYear('not a date')).toBe('not a date');
  });
});

describe('the Cited by line', () => {
  it('reads "Cited by 12 · OpenAlex, 3 Nov 2026", the count linking to the citing works', () => {
    const html = renderToStaticMarkup(<CitedBy count={count('a', 1234)} />);
    expect(text(html)).toBe('Cited by 1,234 · OpenAlex, 3 Nov 2026');
    expect(html).toContain('<a href="https://openalex.org/works?filter=cites:W1234" rel="noopener noreferrer" target="_blank">Cited by 1,234</a>');
    expect(html).toContain('<time dateTime="2026-11-03T10:00:00.000Z">');
  });

  it('has no link where the source has no public list of the citing works (Crossref)', () => {
    const html = renderToStaticMarkup(<CitedBy count={count('a', 7, { source: 'crossref', citingUrl: null })} />);
    expect(text(html)).toBe('Cited by 7 · Crossref, 3 Nov 2026');
    expect(html).not.toContain('<a ');
  });
});

describe('the citations per year chart', () => {
  it('draws a column for every year from the first to the last, a year without citations empty, and a table of the same figures', () => {
    const html = renderToStaticMarkup(
      <CitationChart
        title="On the zeros"
        byYear={[
          { year: 2021, count: 2 },
          { year: 2023, count: 8 },
          { year: 2024, count: 4 },
        ]}
      />,
    );
    expect(html.match(/<rect /g)).toHaveLength(4);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Citations per year of On the zeros, 2021–2024"');
    // The tallest column fills the plot (120 - 14 - 18 = 88 units); the empty year has no height.
    expect(html).toContain('height="88"');
    expect(html).toContain('height="0"');
    const rows = [...html.matchAll(/<tr><th scope="row">(\d+)<\/th><td>(\d+)<\/td><\/tr>/g)].map((match) => [Number(match[1]), Number(match[2])]);
    expect(rows).toEqual([
      [2021, 2],
      [2022, 0],
      [2023, 8],
      [2024, 4],
    ]);
    expect(html).not.toContain('<script');
  });

  it('is not drawn without yearly counts', () => {
    expect(renderToStaticMarkup(<CitationChart title="x" byYear={[]} />)).toBe('');
  });

  it('shows the totals as "Citations 15 · h-index 2" with where they come from', () => {
    const byPaper = new Map([
      ['a', count('a', 12)],
      ['b', count('b', 3)],
    ]);
    expect(text(renderToStaticMarkup(<CitationTotalsLine paperIds={['a', 'b']} byPaper={byPaper} />))).toBe('Citations 15 · h-index 2 (2 papers counted by OpenAlex, as of 3 Nov 2026)');
    expect(renderToStaticMarkup(<CitationTotalsLine paperIds={['z']} byPaper={byPaper} />)).toBe('');
  });
});

describe('the CV', () => {
  const papers = [paper({ id: 'p1', title: 'One' }), paper({ id: 'p2', title: 'Two' }), paper({ id: 'd1', title: 'Draft', status: 'draft' })];
  const sources = { about: null, experience: [], papers, projects: [], entries: [], talks: [], courses: [], settings: DEFAULT_CV_SETTINGS, siteUrl: null };

  it('totals the counts of the papers it lists (not a draft it leaves out), when given them', () => {
    const cv = buildCvData({ ...sources, citations: [count('p1', 10), count('p2', 1), count('d1', 500)] });
    expect(cv.citations).toMatchObject({ citations: 11, hIndex: 1, papers: 2 });
    const html = renderToStaticMarkup(<CvDocument cv={cv} />);
    expect(text(html)).toContain('Citations 11 · h-index 1 (OpenAlex, 3 Nov 2026)');
  });

  it('shows no totals when the owner does not show them (no counts given)', () => {
    const cv = buildCvData(sources);
    expect(cv.citations).toBeNull();
    expect(text(renderToStaticMarkup(<CvDocument cv={cv} />))).not.toContain('h-index');
  });
});

describe('the checks of Settings → Citations and of Dismiss', () => {
  it('take the five intervals and two switches, nothing else', () => {
    expect(citationSettingsSchema.safeParse({ showOnSite: true, showOnCv: false, refreshHours: 168 }).success).toBe(true);
    for (const bad of [
      { showOnSite: true, showOnCv: false, refreshHours: 5 },
      { showOnSite: true, showOnCv: false, refreshHours: '24' },
      { showOnSite: 'yes', showOnCv: false, refreshHours: 24 },
      { showOnSite: true, showOnCv: false, refreshHours: 24, extra: 1 },
      null,
    ]) {
      expect(citationSettingsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('take one to 500 keys of stored length', () => {
    expect(foundWorkKeysSchema.safeParse(['doi:10.1000/x']).success).toBe(true);
    for (const bad of [[], [''], ['x'.repeat(301)], Array.from({ length: 501 }, (_, index) => `k${index}`), [1], 'doi:10.1000/x']) {
      expect(foundWorkKeysSchema.safeParse(bad).success).toBe(false);
    }
  });
});
