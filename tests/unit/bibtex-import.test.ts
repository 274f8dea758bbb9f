import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { normalizedTitle, previewBibtex } from '@/lib/content/research/bibtex-import';
import { BIBTEX_LIMITS } from '@/lib/content/research/bibtex-limits';
import { toBibtex, toBibtexFile } from '@/lib/content/research/scholar';
import type { ResearchPaper } from '@/lib/content/research/types';
import { checkBibtexImport, checkBibtexText } from '@/lib/validation/bibtex';
import { checkPaper, normalizeArxivId, normalizeDoi, PAPER_ARXIV_INVALID, PAPER_DOI_INVALID, RESEARCH_LIMITS } from '@/lib/validation/research';
import { EMPTY_VENUE } from '../fixtures/papers';

const bibliography = fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/bibliography.bib'), 'utf8');

const stored = (overrides: Partial<ResearchPaper> = {}): ResearchPaper => ({
  id: '3f2b8c1e-5d4a-4e6b-9c7d-8a1b2c3d4e5f',
  title: 'On the zeros of $\\zeta(s)$ near the line',
  abstract: 'We bound $N(\\sigma, T)$ for $\\sigma > 1/2$.',
  authors: ['Kurt Gödel', 'Paul Erdős', 'B. L. van der Waerden'],
  date: '2024-03-05',
  journal: 'Annals of Mathematics',
  link: 'https://example.org/zeros',
  pdfUrl: null,
  tags: ['zeta', 'zeros'],
  doi: '10.4007/annals.2024.1',
  arxivId: '2403.00001',
  status: 'published',
  updatedAt: '2024-03-06T00:00:00.000Z',
  ...EMPTY_VENUE,
  ...overrides,
});

const byKey = (key: string) => {
  const entry = previewBibtex(bibliography, []).entries.find((candidate) => candidate.key === key);
  if (!entry) throw new Error(`no entry ${key}`);
  return entry;
};

