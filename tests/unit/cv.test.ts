import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { CvDocument } from '@/components/site/cv/cv-document';
import { buildCvData, type CvSources } from '@/lib/cv/data';
import { cvEntryDates, cvFileName, formatCvDate, isOwnerAuthor } from '@/lib/cv/rules';
import { CV_SECTIONS, DEFAULT_CV_SETTINGS } from '@/lib/cv/types';
import type { ResearchPaper } from '@/lib/content/research/types';
import {
  CV_CATEGORY_INVALID,
  CV_DESCRIPTION_ONE_LINE,
  CV_END_BEFORE_START,
  CV_SECTIONS_INVALID,
  CV_SECTIONS_REQUIRED,
  CV_START_INVALID,
  CV_TITLE_REQUIRED,
  CV_URL_INVALID,
  cvEndsBeforeStart,
  cvEntryItemSchema,
  cvEntryListSchema,
  cvSettingsSchema,
  isCvDate,
  newCvEntryDefaults,
} from '@/lib/validation/cv';
import { fieldErrorsOf } from '@/lib/action-result';
import { aboutProfile } from '../fixtures/about';
import { EMPTY_VENUE } from '../fixtures/papers';

const row = (changes: Record<string, unknown> = {}) => ({ ...newCvEntryDefaults('service', new Date('2026-05-01T12:00:00Z')), title: 'A referee report', ...changes });

