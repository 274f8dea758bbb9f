import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import { parse as parseWithRetorquere } from '@retorquere/bibtex-parser';
import { parse as parseRis } from 'astrocite-ris';
import { describe, expect, it } from 'vitest';

import { formatCitations, toCslItem, toRis } from '@/lib/citations/formats';
import { PARSE_OPTIONS } from '@/lib/content/research/bibtex-import';
import type { PaperKind } from '@/lib/content/research/kinds';
import { highwireTags, toBibtex } from '@/lib/content/research/scholar';
import type { ResearchPaper } from '@/lib/content/research/types';
import { researchPaperData } from '@/lib/structured-data';
import { paper } from '../fixtures/papers';

/**
 * Every kind of work (issue 45) in every output, read back by code nobody here wrote: citeproc-js with the
 * official APA and IEEE styles, Citation.js and @retorquere/bibtex-parser for BibTeX, astrocite-ris for RIS
 * (its grammar for the tags as written, its reader for the type it gives them). A paper not yet in its venue
 * (a preprint or submitted article, conference paper or chapter) is written as every unpublished paper was
 * before kinds.
 */

// astrocite-ris's grammar: each record's type and its tags in order, as written. CommonJS without types.
const require = createRequire(path.join(process.cwd(), 'package.json'));
const risGrammar = require('astrocite-ris/lib/grammar.js') as { parse(text: string): { children: { type: string; properties: { key: string; value: string }[] }[] } };

const common = { title: 'Primes in short intervals', abstract: '', authors: ['Alex Morgan', 'Priya Raman'], date: '2022-08-10' } satisfies Partial<ResearchPaper>;
const ISBN = '978-3-16-148410-0';

/** One paper of each kind, each with its kind's venue fields filled as the editor would store them. */
const KINDS: Record<PaperKind, ResearchPaper> = {
  article: paper({ ...common, kind: 'article', journal: 'Journal of Number Theory', volume: '241', issue: '3', pages: '1-37', doi: '10.1016/j.jnt.2022.01.001' }),
  conference: paper({
    ...common,
    kind: 'conference',
    journal: 'Proceedings of the Fifteenth Algorithmic Number Theory Symposium',
    eventName: 'ANTS XV',
    eventPlace: 'Bristol',
    eventStart: '2022-08-08',
    eventEnd: '2022-08-12',
    editors: ['Jane Smith'],
    volume: '7',
    pages: '12–30',
    publisher: 'Mathematical Sciences Publishers',
  }),
  book: paper({ ...common, kind: 'book', publisher: 'Springer', edition: '2', isbn: ISBN }),
  chapter: paper({ ...common, kind: 'chapter', journal: 'Handbook of Analytic Number Theory', editors: ['Anne Editor', 'Bob Other'], pages: '1–20', publisher: 'Springer', isbn: ISBN }),
  'phd-thesis': paper({ ...common, kind: 'phd-thesis', institution: 'University of Oxford' }),
  'masters-thesis': paper({ ...common, kind: 'masters-thesis', institution: 'Imperial College London' }),
  report: paper({ ...common, kind: 'report', institution: 'Institut Mittag-Leffler', reportNumber: '17' }),
  preprint: paper({ ...common, kind: 'preprint', journal: 'arXiv', arxivId: '2403.01234' }),
  dataset: paper({ ...common, kind: 'dataset', journal: 'Zenodo', doi: '10.5281/zenodo.1234' }),
  software: paper({ ...common, kind: 'software', journal: 'GitHub', link: 'https://github.com/alex/primes' }),
  other: paper({ ...common, kind: 'other', journal: 'Oberwolfach Reports', publisher: 'EMS Press' }),
};

/** An article on arXiv, not yet in the journal it names (whose volume it already has). */
const unpublishedArticle = paper({ ...common, kind: 'article', status: 'preprint', journal: 'Annals of Mathematics', volume: '199', arxivId: '2403.01234' });

function styles(of: ResearchPaper): Record<string, string> {
  return Object.fromEntries(formatCitations(of).styles.map((style) => [style.id, style.text]));
}

/** The one record of a RIS text: its type and its tags as written (ER left out). */
function risTags(of: ResearchPaper): { type: string; tags: [string, string][] } {
  const [record, ...others] = risGrammar.parse(toRis(of)).children;
  expect(others).toEqual([]);
  return { type: record!.type, tags: record!.properties.map(({ key, value }): [string, string] => [key, value]) };
}

/** The one entry of a BibTeX text as @retorquere/bibtex-parser reads it (the import's options): its type and fields. */
function readWithRetorquere(bib: string): { type: string; fields: Record<string, unknown> } {
  const library = parseWithRetorquere(bib, PARSE_OPTIONS);
  expect(library.errors).toEqual([]);
  expect(library.entries).toHaveLength(1);
  return { type: library.entries[0]!.type, fields: library.entries[0]!.fields as Record<string, unknown> };
}

