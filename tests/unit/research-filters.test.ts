import { describe, expect, it } from 'vitest';

import {
  filterPapers,
  groupByYear,
  pageOf,
  PAPERS_PER_PAGE,
  parseResearchFilters,
  parseViewPath,
  researchFacets,
  researchHref,
} from '@/lib/content/research/filters';
import { paper } from '../fixtures/papers';

/** /research's filters (issue 45): status, type, year and tag combined in the address, with counts, pages and year groups. */

const PAPERS = [
  paper({ id: 'a', date: '2026-04-08', kind: 'article', status: 'draft', tags: ['primes'] }),
  paper({ id: 'b', date: '2026-02-20', kind: 'conference', status: 'submitted', tags: ['L-functions', 'moments'] }),
  paper({ id: 'c', date: '2025-11-03', kind: 'preprint', status: 'preprint', tags: ['expanders'] }),
  paper({ id: 'd', date: '2025-06-12', kind: 'article', status: 'published', tags: ['L-functions', 'primes'] }),
  paper({ id: 'e', date: '2023-01-01', kind: 'phd-thesis', status: 'published', tags: [] }),
];

describe('the address', () => {
  it('reads every filter, and anything unknown as no filter', () => {
    expect(parseResearchFilters({ status: 'published', type: 'conference', year: '2025', tag: 'primes', page: '2' })).toEqual({
      status: 'published',
      kind: 'conference',
      year: '2025',
      tag: 'primes',
      page: 2,
    });
    expect(parseResearchFilters({ status: 'retracted', type: 'poem', year: '25', tag: 'x'.repeat(81), page: '-1' })).toEqual({
      status: 'all',
      kind: null,
      year: null,
      tag: null,
      page: 1,
    });
    expect(parseResearchFilters({ type: ['book', 'chapter'], page: '1.5' })).toMatchObject({ kind: 'book', page: 1 });
  });

  it('writes a view as a path of its own, in a stable order, going back to the first page on any change but the page', () => {
    const filters = parseResearchFilters({ tag: 'L-functions & more', year: '2025', page: '3' });
    expect(researchHref(filters, { page: 3 })).toBe('/research/list/year/2025/tag/L-functions%20%26%20more/page/3');
    expect(researchHref(filters, { kind: 'article' })).toBe('/research/list/type/article/year/2025/tag/L-functions%20%26%20more');
    expect(researchHref(filters, { year: null, tag: null })).toBe('/research');
    expect(researchHref(parseResearchFilters({}), { status: 'draft' })).toBe('/research/list/status/draft');
  });

  it('reads back exactly the paths it writes, and no other', () => {
    expect(parseViewPath(['year', '2025', 'tag', 'L-functions & more', 'page', '3'])).toEqual({ status: 'all', kind: null, year: '2025', tag: 'L-functions & more', page: 3 });
    expect(parseViewPath(['status', 'preprint'])).toMatchObject({ status: 'preprint' });
    for (const path of [[], ['year'], ['tag', 'x', 'year', '2025'], ['year', '2025', 'year', '2024'], ['status', 'retracted'], ['type', 'poem'], ['page', '1'], ['page', '02'], ['colour', 'red']]) {
      expect(parseViewPath(path), path.join('/')).toBeNull();
    }
  });
});

describe('filtering and counts', () => {
  it('combines the filters', () => {
    const filters = parseResearchFilters({ status: 'published', tag: 'L-functions' });
    expect(filterPapers(PAPERS, filters).map((item) => item.id)).toEqual(['d']);
    expect(filterPapers(PAPERS, parseResearchFilters({ year: '2026' })).map((item) => item.id)).toEqual(['a', 'b']);
    expect(filterPapers(PAPERS, parseResearchFilters({ type: 'phd-thesis', year: '2026' }))).toEqual([]);
  });

  it("counts each choice among the papers the other filters leave, keeping the current choice when it leaves none", () => {
    const facets = researchFacets(PAPERS, parseResearchFilters({ tag: 'L-functions', year: '2024' }));
    // The tag and the year leave no paper: each status counts none.
    expect(facets.status.map((item) => item.count)).toEqual([0, 0, 0, 0, 0]);
    // Years among the L-function papers, newest first, and the chosen 2024 with none.
    expect(facets.year).toEqual([
      { value: '2026', count: 1 },
      { value: '2025', count: 1 },
      { value: '2024', count: 0 },
    ]);
    const all = researchFacets(PAPERS, parseResearchFilters({}));
    expect(all.status).toEqual([
      { value: 'all', count: 5 },
      { value: 'published', count: 2 },
      { value: 'preprint', count: 1 },
      { value: 'submitted', count: 1 },
      { value: 'draft', count: 1 },
    ]);
    // Kinds in their list's order; tags alphabetically, whatever their case.
    expect(all.kind.map((item) => `${item.value} ${item.count}`)).toEqual(['article 2', 'conference 1', 'phd-thesis 1', 'preprint 1']);
    expect(all.tag.map((item) => `${item.value} ${item.count}`)).toEqual(['expanders 1', 'L-functions 2', 'moments 1', 'primes 2']);
  });
});

describe('pages and years', () => {
  it(`shows ${PAPERS_PER_PAGE} papers a page, and the last page for a page past it`, () => {
    const many = Array.from({ length: 2 * PAPERS_PER_PAGE + 3 }, (_, index) => index);
    expect(pageOf(many, 1)).toMatchObject({ page: 1, pages: 3 });
    expect(pageOf(many, 3).items).toEqual([16, 17, 18]);
    expect(pageOf(many, 9)).toMatchObject({ page: 3, items: [16, 17, 18] });
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pages: 1 });
  });

  it('offers the most used tags, and the chosen one', () => {
    const many = Array.from({ length: 40 }, (_, index) => paper({ id: String(index), tags: [`tag ${String(index % 20).padStart(2, '0')}`, ...(index % 2 ? ['odd'] : [])] }));
    const tags = researchFacets(many, parseResearchFilters({})).tag.map((item) => item.value);
    // 'odd' on 20 papers, then the first 11 of the tags on 2 each, alphabetically.
    expect(tags).toEqual(['odd', ...Array.from({ length: 11 }, (_, index) => `tag ${String(index).padStart(2, '0')}`)]);
    const chosen = researchFacets(many, parseResearchFilters({ tag: 'tag 19' })).tag.map((item) => item.value);
    expect(chosen).toHaveLength(13);
    expect(chosen.at(-1)).toBe('tag 19');
  });

  it('groups papers by year, newest first as given', () => {
    expect(groupByYear(PAPERS).map((group) => [group.year, group.papers.map((item) => item.id).join('')])).toEqual([
      ['2026', 'ab'],
      ['2025', 'cd'],
      ['2023', 'e'],
    ]);
  });
});
