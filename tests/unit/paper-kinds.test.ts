import { describe, expect, it } from 'vitest';

import { editionText, isPages, isValidIsbn, KIND_FIELDS, PAPER_KINDS, pageRange, printedPages, venueLine } from '@/lib/content/research/kinds';
import { linksOf } from '@/lib/content/research/links';
import { checkPaper, paperRefusal, paperSchema, PAPER_FILE_LINK_INVALID, PAPER_ISBN_INVALID, PAPER_PAGES_INVALID, PAPER_REQUIRED } from '@/lib/validation/research';
import { paper } from '../fixtures/papers';

/** Kinds of work and their venue fields (issue 45): the readings every output shares, and the editor's rules. */

describe('pages', () => {
  it.each([
    ['1–37', { first: '1', last: '37' }],
    ['1-37', { first: '1', last: '37' }],
    ['1--37', { first: '1', last: '37' }],
    ['S1 – S12', { first: 'S1', last: 'S12' }],
    ['e123', { first: 'e123', last: null }],
    ['S1', { first: 'S1', last: null }],
    ['xi—xx', { first: 'xi', last: 'xx' }],
  ])('%s reads as its first and last page', (pages, range) => {
    expect(pageRange(pages)).toEqual(range);
    expect(isPages(pages)).toBe(true);
  });

  it('prints a range with an en dash and a single page as written', () => {
    expect(printedPages('1-37')).toBe('1–37');
    expect(printedPages('e123')).toBe('e123');
    expect(printedPages('  ')).toBe('');
  });

  it.each(['pp. 1–37', '1–37–40', '<b>1</b>', '1, 4, 9', 'javascript:alert(1)'])('refuses %s', (pages) => {
    expect(isPages(pages)).toBe(false);
  });
});

describe('ISBN', () => {
  it.each(['978-3-16-148410-0', '9783161484100', '0-306-40615-2', 'ISBN 0-8044-2957-X', 'ISBN-13: 978-0-306-40615-7'])('accepts %s', (isbn) => {
    expect(isValidIsbn(isbn)).toBe(true);
  });

  it.each(['978-3-16-148410-1', '0-306-40615-3', '12345', '978316148410X', 'not an isbn'])('refuses %s (a wrong check digit or length)', (isbn) => {
    expect(isValidIsbn(isbn)).toBe(false);
  });
});

describe('the venue line', () => {
  it('reads each kind as the public pages and the CV show it', () => {
    expect(venueLine(paper({ kind: 'article', journal: 'Journal of Number Theory', volume: '241', issue: '3', pages: '1-37' }))).toBe(
      'Journal of Number Theory 241(3), 1–37',
    );
    expect(venueLine(paper({ kind: 'article', journal: 'Forum of Mathematics, Sigma', volume: '12', articleNumber: 'e45' }))).toBe(
      'Forum of Mathematics, Sigma 12, article e45',
    );
    expect(venueLine(paper({ kind: 'conference', journal: 'Proceedings of ANTS XV', pages: '12–30', eventPlace: 'Bristol' }))).toBe(
      'Proceedings of ANTS XV, pp. 12–30, Bristol',
    );
    expect(venueLine(paper({ kind: 'chapter', journal: 'Analytic Number Theory', pages: '1-20', publisher: 'Springer' }))).toBe(
      'In Analytic Number Theory, pp. 1–20, Springer',
    );
    expect(venueLine(paper({ kind: 'book', publisher: 'Springer', edition: '2' }))).toBe('Springer, 2nd ed.');
    expect(venueLine(paper({ kind: 'phd-thesis', institution: 'University of Oxford' }))).toBe('PhD thesis, University of Oxford');
    expect(venueLine(paper({ kind: 'report', institution: 'Institut Mittag-Leffler', reportNumber: '17' }))).toBe('Technical report 17, Institut Mittag-Leffler');
    expect(venueLine(paper({ kind: 'preprint', journal: 'arXiv' }))).toBe('arXiv');
  });

  it('leaves out what a kind does not have, even when a field holds it', () => {
    expect(venueLine(paper({ kind: 'phd-thesis', journal: 'A journal', volume: '3', institution: 'ETH Zürich' }))).toBe('PhD thesis, ETH Zürich');
  });

  it('says editions as references do', () => {
    expect(editionText('1')).toBe('1st ed.');
    expect(editionText('12')).toBe('12th ed.');
    expect(editionText('23')).toBe('23rd ed.');
    expect(editionText('Second')).toBe('Second ed.');
    expect(editionText('Revised edition')).toBe('Revised edition');
  });
});