/** The one entry of a BibTeX text as Citation.js reads it: a CSL-JSON item. */
function readWithCitationJs(bib: string): Record<string, unknown> {
  const items = new Cite(bib).data as Record<string, unknown>[];
  expect(items).toHaveLength(1);
  return items[0]!;
}

const authors = [
  { lastName: 'Morgan', firstName: 'Alex' },
  { lastName: 'Raman', firstName: 'Priya' },
];

describe('each kind in the CSL styles (citeproc-js, the official APA and IEEE styles)', () => {
  it('a journal article: APA "Journal, volume(issue), pages", IEEE "vol., no., pp."', () => {
    const { apa, ieee } = styles(KINDS.article);
    expect(apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals. Journal of Number Theory, 241(3), 1–37. https://doi.org/10.1016/j.jnt.2022.01.001');
    expect(ieee).toBe('[1] A. Morgan and P. Raman, “Primes in short intervals,” Journal of Number Theory, vol. 241, no. 3, pp. 1–37, Aug. 2022, doi: 10.1016/j.jnt.2022.01.001.');
  });

  it('a journal article with an article number and no pages: APA "Article e123", IEEE "Art. no. e123"', () => {
    const numbered = paper({ ...KINDS.article, pages: '', articleNumber: 'e123', doi: null });
    const { apa, ieee } = styles(numbered);
    expect(apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals. Journal of Number Theory, 241(3), Article e123.');
    expect(ieee).toContain('Journal of Number Theory, vol. 241, no. 3, Art. no. e123, Aug. 2022.');
  });

  it('a conference paper: APA with its editor, the proceedings, volume and pages; IEEE "in Proceedings, place, date"', () => {
    const { apa, ieee, chicago } = styles(KINDS.conference);
    expect(apa).toBe(
      'Morgan, A., & Raman, P. (2022). Primes in short intervals. In J. Smith (Ed.), Proceedings of the Fifteenth Algorithmic Number Theory Symposium (Vol. 7, pp. 12–30). Mathematical Sciences Publishers.',
    );
    expect(ieee).toBe('[1] A. Morgan and P. Raman, “Primes in short intervals,” in Proceedings of the Fifteenth Algorithmic Number Theory Symposium, Bristol, Aug. 2022, vol. 7, pp. 12–30.');
    // The conference's place is not the publisher's.
    expect(chicago).not.toContain('Bristol: Mathematical Sciences Publishers');
  });

  it('a chapter: APA "In A. Editor & B. Other (Eds.), Book (pp. 1–20). Publisher."; IEEE "in Book, A. Editor and B. Other, Eds."', () => {
    const { apa, ieee } = styles(KINDS.chapter);
    expect(apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals. In A. Editor & B. Other (Eds.), Handbook of Analytic Number Theory (pp. 1–20). Springer.');
    expect(ieee).toBe('[1] A. Morgan and P. Raman, “Primes in short intervals,” in Handbook of Analytic Number Theory, A. Editor and B. Other, Eds. Springer, 2022, pp. 1–20.');
  });

  it('a book: its edition and publisher', () => {
    const { apa, ieee } = styles(KINDS.book);
    expect(apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals (2nd ed.). Springer.');
    expect(ieee).toBe('[1] A. Morgan and P. Raman, Primes in short intervals, 2nd ed. Springer, 2022.');
  });

  it('a PhD thesis and a master’s thesis: the degree and the institution', () => {
    expect(styles(KINDS['phd-thesis']).apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals [PhD thesis]. University of Oxford.');
    expect(styles(KINDS['phd-thesis']).ieee).toBe('[1] A. Morgan and P. Raman, “Primes in short intervals,” PhD thesis, University of Oxford, 2022.');
    expect(styles(KINDS['masters-thesis']).apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals [Master’s thesis]. Imperial College London.');
  });

  it('a technical report: its number and institution', () => {
    const { apa, ieee } = styles(KINDS.report);
    expect(apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals (Technical Report No. 17). Institut Mittag-Leffler.');
    expect(ieee).toBe('[1] A. Morgan and P. Raman, “Primes in short intervals,” Institut Mittag-Leffler, Technical report 17, Aug. 2022.');
  });

  it('a preprint, a dataset, software and other work: their repository or publisher', () => {
    expect(styles(KINDS.preprint).apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals (Preprint arXiv:2403.01234). arXiv. https://arxiv.org/abs/2403.01234');
    expect(styles(KINDS.dataset).apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals [Data set]. Zenodo. https://doi.org/10.5281/zenodo.1234');
    expect(styles(KINDS.software).apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals. GitHub. https://github.com/alex/primes');
    expect(styles(KINDS.other).apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals. In Oberwolfach Reports. EMS Press.');
    // A preprint elsewhere than arXiv: its repository is its publisher.
    expect(styles(paper({ ...KINDS.preprint, journal: 'SSRN', arxivId: null })).apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals [Preprint]. SSRN.');
  });

  it('formats every kind in all four styles (a style that fails on a paper is left out)', () => {
    for (const [kind, one] of Object.entries(KINDS)) expect(formatCitations(one).styles.map((style) => style.id), kind).toEqual(['apa', 'chicago', 'ieee', 'springer-mathphys']);
  });

  it('gives each kind its CSL type and variables, the conference its event', () => {
    const types = Object.fromEntries(Object.entries(KINDS).map(([kind, one]) => [kind, toCslItem(one, 'p').type]));
    expect(types).toEqual({
      article: 'article-journal',
      conference: 'paper-conference',
      book: 'book',
      chapter: 'chapter',
      'phd-thesis': 'thesis',
      'masters-thesis': 'thesis',
      report: 'report',
      preprint: 'article',
      dataset: 'dataset',
      software: 'software',
      other: 'document',
    });
    expect(toCslItem(KINDS.conference, 'p')).toMatchObject({
      'container-title': 'Proceedings of the Fifteenth Algorithmic Number Theory Symposium',
      editor: [{ given: 'Jane', family: 'Smith' }],
      event: 'ANTS XV',
      'event-place': 'Bristol',
      'event-date': { 'date-parts': [[2022, 8, 8], [2022, 8, 12]] },
      volume: '7',
      page: '12–30',
      publisher: 'Mathematical Sciences Publishers',
    });
    expect(toCslItem(KINDS.conference, 'p')).not.toHaveProperty('publisher-place');
    expect(toCslItem(KINDS.book, 'p')).toMatchObject({ publisher: 'Springer', edition: '2', ISBN: ISBN });
    expect(toCslItem(KINDS.report, 'p')).toMatchObject({ publisher: 'Institut Mittag-Leffler', number: '17', genre: 'Technical report' });
    expect(toCslItem(KINDS['phd-thesis'], 'p')).toMatchObject({ publisher: 'University of Oxford', genre: 'PhD thesis' });
    // A one-day conference: one date.
    expect(toCslItem(paper({ ...KINDS.conference, eventEnd: null }), 'p')['event-date']).toEqual({ 'date-parts': [[2022, 8, 8]] });
  });

  it('writes only the fields of a paper’s kind, whatever else it holds', () => {
    const stray = { publisher: 'Elsevier', editors: ['Stray Editor'], isbn: ISBN, institution: 'Stray University', eventPlace: 'Nowhere' };
    const article = paper({ ...KINDS.article, ...stray });
    expect(toCslItem(article, 'p')).not.toHaveProperty('publisher');
    expect(toCslItem(article, 'p')).not.toHaveProperty('editor');
    expect(toCslItem(article, 'p')).not.toHaveProperty('ISBN');
    expect(toRis(article)).not.toMatch(/^(PB|A2|A3|SN|CY) /m);
    expect(toBibtex(article, 'k')).not.toMatch(/publisher|editor|isbn|school|address/);
    expect(highwireTags(article, undefined)).not.toHaveProperty('citation_publisher');
    const thesis = paper({ ...KINDS['phd-thesis'], ...stray, institution: 'University of Oxford', journal: 'Stray Journal' });
    expect(styles(thesis).apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals [PhD thesis]. University of Oxford.');
    expect(toBibtex(thesis, 'k')).not.toMatch(/journal|publisher|editor|isbn/);
  });
});

describe('each kind in BibTeX, read back by Citation.js and @retorquere/bibtex-parser', () => {
  it('a journal article: @article with volume, number and pages 1--37', () => {
    const bib = toBibtex(KINDS.article, 'morgan2022primes');
    expect(bib).toContain('  pages = {1--37},\n');
    expect(readWithRetorquere(bib)).toEqual({
      type: 'article',
      fields: { title: 'Primes in short intervals', author: authors, journal: 'Journal of Number Theory', volume: '241', number: '3', pages: '1–37', year: '2022', month: '8', doi: '10.1016/j.jnt.2022.01.001' },
    });
    expect(readWithCitationJs(bib)).toMatchObject({ type: 'article-journal', 'container-title': 'Journal of Number Theory', volume: '241', issue: '3', page: '1-37' });
    // An article number is biblatex's eid, which Citation.js reads as the CSL number.
    expect(readWithCitationJs(toBibtex(paper({ ...KINDS.article, pages: '', articleNumber: 'e123' }), 'k'))).toMatchObject({ number: 'e123' });
  });

  it('a conference paper: @inproceedings with booktitle, editor, publisher, the place as address and venue, eventtitle and eventdate', () => {
    const bib = toBibtex(KINDS.conference, 'k');
    expect(readWithRetorquere(bib)).toEqual({
      type: 'inproceedings',
      fields: {
        title: 'Primes in short intervals',
        author: authors,
        booktitle: 'Proceedings of the Fifteenth Algorithmic Number Theory Symposium',
        editor: [{ lastName: 'Smith', firstName: 'Jane' }],
        volume: '7',
        pages: '12–30',
        publisher: ['Mathematical Sciences Publishers'],
        address: 'Bristol',
        eventtitle: 'ANTS XV',
        eventdate: '2022-08-08/2022-08-12',
        venue: 'Bristol',
        year: '2022',
        month: '8',
      },
    });
    expect(readWithCitationJs(bib)).toMatchObject({
      type: 'paper-conference',
      'container-title': 'Proceedings of the Fifteenth Algorithmic Number Theory Symposium',
      editor: [{ given: 'Jane', family: 'Smith' }],
      'event-title': 'ANTS XV',
      'event-place': 'Bristol',
      'event-date': { 'date-parts': [[2022, 8, 8], [2022, 8, 12]] },
      publisher: 'Mathematical Sciences Publishers',
      page: '12-30',
    });
  });

  it('a chapter: @incollection with booktitle, editors joined by "and", pages, publisher and ISBN', () => {
    const bib = toBibtex(KINDS.chapter, 'k');
    expect(bib).toContain('  editor = {Anne Editor and Bob Other},\n');
    expect(readWithRetorquere(bib)).toMatchObject({
      type: 'incollection',
      fields: {
        booktitle: 'Handbook of Analytic Number Theory',
        editor: [
          { lastName: 'Editor', firstName: 'Anne' },
          { lastName: 'Other', firstName: 'Bob' },
        ],
        pages: '1–20',
        publisher: ['Springer'],
        isbn: ISBN,
      },
    });
    expect(readWithCitationJs(bib)).toMatchObject({ type: 'chapter', 'container-title': 'Handbook of Analytic Number Theory', editor: [{ family: 'Editor' }, { family: 'Other' }], ISBN });
  });

  it('a book, the theses, a report: @book, @phdthesis and @mastersthesis with their school, @techreport with institution and number', () => {
    expect(readWithRetorquere(toBibtex(KINDS.book, 'k'))).toMatchObject({ type: 'book', fields: { publisher: ['Springer'], edition: '2', isbn: ISBN } });
    expect(readWithCitationJs(toBibtex(KINDS.book, 'k'))).toMatchObject({ type: 'book', publisher: 'Springer', edition: '2', ISBN });
    expect(readWithRetorquere(toBibtex(KINDS['phd-thesis'], 'k'))).toMatchObject({ type: 'phdthesis', fields: { school: 'University of Oxford' } });
    expect(readWithCitationJs(toBibtex(KINDS['phd-thesis'], 'k'))).toMatchObject({ type: 'thesis', publisher: 'University of Oxford' });
    expect(readWithRetorquere(toBibtex(KINDS['masters-thesis'], 'k'))).toMatchObject({ type: 'mastersthesis', fields: { school: 'Imperial College London' } });
    expect(readWithCitationJs(toBibtex(KINDS['masters-thesis'], 'k'))).toMatchObject({ type: 'thesis', publisher: 'Imperial College London' });
    expect(readWithRetorquere(toBibtex(KINDS.report, 'k'))).toMatchObject({ type: 'techreport', fields: { institution: ['Institut Mittag-Leffler'], number: '17' } });
    expect(readWithCitationJs(toBibtex(KINDS.report, 'k'))).toMatchObject({ type: 'report', publisher: 'Institut Mittag-Leffler', number: '17' });
  });

  it('a dataset and software: @misc, which every reader takes (bibtool refuses biblatex’s @dataset and @software), their repository as howpublished and what they are as note', () => {
    expect(readWithRetorquere(toBibtex(KINDS.dataset, 'k'))).toMatchObject({ type: 'misc', fields: { howpublished: 'Zenodo', note: 'Dataset', doi: '10.5281/zenodo.1234' } });
    expect(readWithCitationJs(toBibtex(KINDS.dataset, 'k'))).toMatchObject({ type: 'document', publisher: 'Zenodo', note: 'Dataset' });
    expect(readWithRetorquere(toBibtex(KINDS.software, 'k'))).toMatchObject({ type: 'misc', fields: { howpublished: 'GitHub', note: 'Software', url: 'https://github.com/alex/primes' } });
    expect(readWithCitationJs(toBibtex(KINDS.software, 'k'))).toMatchObject({ type: 'document', publisher: 'GitHub', URL: 'https://github.com/alex/primes' });
    // A publisher given besides the repository is the publisher.
    expect(readWithCitationJs(toBibtex(paper({ ...KINDS.dataset, publisher: 'CERN' }), 'k'))).toMatchObject({ publisher: 'CERN' });
  });


  it('a preprint and other work: @misc, the repository as a note as before, other work’s venue as howpublished', () => {
    expect(readWithRetorquere(toBibtex(KINDS.preprint, 'k'))).toMatchObject({ type: 'misc', fields: { note: 'arXiv', eprint: '2403.01234', archiveprefix: 'arXiv' } });
    expect(readWithRetorquere(toBibtex(KINDS.other, 'k'))).toMatchObject({ type: 'misc', fields: { howpublished: 'Oberwolfach Reports', publisher: ['EMS Press'] } });
    expect(readWithCitationJs(toBibtex(KINDS.other, 'k'))).toMatchObject({ type: 'document', publisher: 'EMS Press' });
  });

  it('escapes every new field as it escapes the title: a book title with braces and an @ stays one field', () => {
    const hostile = paper({ ...KINDS.chapter, journal: 'X}, publisher = {Evil @string{x}', editors: ['Ö. Gödel, Jr', 'A and B'], publisher: '50% & $5' });
    const bib = toBibtex(hostile, 'k');
    const read = readWithRetorquere(bib);
    expect(Object.keys(read.fields).sort()).toEqual(['author', 'booktitle', 'editor', 'isbn', 'month', 'pages', 'publisher', 'title', 'year']);
    expect(read.fields.booktitle).toBe('X}, publisher = {Evil @string{x}');
    expect(read.fields.publisher).toEqual(['50% & $5']);
    expect(read.fields.editor).toHaveLength(2);
    expect(readWithCitationJs(bib)).toMatchObject({ 'container-title': 'X}, publisher = {Evil @string{x}', publisher: '50% & $5' });
  });
});

describe('each kind in RIS, read back by astrocite-ris', () => {
  const head = [
    ['TI', 'Primes in short intervals'],
    ['AU', 'Morgan, Alex'],
    ['AU', 'Raman, Priya'],
  ];
  const dated = [
    ['PY', '2022'],
    ['DA', '2022/08/10'],
  ];

  it('a journal article: JOUR with T2, VL, IS, SP and EP; an article number as C7', () => {
    expect(risTags(KINDS.article)).toEqual({
      type: 'JOUR',
      tags: [...head, ...dated, ['T2', 'Journal of Number Theory'], ['VL', '241'], ['IS', '3'], ['SP', '1'], ['EP', '37'], ['DO', '10.1016/j.jnt.2022.01.001']],
    });
    expect(risTags(paper({ ...KINDS.article, pages: '', articleNumber: 'e123', doi: null })).tags).toContainEqual(['C7', 'e123']);
    expect(parseRis(toRis(KINDS.article))[0]).toMatchObject({ type: 'article-journal', 'container-title': 'Journal of Number Theory', volume: '241', issue: '3', page: '1-37' });
  });

  it('a conference paper: CPAPER with its editors (A2), the conference (T2), the proceedings (C3), its place (CY)', () => {
    expect(risTags(KINDS.conference)).toEqual({
      type: 'CPAPER',
      tags: [
        ...head,
        ['A2', 'Smith, Jane'],
        ...dated,
        ['T2', 'ANTS XV'],
        ['C3', 'Proceedings of the Fifteenth Algorithmic Number Theory Symposium'],
        ['CY', 'Bristol'],
        ['VL', '7'],
        ['SP', '12'],
        ['EP', '30'],
        ['PB', 'Mathematical Sciences Publishers'],
      ],
    });
    expect(parseRis(toRis(KINDS.conference))[0]).toMatchObject({ type: 'paper-conference', page: '12-30', publisher: 'Mathematical Sciences Publishers' });
  });

  it('a chapter: CHAP with its editors (A2), the book (T2), pages, publisher and ISBN (SN); a book: BOOK, its editors as A3', () => {
    expect(risTags(KINDS.chapter)).toEqual({
      type: 'CHAP',
      tags: [...head, ['A2', 'Editor, Anne'], ['A2', 'Other, Bob'], ...dated, ['T2', 'Handbook of Analytic Number Theory'], ['SP', '1'], ['EP', '20'], ['PB', 'Springer'], ['SN', ISBN]],
    });
    expect(parseRis(toRis(KINDS.chapter))[0]).toMatchObject({ type: 'chapter', 'container-title': 'Handbook of Analytic Number Theory', ISBN });
    expect(risTags(paper({ ...KINDS.book, editors: ['Anne Editor'] }))).toEqual({
      type: 'BOOK',
      tags: [...head, ['A3', 'Editor, Anne'], ...dated, ['PB', 'Springer'], ['ET', '2'], ['SN', ISBN]],
    });
    expect(parseRis(toRis(KINDS.book))[0]).toMatchObject({ type: 'book', publisher: 'Springer', edition: '2', ISBN });
  });

  it('the theses: THES with the university (PB) and the thesis type (M3); a report: RPRT with its institution, number (SN) and type', () => {
    expect(risTags(KINDS['phd-thesis'])).toEqual({ type: 'THES', tags: [...head, ...dated, ['PB', 'University of Oxford'], ['M3', 'PhD thesis']] });
    expect(risTags(KINDS['masters-thesis']).tags).toContainEqual(['M3', "Master's thesis"]);
    expect(parseRis(toRis(KINDS['phd-thesis']))[0]).toMatchObject({ type: 'thesis', publisher: 'University of Oxford', genre: 'PhD thesis' });
    expect(risTags(KINDS.report)).toEqual({ type: 'RPRT', tags: [...head, ...dated, ['PB', 'Institut Mittag-Leffler'], ['SN', '17'], ['M3', 'Technical report']] });
    // astrocite-ris reads a report's SN as its number, as the specification's RPRT has it.
    expect(parseRis(toRis(KINDS.report))[0]).toMatchObject({ type: 'report', publisher: 'Institut Mittag-Leffler', number: '17' });
  });

  it('a preprint UNPB, a dataset DATA, software COMP, other work GEN: each with its repository or publisher (PB)', () => {
    expect(risTags(KINDS.preprint)).toEqual({ type: 'UNPB', tags: [...head, ...dated, ['PB', 'arXiv'], ['UR', 'https://arxiv.org/abs/2403.01234']] });
    expect(risTags(KINDS.dataset)).toEqual({ type: 'DATA', tags: [...head, ...dated, ['PB', 'Zenodo'], ['DO', '10.5281/zenodo.1234']] });
    expect(parseRis(toRis(KINDS.dataset))[0]).toMatchObject({ type: 'dataset', publisher: 'Zenodo' });
    expect(risTags(KINDS.software)).toEqual({ type: 'COMP', tags: [...head, ...dated, ['PB', 'GitHub'], ['UR', 'https://github.com/alex/primes']] });
    expect(risTags(KINDS.other)).toEqual({ type: 'GEN', tags: [...head, ...dated, ['T2', 'Oberwolfach Reports'], ['PB', 'EMS Press']] });
  });
});

describe('each kind in Google Scholar’s tags', () => {
  const tags = (of: ResearchPaper) => {
    const { citation_title, citation_author, citation_publication_date, ...venue } = highwireTags(of, undefined);
    expect([citation_title, citation_author, citation_publication_date]).toEqual(['Primes in short intervals', ['Alex Morgan', 'Priya Raman'], '2022/08/10']);
    return venue;
  };

  it('gives each kind its venue’s tags, and no other kind’s', () => {
    expect(tags(KINDS.article)).toEqual({
      citation_journal_title: 'Journal of Number Theory',
      citation_volume: '241',
      citation_issue: '3',
      citation_firstpage: '1',
      citation_lastpage: '37',
      citation_doi: '10.1016/j.jnt.2022.01.001',
    });
    expect(tags(KINDS.conference)).toEqual({
      citation_conference_title: 'Proceedings of the Fifteenth Algorithmic Number Theory Symposium',
      citation_volume: '7',
      citation_firstpage: '12',
      citation_lastpage: '30',
      citation_publisher: 'Mathematical Sciences Publishers',
      citation_editor: ['Jane Smith'],
    });
    expect(tags(KINDS.chapter)).toEqual({
      citation_inbook_title: 'Handbook of Analytic Number Theory',
      citation_firstpage: '1',
      citation_lastpage: '20',
      citation_publisher: 'Springer',
      citation_isbn: ISBN,
      citation_editor: ['Anne Editor', 'Bob Other'],
    });
    expect(tags(KINDS.book)).toEqual({ citation_publisher: 'Springer', citation_isbn: ISBN });
    expect(tags(KINDS['phd-thesis'])).toEqual({ citation_dissertation_institution: 'University of Oxford' });
    expect(tags(KINDS['masters-thesis'])).toEqual({ citation_dissertation_institution: 'Imperial College London' });
    expect(tags(KINDS.report)).toEqual({ citation_technical_report_institution: 'Institut Mittag-Leffler', citation_technical_report_number: '17' });
    expect(tags(KINDS.preprint)).toEqual({ citation_publisher: 'arXiv', citation_arxiv_id: '2403.01234' });
    expect(tags(KINDS.dataset)).toEqual({ citation_publisher: 'Zenodo', citation_doi: '10.5281/zenodo.1234' });
    expect(tags(KINDS.software)).toEqual({ citation_publisher: 'GitHub' });
    expect(tags(KINDS.other)).toEqual({ citation_publisher: 'EMS Press' });
  });

  it('names the conference by its name when the proceedings have no title, and gives one page as the first', () => {
    expect(tags(paper({ ...KINDS.conference, journal: '', pages: '12' }))).toMatchObject({ citation_conference_title: 'ANTS XV', citation_firstpage: '12' });
    expect(tags(paper({ ...KINDS.conference, journal: '', pages: '12' }))).not.toHaveProperty('citation_lastpage');
  });
});

describe('each kind in JSON-LD', () => {
  const data = (of: ResearchPaper) => researchPaperData(of, 'https://alex.example');

  it('a journal article: a ScholarlyArticle in its issue, in its volume, in its journal, with its pages', () => {
    expect(data(KINDS.article)).toMatchObject({
      '@type': 'ScholarlyArticle',
      isPartOf: {
        '@type': 'PublicationIssue',
        issueNumber: '3',
        isPartOf: { '@type': 'PublicationVolume', volumeNumber: '241', isPartOf: { '@type': 'Periodical', name: 'Journal of Number Theory' } },
      },
      pagination: '1–37',
      pageStart: '1',
      pageEnd: '37',
    });
    // No issue: the volume is in the journal; neither: the article is.
    expect(data(paper({ ...KINDS.article, issue: '' })).isPartOf).toEqual({ '@type': 'PublicationVolume', volumeNumber: '241', isPartOf: { '@type': 'Periodical', name: 'Journal of Number Theory' } });
    expect(data(paper({ ...KINDS.article, issue: '', volume: '' })).isPartOf).toEqual({ '@type': 'Periodical', name: 'Journal of Number Theory' });
  });

  it('a conference paper in its proceedings; a chapter in its Book, with editors, publisher and ISBN; a book with its own', () => {
    expect(data(KINDS.conference)).toMatchObject({
      '@type': 'ScholarlyArticle',
      isPartOf: { '@type': 'Book', name: 'Proceedings of the Fifteenth Algorithmic Number Theory Symposium', editor: [{ '@type': 'Person', name: 'Jane Smith' }], publisher: { '@type': 'Organization', name: 'Mathematical Sciences Publishers' } },
      pageStart: '12',
      pageEnd: '30',
    });
    expect(data(KINDS.chapter)).toMatchObject({
      '@type': 'Chapter',
      isPartOf: {
        '@type': 'Book',
        name: 'Handbook of Analytic Number Theory',
        editor: [
          { '@type': 'Person', name: 'Anne Editor' },
          { '@type': 'Person', name: 'Bob Other' },
        ],
        publisher: { '@type': 'Organization', name: 'Springer' },
        isbn: ISBN,
      },
      pagination: '1–20',
    });
    expect(data(KINDS.book)).toMatchObject({ '@type': 'Book', publisher: { '@type': 'Organization', name: 'Springer' }, bookEdition: '2', isbn: ISBN });
    expect(data(KINDS.book)).not.toHaveProperty('isPartOf');
  });

  it('a thesis with its institution and degree, a Report with its number, a Dataset in its catalogue, SoftwareSourceCode, other work', () => {
    const oxford = { '@type': 'Organization', name: 'University of Oxford' };
    expect(data(KINDS['phd-thesis'])).toMatchObject({ '@type': 'Thesis', sourceOrganization: oxford, publisher: oxford, inSupportOf: 'PhD' });
    expect(data(KINDS['masters-thesis'])).toMatchObject({ '@type': 'Thesis', inSupportOf: "Master's degree" });
    expect(data(KINDS.report)).toMatchObject({ '@type': 'Report', reportNumber: '17', publisher: { '@type': 'Organization', name: 'Institut Mittag-Leffler' } });
    expect(data(KINDS.dataset)).toMatchObject({ '@type': 'Dataset', includedInDataCatalog: { '@type': 'DataCatalog', name: 'Zenodo' }, publisher: { name: 'Zenodo' } });
    expect(data(KINDS.software)).toMatchObject({ '@type': 'SoftwareSourceCode', publisher: { name: 'GitHub' }, sameAs: 'https://github.com/alex/primes' });
    expect(data(KINDS.preprint)).toMatchObject({ '@type': 'ScholarlyArticle', publisher: { name: 'arXiv' } });
    expect(data(KINDS.preprint)).not.toHaveProperty('isPartOf');
    expect(data(KINDS.other)).toMatchObject({ '@type': 'ScholarlyArticle', isPartOf: { '@type': 'CreativeWork', name: 'Oberwolfach Reports' }, publisher: { name: 'EMS Press' } });
  });
});

describe('a paper not yet in its venue is written as before kinds', () => {
  it('an article on arXiv: an "article" Preprint with arXiv as publisher, RIS UNPB, BibTeX @misc with its journal as a note; no volume anywhere', () => {
    expect(toCslItem(unpublishedArticle, 'p')).toEqual({
      id: 'p',
      type: 'article',
      title: 'Primes in short intervals',
      author: [
        { given: 'Alex', family: 'Morgan' },
        { given: 'Priya', family: 'Raman' },
      ],
      issued: { 'date-parts': [[2022, 8, 10]] },
      genre: 'Preprint',
      publisher: 'arXiv',
      number: 'arXiv:2403.01234',
      URL: 'https://arxiv.org/abs/2403.01234',
    });
    expect(styles(unpublishedArticle).apa).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals (Preprint arXiv:2403.01234). arXiv. https://arxiv.org/abs/2403.01234');
    expect(risTags(unpublishedArticle)).toEqual({ type: 'UNPB', tags: [...[['TI', 'Primes in short intervals'], ['AU', 'Morgan, Alex'], ['AU', 'Raman, Priya']], ['PY', '2022'], ['DA', '2022/08/10'], ['UR', 'https://arxiv.org/abs/2403.01234']] });
    expect(readWithRetorquere(toBibtex(unpublishedArticle, 'k'))).toEqual({
      type: 'misc',
      fields: { title: 'Primes in short intervals', author: authors, note: 'Annals of Mathematics', year: '2022', month: '8', eprint: '2403.01234', archiveprefix: 'arXiv' },
    });
    // Scholar's tags and JSON-LD name its journal, as they did.
    expect(highwireTags(unpublishedArticle, undefined)).toMatchObject({ citation_journal_title: 'Annals of Mathematics', citation_arxiv_id: '2403.01234' });
    expect(highwireTags(unpublishedArticle, undefined)).not.toHaveProperty('citation_volume');
    expect(researchPaperData(unpublishedArticle)).toMatchObject({ '@type': 'ScholarlyArticle', isPartOf: { '@type': 'Periodical', name: 'Annals of Mathematics' } });
  });

  it('a submitted chapter or conference paper: a manuscript, with none of its venue’s fields', () => {
    for (const kind of ['chapter', 'conference'] as const) {
      const submitted = paper({ ...KINDS[kind], status: 'submitted' });
      expect(toCslItem(submitted, 'p'), kind).toMatchObject({ type: 'article', genre: 'Manuscript submitted for publication' });
      expect(toCslItem(submitted, 'p'), kind).not.toHaveProperty('container-title');
      expect(toCslItem(submitted, 'p'), kind).not.toHaveProperty('editor');
      expect(styles(submitted).apa, kind).toBe('Morgan, A., & Raman, P. (2022). Primes in short intervals [Manuscript submitted for publication].');
      expect(risTags(submitted).type, kind).toBe('UNPB');
      expect(risTags(submitted).tags.map(([tag]) => tag), kind).toEqual(['TI', 'AU', 'AU', 'PY', 'DA']);
      expect(readWithRetorquere(toBibtex(submitted, 'k')), kind).toMatchObject({ type: 'misc', fields: { note: submitted.journal } });
      expect(toBibtex(submitted, 'k'), kind).not.toMatch(/booktitle|editor|pages|publisher/);
      expect(Object.keys(highwireTags(submitted, undefined)).sort(), kind).toEqual(['citation_author', 'citation_publication_date', 'citation_title']);
      expect(researchPaperData(submitted), kind).not.toHaveProperty('isPartOf');
    }
  });

  it('a thesis is a thesis whatever its status', () => {
    expect(toCslItem(paper({ ...KINDS['phd-thesis'], status: 'submitted' }), 'p')).toMatchObject({ type: 'thesis', publisher: 'University of Oxford' });
  });
});

describe("each kind in BibTeX, read by bibtool (Debian's, a C reader of .bib files)", () => {
  it('reads every entry without an error or a warning, with its type and key, and writes back each field', () => {
    const bib = Object.entries(KINDS)
      .map(([kind, one]) => toBibtex(one, `k-${kind}`))
      .join('\n');
    // bibtool prints what it read, normalised, on stdout, and its complaints on stderr.
    const run = spawnSync('bibtool', ['-q', '--', 'print.line.length=1000'], { input: bib, encoding: 'utf8' });
    expect(run.error, 'bibtool runs (apt-get install bibtool; .ci/run installs it)').toBeUndefined();
    expect(run.stderr).not.toMatch(/ERROR|WARNING/);
    expect(run.status).toBe(0);
    const entries = [...run.stdout.matchAll(/^@(\w+)\{\s*([\w-]+),/gm)].map(([, type, key]) => `${type!.toLowerCase()} ${key}`);
    expect(entries).toEqual([
      'article k-article',
      'inproceedings k-conference',
      'book k-book',
      'incollection k-chapter',
      'phdthesis k-phd-thesis',
      'mastersthesis k-masters-thesis',
      'techreport k-report',
      'misc k-preprint',
      'misc k-dataset',
      'misc k-software',
      'misc k-other',
    ]);
    for (const field of ['volume', 'number', 'pages', 'booktitle', 'editor', 'isbn', 'school', 'institution', 'edition', 'publisher', 'howpublished']) {
      expect(run.stdout, field).toMatch(new RegExp(`^\\s+${field}\\s+=`, 'm'));
    }
  });
});
