import { describe, expect, it } from 'vitest';

import { absoluteUrl, citationDate, citationKeys, doiUrl, highwireTags, toBibtex, toBibtexFile, toLatex } from '@/lib/content/research/scholar';
import type { ResearchPaper } from '@/lib/content/research/types';
import { EMPTY_VENUE } from '../fixtures/papers';

const paper = (overrides: Partial<ResearchPaper> = {}): ResearchPaper => ({
  id: '3f2b8c1e-5d4a-4e6b-9c7d-8a1b2c3d4e5f',
  title: 'On the zeros of $\\zeta(s)$ near the line',
  abstract: 'We bound $N(\\sigma, T)$.',
  authors: ['Kurt Gödel', 'Bernhard Riemann'],
  date: '2024-03-05',
  journal: 'Annals of Mathematics',
  link: 'https://arxiv.org/abs/2403.00001',
  pdfUrl: '/storage/research-papers/zeros.pdf',
  tags: ['zeta'],
  doi: null,
  arxivId: null,
  status: 'published',
  updatedAt: '2024-03-06T00:00:00.000Z',
  ...EMPTY_VENUE,
  ...overrides,
});

describe('Google Scholar tags', () => {
  it('gives every Highwire tag of the inclusion guidelines, one author tag per author', () => {
    expect(highwireTags(paper(), 'https://alex.example')).toEqual({
      citation_title: 'On the zeros of $\\zeta(s)$ near the line',
      citation_author: ['Kurt Gödel', 'Bernhard Riemann'],
      citation_publication_date: '2024/03/05',
      citation_journal_title: 'Annals of Mathematics',
      citation_pdf_url: 'https://alex.example/storage/research-papers/zeros.pdf',
      citation_abstract_html_url: 'https://alex.example/research/3f2b8c1e-5d4a-4e6b-9c7d-8a1b2c3d4e5f',
    });
  });

  it('leaves out what cannot be given absolutely, an empty journal, and every tag of a draft', () => {
    const tags = highwireTags(paper({ journal: ' ' }), undefined);
    expect(tags).not.toHaveProperty('citation_pdf_url');
    expect(tags).not.toHaveProperty('citation_abstract_html_url');
    expect(tags).not.toHaveProperty('citation_journal_title');
    expect(highwireTags(paper({ status: 'draft' }), 'https://alex.example')).toEqual({});
    expect(citationDate('2024-12-31')).toBe('2024/12/31');
    expect(absoluteUrl('https://cdn.example/a.pdf', undefined)).toBe('https://cdn.example/a.pdf');
    expect(absoluteUrl('//evil.example/a.pdf', 'https://alex.example')).toBeNull();
  });
});

describe('DOI and arXiv', () => {
  it('adds citation_doi and citation_arxiv_id, and the BibTeX doi and eprint', () => {
    const identified = paper({ doi: '10.4007/annals.2024.1', arxivId: '2403.00001' });
    expect(highwireTags(identified, 'https://alex.example')).toMatchObject({ citation_doi: '10.4007/annals.2024.1', citation_arxiv_id: '2403.00001' });
    const bib = toBibtex(identified, 'k');
    expect(bib).toContain('  doi = {10.4007/annals.2024.1},\n');
    expect(bib).toContain('  eprint = {2403.00001},\n  archivePrefix = {arXiv},\n');
    expect(highwireTags(paper(), 'https://alex.example')).not.toHaveProperty('citation_doi');
  });

  it('writes a DOI address for any stored DOI, half a surrogate pair included (encodeURIComponent throws on it)', () => {
    expect(doiUrl('10.1000/a b#c')).toBe('https://doi.org/10.1000/a%20b%23c');
    expect(doiUrl('10.1000/x\uD800y')).toBe('https://doi.org/10.1000/x%EF%BF%BDy');
  });
});

describe('BibTeX', () => {
  it('writes accents as LaTeX and keeps mathematics as written', () => {
    expect(toLatex('Gödel, Erdős, Poincaré, Čech, ß')).toBe('G{\\"o}del, Erd{\\H o}s, Poincar{\\\'e}, {\\v C}ech, {\\ss}');
    expect(toLatex('50% of $a_1 & b$ #1')).toBe('50\\% of $a_1 & b$ \\#1');
  });

  it('gives stable, unique keys from author, year and title', () => {
    const a = paper();
    const b = paper({ id: 'b', title: 'Zeros again' });
    const c = paper({ id: 'c', title: 'The zeros, once more' });
    const keys = citationKeys([a, b, c]);
    expect(keys.get(a.id)).toBe('godel2024zeros');
    expect(keys.get(b.id)).toBe('godel2024zerosa');
    expect(keys.get(c.id)).toBe('godel2024zerosb');
    expect(citationKeys([a, b, c])).toEqual(keys);
  });

  it('writes a published paper as @article and a preprint as @misc', () => {
    const article = toBibtex(paper(), 'godel2024zeros', 'https://alex.example');
    expect(article).toBe(
      '@article{godel2024zeros,\n' +
        '  title = {{On the zeros of $\\zeta(s)$ near the line}},\n' +
        '  author = {Kurt G{\\"o}del and Bernhard Riemann},\n' +
        '  journal = {Annals of Mathematics},\n' +
        '  year = {2024},\n' +
        '  month = {3},\n' +
        '  url = {https://arxiv.org/abs/2403.00001}\n' +
        '}\n',
    );
    expect(toBibtex(paper({ status: 'preprint', link: null }), 'k', 'https://alex.example')).toMatch(
      /^@misc\{k,[\s\S]*note = \{Annals of Mathematics\}[\s\S]*url = \{https:\/\/alex\.example\/storage\/research-papers\/zeros\.pdf\}/,
    );
  });

  it('leaves drafts out of the file', () => {
    const file = toBibtexFile([paper(), paper({ id: 'd', status: 'draft', title: 'Secret' })]);
    expect(file).toContain('godel2024zeros');
    expect(file).not.toContain('Secret');
  });
});