describe('DOI and arXiv identifiers', () => {
  it('stores a DOI without its resolver address or prefix and refuses what is not a DOI', () => {
    expect(normalizeDoi('10.1007/BF01700692')).toBe('10.1007/BF01700692');
    expect(normalizeDoi(' https://doi.org/10.1073/pnas.35.7.374 ')).toBe('10.1073/pnas.35.7.374');
    expect(normalizeDoi('http://dx.doi.org/10.1000/a%2Fb')).toBe('10.1000/a/b');
    expect(normalizeDoi('doi:10.48550/arXiv.2403.01234')).toBe('10.48550/arXiv.2403.01234');
    expect(normalizeDoi('https://evil.example/10.1000/x')).toBeNull();
    expect(normalizeDoi('11.1000/x')).toBeNull();
    expect(normalizeDoi('10.12/x')).toBeNull();
    expect(normalizeDoi('10.1000/has space')).toBeNull();
  });

  it('stores an arXiv identifier in either style without its prefix or address', () => {
    expect(normalizeArxivId('2403.01234')).toBe('2403.01234');
    expect(normalizeArxivId('arXiv:2403.01234v2')).toBe('2403.01234v2');
    expect(normalizeArxivId('https://arxiv.org/abs/2403.01234')).toBe('2403.01234');
    expect(normalizeArxivId('https://arxiv.org/pdf/math/0601001v1.pdf')).toBe('math/0601001v1');
    expect(normalizeArxivId('math.NT/0601001')).toBe('math.NT/0601001');
    expect(normalizeArxivId('https://example.org/abs/2403.01234')).toBeNull();
    expect(normalizeArxivId('2403.123')).toBeNull();
    expect(normalizeArxivId('<script>')).toBeNull();
  });

  it('gives the form a message beside the field and stores blanks as null', () => {
    const base = { title: 'T', journal: 'J', authors: 'A', date: '2024-01-01', abstract: '', link: '', pdfUrl: '', tags: '', status: 'published' };
    const bad = checkPaper({ ...base, doi: 'not a doi', arxivId: 'nope' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.fieldErrors).toMatchObject({ doi: PAPER_DOI_INVALID, arxivId: PAPER_ARXIV_INVALID });
    const good = checkPaper({ ...base, doi: 'https://doi.org/10.1000/xyz', arxivId: '' });
    expect(good.ok && good.data).toMatchObject({ doi: '10.1000/xyz', arxivId: null });
    const absent = checkPaper(base);
    expect(absent.ok && absent.data).toMatchObject({ doi: null, arxivId: null });
  });
});

describe('BibTeX import of a real-world file', () => {
  it('reads @article with accents, braces and a DOI', () => {
    const { paper, type } = byKey('Goedel1931');
    expect(type).toBe('article');
    expect(paper).toMatchObject({
      title: 'Über formal unentscheidbare Sätze der Principia Mathematica und verwandter Systeme I',
      authors: ['Kurt Gödel'],
      journal: 'Monatshefte für Mathematik und Physik',
      date: '1931-01-01',
      doi: '10.1007/BF01700692',
      tags: ['incompleteness', 'logic'],
      status: 'published',
      kind: 'article',
      volume: '38',
      issue: '1',
      pages: '173–198',
    });
  });

  it('keeps mathematics exactly as written and turns \\emph into the site markup', () => {
    const { paper } = byKey('erdos1949');
    expect(paper.authors).toEqual(['Pál Erdős', 'Pál Turán']);
    expect(paper.date).toBe('1949-06-01');
    expect(paper.doi).toBe('10.1073/pnas.35.7.374');
    expect(paper.abstract).toBe(
      'We give an *elementary* proof that $\\pi(x) \\sim x/\\log x$ as $x \\to \\infty$, using the estimate $\\sum_{p \\le x} \\frac{\\log p}{p} = \\log x + O(1)$.',
    );
  });

  it('reads @inproceedings with a von part and a braced formula in the title', () => {
    const { paper } = byKey('vanderWaerden-icm');
    expect(paper).toMatchObject({
      title: 'Zeros of $L$-functions in the critical strip: bounds for $N(\\sigma, T)$',
      authors: ['B. L. van der Waerden', 'Henri Poincaré'],
      journal: 'Proceedings of the International Congress of Mathematicians',
      date: '2006-08-01',
      link: 'https://www.mathunion.org/icm/proceedings',
      status: 'published',
      kind: 'conference',
      publisher: 'European Mathematical Society',
    });
  });

  it('reads an arXiv @misc as a preprint with its identifier, keeping paragraphs and display math', () => {
    const { paper } = byKey('morgan2024zeros');
    expect(paper).toMatchObject({
      authors: ['Alex Morgan', 'Eduard Čech'],
      journal: 'arXiv preprint arXiv:2403.01234',
      arxivId: '2403.01234',
      status: 'preprint',
      kind: 'preprint',
    });
    expect(paper.abstract).toBe(
      'Assuming RH, we show that $[x, x + x^{1/2}\\log^2 x]$ contains a prime for all large $x$.\n\nThe second paragraph keeps its $$\\int_0^1 f(t)\\,dt$$ display.',
    );
  });

  it('reads @phdthesis with its school as the institution, and @unpublished marked submitted', () => {
    expect(byKey('morgan-thesis').paper).toMatchObject({ kind: 'phd-thesis', journal: '', institution: 'University of Cambridge', date: '2027-06-01', status: 'published' });
    expect(byKey('lovelace-notes').paper).toMatchObject({
      title: 'Notes on the Analytical Engine & its numbers',
      authors: ['Ada Lovelace', 'Charles Babbage'],
      journal: 'Unpublished manuscript',
      status: 'submitted',
      kind: 'other',
    });
  });

  it('lists malformed and incomplete entries with the reason, and still reads the others', () => {
    const { entries, problems } = previewBibtex(bibliography, []);
    expect(entries.map((entry) => entry.key)).toEqual([
      'Goedel1931',
      'erdos1949',
      'vanderWaerden-icm',
      'morgan2024zeros',
      'morgan-thesis',
      'goedel-again',
      'lovelace-notes',
    ]);
    expect(problems).toEqual([
      { key: 'broken', reason: expect.stringMatching(/^It could not be read: .*brace/i) },
      { key: 'noyear', reason: 'It has no year.' },
    ]);
  });

  it('flags a paper already on the site (same DOI, or same title once normalised) and a repeat within the file', () => {
    const onSite = [
      { id: 'a', title: 'Something else', doi: '10.1073/PNAS.35.7.374' },
      { id: 'b', title: 'Primes in Short Intervals and the Riemann Hypothesis for $\\zeta(s)$', doi: null },
    ];
    const { entries } = previewBibtex(bibliography, onSite);
    const flag = (key: string) => entries.find((entry) => entry.key === key)?.duplicate;
    expect(flag('erdos1949')).toEqual({ reason: 'A paper with this DOI is already on the site.', paperId: 'a' });
    expect(flag('morgan2024zeros')).toEqual({ reason: 'A paper with this title is already on the site.', paperId: 'b' });
    expect(flag('goedel-again')).toEqual({ reason: 'The same paper as Goedel1931, earlier in this file.', paperId: null });
    expect(flag('Goedel1931')).toBeNull();
    expect(normalizedTitle('Über  formal: unentscheidbare!')).toBe(normalizedTitle('uber formal unentscheidbare'));
  });

  it('answers a clear message for an empty or oversized text instead of throwing', () => {
    expect(previewBibtex('just some words', []).problems).toEqual([{ key: null, reason: expect.stringMatching(/^No BibTeX entries found/) }]);
    expect(previewBibtex('@article{', []).entries).toEqual([]);
    expect(checkBibtexText('   ').ok).toBe(false);
    expect(checkBibtexText('x'.repeat(BIBTEX_LIMITS.chars + 1)).ok).toBe(false);
    expect(checkBibtexImport({ text: '@misc{a}', refs: [] }).ok).toBe(false);
    expect(checkBibtexImport({ text: '@misc{a}', refs: ['1; drop table'] }).ok).toBe(false);
    expect(checkBibtexImport({ text: '@misc{a}', refs: ['0', '12'] }).ok).toBe(true);
  });
});

/** One entry of `type` with `fields` (BibTeX source, one per line) and an author, title and year, as the import previews it. */
function entry(type: string, fields: string) {
  const { entries, problems } = previewBibtex(`@${type}{key,\n  author = {Morgan, Alex},\n  title = {A work},\n  year = {2024},\n${fields}\n}`, []);
  expect(problems).toEqual([]);
  return entries[0]!.paper;
}

describe('BibTeX import of kinds of work and their venue fields', () => {
  it('reads @article: journal, volume, number as the issue, pages, eid as the article number', () => {
    expect(entry('article', 'journal = {Annals of Mathematics}, volume = {199}, number = {3}, pages = {1--37}, eid = {e12}')).toMatchObject({
      kind: 'article',
      journal: 'Annals of Mathematics',
      volume: '199',
      issue: '3',
      pages: '1–37',
      articleNumber: 'e12',
      status: 'published',
    });
  });

  it.each(['inproceedings', 'conference'])('reads @%s: proceedings, conference name, place and dates, editors, volume, pages, publisher', (type) => {
    const fields = [
      'booktitle = {Proceedings of ANTS XV}',
      'eventtitle = {Fifteenth Algorithmic Number Theory Symposium}',
      'venue = {Bristol, UK}',
      'address = {Berkeley}',
      'eventdate = {2022-08-08/2022-08-12}',
      'editor = {Miller, Elizabeth and {van der} Waerden, B. L.}',
      'volume = {1}',
      'pages = {12--30}',
      'publisher = {Mathematical Sciences Publishers}',
      'isbn = {978-0-306-40615-7}',
    ].join(',\n');
    expect(entry(type, fields)).toMatchObject({
      kind: 'conference',
      journal: 'Proceedings of ANTS XV',
      eventName: 'Fifteenth Algorithmic Number Theory Symposium',
      eventPlace: 'Bristol, UK',
      eventStart: '2022-08-08',
      eventEnd: '2022-08-12',
      editors: ['Elizabeth Miller', 'B. L. van der Waerden'],
      volume: '1',
      pages: '12–30',
      publisher: 'Mathematical Sciences Publishers',
      // A conference paper has no ISBN (kinds.ts).
      isbn: '',
    });
    // Without biblatex's venue, the address is the conference's place; a one-day conference starts and ends that day.
    expect(entry(type, 'booktitle = {Proceedings}, address = {Bristol}, eventdate = {2022-08-08}')).toMatchObject({ eventPlace: 'Bristol', eventStart: '2022-08-08', eventEnd: '2022-08-08' });
  });

  it.each(['incollection', 'inbook'])('reads @%s as a chapter: the book, editors, pages, publisher, edition, ISBN', (type) => {
    expect(entry(type, 'booktitle = {A Handbook}, editor = {Miller, Elizabeth and Doe, Jane}, pages = {45--67}, publisher = {Carberry Press}, edition = {2}, isbn = {0-306-40615-2}')).toMatchObject({
      kind: 'chapter',
      journal: 'A Handbook',
      editors: ['Elizabeth Miller', 'Jane Doe'],
      pages: '45–67',
      publisher: 'Carberry Press',
      edition: '2',
      isbn: '0-306-40615-2',
    });
  });

  it('reads @book: publisher, edition, editors, ISBN, and no venue title', () => {
    expect(entry('book', 'publisher = {Springer}, edition = {Second}, editor = {Miller, Elizabeth}, isbn = {978-0-306-40615-7}, series = {Graduate Texts}')).toMatchObject({
      kind: 'book',
      journal: '',
      publisher: 'Springer',
      edition: 'Second',
      editors: ['Elizabeth Miller'],
      isbn: '978-0-306-40615-7',
    });
  });

  it('reads theses and reports with their school or institution, and a report’s number', () => {
    expect(entry('phdthesis', 'school = {University of Oxford}')).toMatchObject({ kind: 'phd-thesis', journal: '', institution: 'University of Oxford' });
    expect(entry('mastersthesis', 'school = {ETH Zürich}')).toMatchObject({ kind: 'masters-thesis', institution: 'ETH Zürich' });
    expect(entry('thesis', 'type = {mathesis}, institution = {ETH Zürich}')).toMatchObject({ kind: 'masters-thesis', institution: 'ETH Zürich' });
    expect(entry('thesis', 'type = {phdthesis}, institution = {ETH Zürich}')).toMatchObject({ kind: 'phd-thesis' });
    expect(entry('techreport', 'institution = {Institut Mittag-Leffler}, number = {17}')).toMatchObject({ kind: 'report', institution: 'Institut Mittag-Leffler', reportNumber: '17', issue: '' });
    expect(entry('report', 'institution = {CERN}, number = {CERN-TH-2024-001}')).toMatchObject({ kind: 'report', reportNumber: 'CERN-TH-2024-001' });
  });

  it('reads @misc, @unpublished and @online on arXiv as preprints, and otherwise as other works', () => {
    for (const type of ['misc', 'unpublished', 'online']) {
      expect(entry(type, 'eprint = {2403.01234}, archivePrefix = {arXiv}')).toMatchObject({ kind: 'preprint', journal: 'arXiv preprint arXiv:2403.01234', status: 'preprint' });
    }
    expect(entry('misc', 'howpublished = {Lecture notes}, publisher = {Self}')).toMatchObject({ kind: 'other', journal: 'Lecture notes', publisher: 'Self' });
  });

  it('reads @dataset and @software with their repository and publisher, and an unknown type as other', () => {
    expect(entry('dataset', 'publisher = {Zenodo}')).toMatchObject({ kind: 'dataset', journal: 'Zenodo', publisher: 'Zenodo' });
    expect(entry('software', 'howpublished = {GitHub}, publisher = {Zenodo}, version = {1.2}')).toMatchObject({ kind: 'software', journal: 'GitHub', publisher: 'Zenodo' });
    expect(entry('patent', 'howpublished = {US Patent 123}')).toMatchObject({ kind: 'other', journal: 'US Patent 123' });
  });

  it('leaves out a field the editor would refuse and keeps the entry and its other fields', () => {
    const paper = entry(
      'incollection',
      [
        'booktitle = {A Handbook}',
        'isbn = {0-12-345678-1}',
        'pages = {45 to 67, and an appendix}',
        `edition = {${'very '.repeat(20)}second}`,
        `publisher = {The ${'Great '.repeat(80)}Press}`,
        'editor = {Miller, Elizabeth}',
      ].join(',\n'),
    );
    expect(paper).toMatchObject({ kind: 'chapter', journal: 'A Handbook', isbn: '', pages: '', edition: '', editors: ['Elizabeth Miller'] });
    expect(paper.publisher.length).toBeLessThanOrEqual(RESEARCH_LIMITS.publisher);
    expect(paper.publisher.endsWith('…')).toBe(true);
    // A conference's end before its start: the end is left out, the start kept.
    expect(entry('inproceedings', 'booktitle = {Proceedings}, eventdate = {2022-08-12/2022-08-08}')).toMatchObject({ eventStart: '2022-08-12', eventEnd: null });
  });

  it('keeps a thesis, report or book without its school, institution or publisher, as another kind of work under the old venue line', () => {
    expect(entry('phdthesis', '')).toMatchObject({ kind: 'other', journal: 'PhD thesis' });
    expect(entry('techreport', 'number = {17}')).toMatchObject({ kind: 'other', journal: 'Technical report', reportNumber: '' });
    expect(entry('book', 'series = {Graduate Texts}')).toMatchObject({ kind: 'other', journal: 'Graduate Texts' });
    expect(previewBibtex('@book{b, author = {Morgan, Alex}, title = {A book}, year = {2024}}', []).problems).toEqual([
      { key: 'b', reason: 'It names no journal, proceedings, school or other venue.' },
    ]);
  });
});

describe('BibTeX export and import round trip', () => {
  it('gives back every field the export writes: accents, math, von parts, identifiers, status', () => {
    for (const paper of [stored(), stored({ id: 'p2', title: 'Erdős–Turán sums & 50% of $\\mathbb{Z}_p$', status: 'preprint', journal: 'arXiv', doi: null })]) {
      const bib = toBibtex(paper, 'key');
      const [entry] = previewBibtex(bib, []).entries;
      expect(entry?.paper).toMatchObject({
        title: paper.title,
        authors: paper.authors,
        date: `${paper.date.slice(0, 7)}-01`,
        doi: paper.doi,
        arxivId: paper.arxivId,
        link: paper.link,
      });
      if (paper.status === 'published') expect(entry?.paper).toMatchObject({ journal: paper.journal, status: 'published' });
    }
  });

  it('imports a whole exported file as new papers, and an exported site into itself as all duplicates', () => {
    const papers = [stored(), stored({ id: 'p2', title: 'Another paper', doi: null, arxivId: null }), stored({ id: 'p3', title: 'Draft', status: 'draft' })];
    const file = toBibtexFile(papers);
    expect(previewBibtex(file, []).entries.map((entry) => entry.paper.title)).toEqual([papers[0]!.title, 'Another paper']);
    expect(previewBibtex(file, papers).entries.every((entry) => entry.duplicate !== null)).toBe(true);
  });
});
