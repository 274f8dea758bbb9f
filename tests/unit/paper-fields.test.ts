import { describe, expect, it } from 'vitest';

import { differences, mergedForm, previewFields, refreshLabel, REFRESH_FIELDS, type RefreshField } from '@/components/admin/research/paper-fields';
import { checkPaper, type PaperValues } from '@/lib/validation/research';
import { paper } from '../fixtures/papers';

/**
 * Issue 45: the imports' preview and "Refresh from source" show a paper's kind and its venue fields
 * (components/admin/research/paper-fields.ts), and a refresh can take them.
 */

/** A paper as a source gives it, checked as the lookup checks it. */
function found(input: Record<string, unknown>): PaperValues {
  const checked = checkPaper({ title: 'A paper', authors: ['Alex Morgan'], date: '2024-03-05', abstract: '', link: '', pdfUrl: '', tags: [], doi: '10.5555/ants.2022.12', arxivId: '', status: 'published', ...input });
  if (!checked.ok) throw new Error(checked.error);
  return checked.data;
}

const CONFERENCE = {
  kind: 'conference',
  journal: 'Proceedings of ANTS XV',
  eventName: 'Fifteenth Algorithmic Number Theory Symposium',
  eventPlace: 'Bristol, UK',
  eventStart: '2022-08-08',
  eventEnd: '2022-08-12',
  editors: ['Elizabeth Miller', 'Ada Lovelace'],
  volume: '1',
  pages: '12–30',
  publisher: 'Mathematical Sciences Publishers',
};

describe('previewFields', () => {
  it('lists the kind, the venue as the kind names it, and the venue fields the kind has', () => {
    expect(previewFields(found(CONFERENCE))).toEqual([
      ['Authors', 'Alex Morgan'],
      ['Date', 'March 5, 2024'],
      ['Type', 'Conference paper'],
      ['Proceedings title', 'Proceedings of ANTS XV'],
      ['Conference name', 'Fifteenth Algorithmic Number Theory Symposium'],
      ['Conference place', 'Bristol, UK'],
      ['Conference start', 'August 8, 2022'],
      ['Conference end', 'August 12, 2022'],
      ['Editors', 'Elizabeth Miller, Ada Lovelace'],
      ['Volume', '1'],
      ['Pages', '12–30'],
      ['Publisher', 'Mathematical Sciences Publishers'],
      ['DOI', '10.5555/ants.2022.12'],
    ]);
  });

  it('shows a thesis without a venue title, and leaves out empty fields', () => {
    expect(previewFields(found({ kind: 'phd-thesis', journal: 'Ignored', institution: 'University of Oxford', doi: '' }), [['Tags', '']])).toEqual([
      ['Authors', 'Alex Morgan'],
      ['Date', 'March 5, 2024'],
      ['Type', 'PhD thesis'],
      ['Institution', 'University of Oxford'],
    ]);
  });
});

describe('Refresh from source', () => {
  const stored = paper({ title: 'A paper', abstract: '', journal: 'Journal of Psychoceramics', volume: '5', doi: '10.5555/ants.2022.12', tags: ['pots'], pdfUrl: '/media/research-papers/a.pdf' });

  it('lists the kind and the venue fields among the differences, labelled as the source’s kind names them', () => {
    const source = found(CONFERENCE);
    const listed = differences(stored, source);
    expect(listed).toEqual([
      { field: 'kind', now: 'Journal article', source: 'Conference paper' },
      { field: 'journal', now: 'Journal of Psychoceramics', source: 'Proceedings of ANTS XV' },
      { field: 'volume', now: '5', source: '1' },
      { field: 'pages', now: '', source: '12–30' },
      { field: 'publisher', now: '', source: 'Mathematical Sciences Publishers' },
      { field: 'editors', now: '', source: 'Elizabeth Miller, Ada Lovelace' },
      { field: 'eventName', now: '', source: 'Fifteenth Algorithmic Number Theory Symposium' },
      { field: 'eventPlace', now: '', source: 'Bristol, UK' },
      { field: 'eventStart', now: '', source: '2022-08-08' },
      { field: 'eventEnd', now: '', source: '2022-08-12' },
    ]);
    expect(listed.map((difference) => refreshLabel(difference.field, source))).toEqual([
      'Type',
      'Proceedings title',
      'Volume',
      'Pages',
      'Publisher',
      'Editors',
      'Conference name',
      'Conference place',
      'Conference start',
      'Conference end',
    ]);
    expect(differences(stored, found({ kind: 'article', journal: 'Journal of Psychoceramics', volume: '5' }))).toEqual([]);
  });

  it('merges the fields taken into the editor’s form, which the editor’s check accepts as the source’s paper', () => {
    const source = found(CONFERENCE);
    const all = new Set<RefreshField>(differences(stored, source).map((difference) => difference.field));
    const form = mergedForm(stored, source, all);
    expect(form).toMatchObject({ kind: 'conference', editors: 'Elizabeth Miller, Ada Lovelace', eventStart: '2022-08-08', tags: 'pots', pdfUrl: '/media/research-papers/a.pdf' });
    const saved = checkPaper(form);
    expect(saved.ok && saved.data).toEqual({ ...source, tags: ['pots'], pdfUrl: '/media/research-papers/a.pdf' });
  });

  it('keeps the stored kind and venue when they are not taken', () => {
    const source = found(CONFERENCE);
    const form = mergedForm(stored, source, new Set<RefreshField>(['eventName', 'pages']));
    const saved = checkPaper(form);
    // A journal article has no conference name: only the pages it has are taken.
    expect(saved.ok && saved.data).toMatchObject({ kind: 'article', journal: 'Journal of Psychoceramics', volume: '5', pages: '12–30', eventName: '' });
  });

  it('names every field it can take', () => {
    expect(REFRESH_FIELDS.map((field) => refreshLabel(field, { kind: 'article' }))).toEqual([
      'Title',
      'Authors',
      'Type',
      'Journal/Publication',
      'Volume',
      'Issue',
      'Pages',
      'Article number',
      'Publisher',
      'Editors',
      'Edition',
      'ISBN',
      'Institution',
      'Report number',
      'Conference name',
      'Conference place',
      'Conference start',
      'Conference end',
      'Date',
      'Abstract',
      'DOI',
      'arXiv ID',
      'Link',
      'Status',
    ]);
  });
});