function errorsOf(value: unknown): Record<string, string> {
  const parsed = cvEntryItemSchema.safeParse(value);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

describe('CV rows', () => {
  it('take a year, a month or a day that exists, between 1900 and 2100', () => {
    for (const good of ['2024', '2024-03', '2024-02-29', '1900', '2100-12-31']) expect(isCvDate(good), good).toBe(true);
    for (const bad of ['24', '2024-13', '2023-02-29', '2024-3', '1899', '2101', '2024-03-14T00:00', ' 2024', '']) expect(isCvDate(bad), bad).toBe(false);
  });

  it('compare an end with its start at the precision both give', () => {
    expect(cvEndsBeforeStart('2023-05', '2023')).toBe(false);
    expect(cvEndsBeforeStart('2023-05', '2023-04')).toBe(true);
    expect(cvEndsBeforeStart('2023', '2022-12-31')).toBe(true);
    expect(cvEndsBeforeStart('2023', null)).toBe(false);
  });

  it('refuse what the CV cannot show, each with its message', () => {
    expect(errorsOf(row({ title: '   ' }))).toEqual({ title: CV_TITLE_REQUIRED });
    expect(errorsOf(row({ start: 'March 2024' }))).toEqual({ start: CV_START_INVALID });
    expect(errorsOf(row({ start: '2024', end: '2023' }))).toEqual({ end: CV_END_BEFORE_START });
    expect(errorsOf(row({ url: 'javascript:alert(1)' }))).toEqual({ url: CV_URL_INVALID });
    expect(errorsOf(row({ description: 'two\nlines' }))).toEqual({ description: CV_DESCRIPTION_ONE_LINE });
    expect(Object.keys(errorsOf(row({ category: 'hobby' })))).toEqual(['category']);
    // Courses are their own content since issue 47 (the Teaching editor): no longer a CV row's section.
    expect(errorsOf(row({ category: 'teaching' }))).toEqual({ category: CV_CATEGORY_INVALID });
    expect(CV_CATEGORY_INVALID).toBe('Choose a section: Honours & Awards or Service.');
    expect(Object.keys(errorsOf(row({ title: 'x'.repeat(301) })))).toEqual(['title']);
    expect(Object.keys(errorsOf(row({ id: 'exp-1' })))).toEqual(['id']);
  });

  it('store blanks as none and trimmed text', () => {
    expect(cvEntryItemSchema.parse(row({ end: '  ', url: '', title: '  Prize  ' }))).toMatchObject({ end: null, url: null, title: 'Prize' });
  });

  it('are a list of at most 300 with distinct ids', () => {
    const one = row();
    expect(cvEntryListSchema.safeParse({ items: [one, one] }).success).toBe(false);
    expect(cvEntryListSchema.safeParse({ items: Array.from({ length: 301 }, () => row({ id: newCvEntryDefaults().id })) }).success).toBe(false);
  });

  it('read their dates as a reader writes them', () => {
    expect(formatCvDate('2024')).toBe('2024');
    expect(formatCvDate('2024-03')).toBe('Mar 2024');
    expect(formatCvDate('2024-03-04')).toBe('4 Mar 2024');
    expect(cvEntryDates({ start: '2022', end: '2024' })).toBe('2022–2024');
    expect(cvEntryDates({ start: '2022', end: '2022' })).toBe('2022');
    expect(cvEntryDates({ start: '2025-07-08', end: null })).toBe('8 Jul 2025');
  });
});

describe('CV settings', () => {
  it('take the sections in any order, each once, and at least one', () => {
    expect(cvSettingsSchema.parse({ ...DEFAULT_CV_SETTINGS, sections: ['talk', 'education'] }).sections).toEqual(['talk', 'education']);
    const refused = (sections: unknown) => {
      const parsed = cvSettingsSchema.safeParse({ ...DEFAULT_CV_SETTINGS, sections });
      return parsed.success ? null : fieldErrorsOf(parsed.error).sections;
    };
    expect(refused([])).toBe(CV_SECTIONS_REQUIRED);
    expect(refused(['education', 'education'])).toBe(CV_SECTIONS_INVALID);
    expect(refused(['passwords'])).toBe(CV_SECTIONS_INVALID);
    expect(refused('education')).toBe(CV_SECTIONS_INVALID);
    expect(refused([...CV_SECTIONS])).toBeNull();
    expect(cvSettingsSchema.safeParse({ ...DEFAULT_CV_SETTINGS, paperSize: 'a3' }).success).toBe(false);
    expect(cvSettingsSchema.safeParse({ ...DEFAULT_CV_SETTINGS, summary: 'x'.repeat(1501) }).success).toBe(false);
  });
});

describe('the owner among the authors', () => {
  it('matches the family name and, where both give one, the first initial, accents and order aside', () => {
    for (const author of ['Alex Morgan', 'A. Morgan', 'Morgan, Alex', 'Morgan, A.', 'alex morgan', 'Morgan']) expect(isOwnerAuthor(author, 'Alex Morgan'), author).toBe(true);
    for (const author of ['B. Morgan', 'Alex Morgans', 'Morgan Alex', '', 'Paul Erdős']) expect(isOwnerAuthor(author, 'Alex Morgan'), author).toBe(false);
    expect(isOwnerAuthor('K. Godel', 'Kurt Gödel')).toBe(true);
    expect(isOwnerAuthor('Gödel, Kurt', 'Kurt Godel')).toBe(true);
  });
});

describe('the PDF file name', () => {
  it('comes from the owner name in plain ASCII', () => {
    expect(cvFileName('Alex Morgan')).toBe('Alex-Morgan-CV.pdf');
    expect(cvFileName('Kurt Gödel')).toBe('Kurt-Godel-CV.pdf');
    expect(cvFileName('Igor Šafarevič')).toBe('Igor-Safarevic-CV.pdf');
    expect(cvFileName('"; rm -rf /')).toBe('rm-rf-CV.pdf');
    expect(cvFileName('李')).toBe('CV.pdf');
  });
});

describe('buildCvData', () => {
  const paper = (title: string, date: string, status: ResearchPaper['status']): ResearchPaper => ({
    id: title,
    title,
    abstract: '',
    authors: ['A. Morgan'],
    date,
    journal: '',
    link: null,
    pdfUrl: null,
    tags: [],
    doi: null,
    arxivId: null,
    status,
    updatedAt: `${date}T00:00:00.000Z`,
    ...EMPTY_VENUE,
  });
  const sources = (changes: Partial<CvSources> = {}): CvSources => ({
    about: null,
    experience: [],
    papers: [],
    projects: [],
    entries: [],
    talks: [],
    courses: [],
    settings: DEFAULT_CV_SETTINGS,
    siteUrl: null,
    ...changes,
  });

  it('groups the papers as published, under review and preprints, in preparation, numbered down from the newest', () => {
    const papers = [paper('P1', '2020-01-01', 'published'), paper('S1', '2025-01-01', 'submitted'), paper('R1', '2024-01-01', 'preprint'), paper('P2', '2023-01-01', 'published'), paper('D1', '2026-01-01', 'draft')];
    const cv = buildCvData(sources({ papers, settings: { ...DEFAULT_CV_SETTINGS, includeDrafts: true } }));
    expect(cv.publications.map((group) => [group.title, group.papers.map((item) => `${item.number}:${item.paper.title}`)])).toEqual([
      ['Published', ['5:P2', '4:P1']],
      ['Under review & preprints', ['3:S1', '2:R1']],
      ['In preparation', ['1:D1']],
    ]);
    expect(buildCvData(sources({ papers })).publications.flatMap((group) => group.papers.map((item) => item.paper.title))).not.toContain('D1');
  });

  it("shows each paper's venue on the page as one line: a journal's volume, issue and pages, a thesis's institution", () => {
    const article: ResearchPaper = { ...paper('Zeros near the line', '2024-03-05', 'published'), journal: 'Journal of Number Theory', volume: '241', issue: '3', pages: '1-37' };
    const thesis: ResearchPaper = { ...paper('Primes in short intervals', '2023-09-30', 'published'), kind: 'phd-thesis', institution: 'University of Oxford' };
    const html = renderToStaticMarkup(createElement(CvDocument, { cv: buildCvData(sources({ papers: [article, thesis] })) }));
    expect(html).toContain('<em>Journal of Number Theory 241(3), 1–37</em>, 2024.');
    expect(html).toContain('<em>PhD thesis, University of Oxford</em>, 2023.');
  });

  it("shows a paper's note with its authors and its links under their names", () => {
    const withLinks: ResearchPaper = {
      ...paper('Zeros near the line', '2024-03-05', 'published'),
      journal: 'Journal of Number Theory',
      note: 'Equal contribution',
      codeUrl: 'https://github.com/example/zeros',
      slidesUrl: '/storage/research-papers/talk.pdf',
    };
    const html = renderToStaticMarkup(createElement(CvDocument, { cv: buildCvData(sources({ papers: [withLinks] })) }));
    expect(html).toMatch(/ \(Equal contribution\)\. <a href="\/research\//);
    expect(html).toMatch(/<a href="https:\/\/github\.com\/example\/zeros"[^>]*>Code<\/a>/);
    expect(html).toMatch(/<a href="\/storage\/research-papers\/talk\.pdf"[^>]*>Slides<\/a>/);
  });

  it('names no one with no profile, and has empty sections rather than none', () => {
    const cv = buildCvData(sources());
    expect(cv).toMatchObject({ name: '', title: '', email: '', profiles: [], education: [], publications: [], entries: { award: [], talk: [], teaching: [], service: [] }, updatedAt: null });
  });

  it('takes the name, e-mail and profile links from the profile, in the owner’s order', () => {
    const about = aboutProfile({
      name: 'Jane Doe',
      email: 'jane@uni.example.org',
      links: [
        { kind: 'orcid', label: '', url: 'https://orcid.org/0000-0002-9079-593X' },
        { kind: 'other', label: 'Seminar', url: 'https://seminar.example.org/' },
      ],
    });
    const cv = buildCvData(sources({ about }));
    expect(cv).toMatchObject({ name: 'Jane Doe', email: 'jane@uni.example.org' });
    expect(cv.profiles).toEqual([
      { platform: 'orcid', label: 'ORCID', url: 'https://orcid.org/0000-0002-9079-593X' },
      { platform: 'other', label: 'Seminar', url: 'https://seminar.example.org/' },
    ]);
  });
});