const base = { title: 'On primes', authors: 'A. Author', date: '2025-01-02', abstract: '', link: '', pdfUrl: '', tags: '', status: 'published' };

describe('the paper form\'s check', () => {
  it('keeps the fields of the chosen kind and empties the others', () => {
    const checked = checkPaper({ ...base, kind: 'book', journal: 'Left over', volume: '4', publisher: 'Springer', edition: '2', isbn: '978-3-16-148410-0' });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.data).toMatchObject({ kind: 'book', journal: '', volume: '', publisher: 'Springer', edition: '2', isbn: '978-3-16-148410-0' });
  });

  it('requires where each kind appeared: a journal, a publisher, an institution', () => {
    for (const kind of PAPER_KINDS) {
      const required = KIND_FIELDS[kind].required;
      const checked = checkPaper({ ...base, kind, journal: '', publisher: '', institution: '' });
      expect(checked.ok, kind).toBe(false);
      if (checked.ok) continue;
      expect(Object.keys(checked.fieldErrors), kind).toEqual([required]);
      expect(checked.error, kind).toBe(required === 'journal' ? PAPER_REQUIRED : `Validation Error: Title, authors, and ${required} are required.`);
    }
  });

  it('an unknown kind is a journal article', () => {
    const parsed = paperSchema.safeParse({ ...base, kind: 'poem', journal: 'Annals', volume: 'IV' });
    expect(parsed.success && parsed.data.kind).toBe('article');
    // A volume of letters is kept as written.
    expect(parsed.success && parsed.data.volume).toBe('IV');
  });

  it('refuses bad pages, a wrong ISBN, 500 editors and a conference that ends before it starts, each beside its field', () => {
    const refusals = [
      [{ kind: 'article', journal: 'J', pages: 'pp. 1 to 37' }, 'pages', PAPER_PAGES_INVALID],
      [{ kind: 'book', publisher: 'P', isbn: '978-3-16-148410-1' }, 'isbn', PAPER_ISBN_INVALID],
      [{ kind: 'book', publisher: 'P', editors: Array.from({ length: 500 }, (_, index) => `Editor ${index}`).join(', ') }, 'editors', 'At most 100 editors.'],
      [{ kind: 'conference', journal: 'Proc.', eventStart: '2025-06-03', eventEnd: '2025-06-01' }, 'eventEnd', 'The conference cannot end before it starts.'],
    ] as const;
    for (const [input, field, message] of refusals) {
      const checked = checkPaper({ ...base, ...input });
      expect(checked.ok, field).toBe(false);
      if (!checked.ok) expect(checked.fieldErrors[field], field).toBe(message);
    }
  });

  it('the refusal names the spec\'s journal for an article whose journal is blank, and the first error otherwise', () => {
    const parsed = paperSchema.safeParse({ ...base, kind: 'article', journal: '' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(paperRefusal(parsed.error, { ...base, kind: 'article', journal: '' })).toBe(PAPER_REQUIRED);
  });
});

describe("a paper's links and note", () => {
  it('keeps an address or a file of the site for each link, blank as none, and shows them in order', () => {
    const checked = checkPaper({ ...base, journal: 'J', codeUrl: 'https://github.com/example/zeros', slidesUrl: '/storage/research-papers/talk.pdf', videoUrl: '  ', note: 'Equal contribution' });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.data).toMatchObject({ codeUrl: 'https://github.com/example/zeros', slidesUrl: '/storage/research-papers/talk.pdf', videoUrl: null, dataUrl: null, note: 'Equal contribution' });
    expect(linksOf(checked.data).map((link) => link.label)).toEqual(['Code', 'Slides']);
  });

  it.each(['javascript:alert(1)', '//evil.example/x', 'data:text/html,hi', 'ftp://example.org/x'])('refuses %s as a link, beside the field', (address) => {
    const checked = checkPaper({ ...base, journal: 'J', posterUrl: address });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.fieldErrors.posterUrl).toBe(PAPER_FILE_LINK_INVALID);
  });

  it('refuses a note of two lines or over 200 characters', () => {
    for (const note of ['Equal\ncontribution', 'x'.repeat(201)]) {
      const checked = checkPaper({ ...base, journal: 'J', note });
      expect(checked.ok).toBe(false);
      if (!checked.ok) expect(checked.fieldErrors.note).toBeTruthy();
    }
  });
});
