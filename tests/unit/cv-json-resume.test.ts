import { PROFILE_KINDS } from '@/lib/content/about/types';
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

import type { Experience } from '@/lib/content/experience/types';
import type { Project } from '@/lib/content/projects/types';
import { PAPER_KINDS, type PaperStatus, type ResearchPaper } from '@/lib/content/research/types';
import { groupPapers, paper as fixturePaper } from '@/tests/fixtures/cv-data';
import { JSON_RESUME_SCHEMA_URL, jsonResumeDate, toJsonResume, type JsonResume } from '@/lib/cv/json-resume';
import { courseRow } from '@/lib/cv/data';
import { markupToLines } from '@/lib/markup/plain-text';
import {
  CV_ROW_SECTIONS,
  CV_SECTIONS,
  DEFAULT_CV_SETTINGS,
  type CvData,
  type CvEntry,
  type CvRowSection,
  type CvProfile,
  type CvSectionKey,
} from '@/lib/cv/types';

/**
 * /cv.json (lib/cv/json-resume.ts): the CV as a JSON Resume document that the published schema
 * (@jsonresume/schema, v1.0.0) accepts for any content, with plain text, the schema's date forms, absolute
 * addresses and no empty fields.
 */

// The package's own validator (validator.js, CommonJS without type declarations): the jsonschema library
// with the package's schema.json; the callback is called synchronously.
const require = createRequire(import.meta.url);
interface SchemaError {
  property: string;
  message: string;
}
const resumeSchema = require('@jsonresume/schema') as {
  validate: (resume: unknown, callback: (errors: SchemaError[] | null, valid: boolean) => void) => void;
};

/** The schema's complaints about a document ([] when it is valid). */
function schemaErrors(document: unknown): string[] {
  let result: string[] | undefined;
  resumeSchema.validate(document, (errors) => {
    result = (errors ?? []).map((error) => `${error.property} ${error.message}`);
  });
  if (!result) throw new Error('the validator did not answer synchronously');
  return result;
}

/**
 * RFC 3986's characters only, after a scheme: stricter than the package's `format: uri` check (which takes any
 * text without spaces), as strict validators such as ajv-formats are.
 */
const RFC3986_HTTP = /^https?:\/\/(?:%[0-9A-Fa-f]{2}|[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=])+$/;
const ISO8601 = /^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$/;
const DATE_KEYS = new Set(['startDate', 'endDate', 'releaseDate', 'date']);

/** Every [path, value] of a JSON-like value, depth first. */
function walk(value: unknown, path = '$'): [string, unknown][] {
  const here: [string, unknown][] = [[path, value]];
  if (Array.isArray(value)) return here.concat(value.flatMap((item, index) => walk(item, `${path}[${index}]`)));
  if (value !== null && typeof value === 'object') return here.concat(Object.entries(value).flatMap(([key, item]) => walk(item, `${path}.${key}`)));
  return here;
}

/** The places where a document has an empty or undefined value, an address not in RFC 3986 form, or a bad date. */
function defects(document: JsonResume): string[] {
  const found: string[] = [];
  for (const [path, value] of walk(document)) {
    const key = path.split('.').at(-1) ?? '';
    if (value === undefined) found.push(`${path} is undefined`);
    else if (typeof value === 'string' && value.trim() === '') found.push(`${path} is empty`);
    else if (Array.isArray(value) && value.length === 0) found.push(`${path} is []`);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0 && path !== '$.basics') {
      found.push(`${path} is {}`);
    }
    if ((key === 'url' || key === 'canonical' || key === 'pdf') && typeof value === 'string' && !RFC3986_HTTP.test(value)) found.push(`${path} is no URI: ${value}`);
    if (DATE_KEYS.has(key) && typeof value === 'string' && !ISO8601.test(value)) found.push(`${path} is no iso8601 date: ${value}`);
  }
  return found;
}

// --- a CV to export --------------------------------------------------------------------------------

function paper(id: string, overrides: Partial<ResearchPaper> = {}): ResearchPaper {
  return fixturePaper({ id, title: `Paper ${id}`, abstract: '', date: '2025-06-01', updatedAt: '2025-06-02T00:00:00.000Z', ...overrides });
}

function entry(category: CvRowSection, overrides: Partial<CvEntry> = {}): CvEntry {
  return { id: `${category}-1`, category, start: '2024', end: null, title: `A ${category}`, place: '', url: null, description: '', ...overrides };
}

const NO_ENTRIES: Record<CvRowSection, CvEntry[]> = { award: [], talk: [], teaching: [], service: [] };

const EMPTY_CV: CvData = {
  name: '',
  title: '',
  email: '',
  website: null,
  profiles: [],
  summary: '',
  settings: { ...DEFAULT_CV_SETTINGS, sections: [...CV_SECTIONS] },
  education: [],
  experience: [],
  publications: [],
  projects: [],
  interests: [],
  skills: [],
  entries: NO_ENTRIES,
  updatedAt: null,
};

const SITE_URL = 'https://alex.example';

const PROFILES: CvProfile[] = [
  { platform: 'github', label: 'GitHub', url: 'https://github.com/alex-morgan-math' },
  { platform: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/in/alex-morgan-math' },
  { platform: 'scholar', label: 'Google Scholar', url: 'https://scholar.google.com/citations?user=alexmorgan' },
  { platform: 'orcid', label: 'ORCID', url: 'https://orcid.org/0000-0002-1825-0097' },
];

const EXPERIENCE: Experience[] = [
  {
    id: 'e1',
    title: 'Graduate Teaching Assistant',
    company: 'University of Edinburgh',
    location: 'Edinburgh, UK',
    startDate: '2021-09',
    endDate: null,
    description: 'Tutored **analytic number theory** and *real analysis*.\n\n- Marked [problem sheets](https://example.org/sheets)\n- Ran office hours',
    highlights: ['Teaching award nominee', '  '],
    technologies: ['LaTeX'],
  },
  {
    id: 'e2',
    title: 'Research Intern',
    company: 'Institute for Advanced Study',
    location: '',
    startDate: '2020-06',
    endDate: '2020-08',
    description: '',
    highlights: [],
    technologies: [],
  },
];

const PROJECTS: Project[] = [
  {
    id: 'p1',
    title: 'Zeta Explorer',
    description: '<p>Plots of &#950; &amp; friends</p><p>Second <strong>block</strong></p>',
    category: 'academic',
    technologies: ['TypeScript', 'WebGL'],
    image: '/placeholder.svg',
    link: null,
    github: 'https://github.com/alex-morgan-math/zeta',
    featured: true,
  },
  {
    id: 'p2',
    title: 'Notes',
    description: 'Plain',
    category: 'web',
    technologies: [],
    image: '/placeholder.svg',
    link: '/projects/notes',
    github: null,
    featured: true,
  },
];

const PAPERS: ResearchPaper[] = [
  paper('zeros', {
    title: 'Zeros of $\\zeta(s)$ near the critical line',
    authors: ['Alex Morgan', 'Priya Raman'],
    date: '2025-06-01',
    journal: 'Journal of Number Theory',
    volume: '241',
    issue: '3',
    pages: '1-37',
    doi: '10.1016/j.jnt.2025.01.001',
    arxivId: '2403.01234',
    link: 'https://example.org/zeros',
  }),
  paper('thesis', { kind: 'phd-thesis', title: 'Primes in short intervals', date: '2024-06-30', institution: 'University of Oxford' }),
  paper('sieve', { status: 'preprint', date: '2025-09-14', arxivId: '2509.00001', link: 'https://example.org/sieve' }),
  paper('moments', { status: 'submitted', date: '2025-03-02', link: 'https://example.org/moments' }),
  paper('draft', { status: 'draft', date: '2026-01-05' }),
];

const FULL_CV: CvData = {
  name: 'Alex Morgan',
  title: 'PhD Candidate in Mathematics',
  email: 'alex@alex.example',
  website: SITE_URL,
  profiles: PROFILES,
  summary: 'I study the zeros of L-functions.',
  settings: { ...DEFAULT_CV_SETTINGS, sections: [...CV_SECTIONS], includeDrafts: true },
  education: [
    { institution: 'University of Edinburgh', degree: 'PhD', field: 'Mathematics', startYear: 2021, endYear: null },
    { institution: 'Imperial College London', degree: 'MSc', field: 'Pure Mathematics', startYear: 2020, endYear: 2021 },
  ],
  experience: EXPERIENCE,
  publications: groupPapers(PAPERS),
  projects: PROJECTS,
  interests: [
    { title: 'Analytic number theory', description: 'Zeros of L-functions.' },
    { title: 'Sieve methods', description: '' },
  ],
  skills: ['Python', 'LaTeX', ' ', 'SageMath'],
  entries: {
    award: [entry('award', { title: 'Best Thesis Prize', start: '2021-07', place: 'Imperial College London', description: 'For the MSc thesis.' })],
    talk: [entry('talk', { title: 'Zeros near the line', start: '2025-04-12', place: 'British Mathematical Colloquium', url: 'https://bmc.example/talks/zeros' })],
    teaching: [entry('teaching', { title: 'Analysis I', start: '2022-09', end: '2023-05', place: 'University of Edinburgh' })],
    service: [entry('service', { title: 'Referee', start: '2023', end: '2023', place: 'Journal of Number Theory' })],
  },
  updatedAt: '2026-01-05T10:20:30.456Z',
};

const full = toJsonResume(FULL_CV, { siteUrl: SITE_URL, pdfUrl: '/cv.pdf' });

describe('toJsonResume', () => {
  it('writes a full CV that the published schema accepts, with no empty field', () => {
    expect(schemaErrors(full)).toEqual([]);
    expect(defects(full)).toEqual([]);
    expect(full.$schema).toBe(JSON_RESUME_SCHEMA_URL);
    expect(full.basics).toMatchObject({
      name: 'Alex Morgan',
      label: 'PhD Candidate in Mathematics',
      email: 'alex@alex.example',
      url: 'https://alex.example/',
      summary: 'I study the zeros of L-functions.',
    });
    expect(full.meta).toEqual({
      canonical: 'https://alex.example/cv.json',
      version: 'v1.0.0',
      lastModified: '2026-01-05T10:20:30Z',
      pdf: 'https://alex.example/cv.pdf',
    });
  });

  it('writes an empty CV as a valid document with nothing but the schema, empty basics and the version', () => {
    const empty = toJsonResume(EMPTY_CV, { siteUrl: null });
    expect(schemaErrors(empty)).toEqual([]);
    expect(defects(empty)).toEqual([]);
    expect(empty).toEqual({ $schema: JSON_RESUME_SCHEMA_URL, basics: {}, meta: { version: 'v1.0.0' } });
  });

  it('leaves out fields that hold only spaces, and entries left with nothing', () => {
    const blank = toJsonResume(
      {
        ...EMPTY_CV,
        name: '  ',
        email: ' ',
        education: [{ institution: ' ', degree: '', field: '', startYear: Number.NaN, endYear: null }],
        experience: [{ ...EXPERIENCE[1]!, title: '', company: ' ', startDate: '', endDate: null }],
        skills: ['', '   '],
        entries: { ...NO_ENTRIES, award: [entry('award', { title: '', start: '', place: ' ' })] },
      },
      { siteUrl: null },
    );
    expect(defects(blank)).toEqual([]);
    expect(blank).toEqual({ $schema: JSON_RESUME_SCHEMA_URL, basics: {}, meta: { version: 'v1.0.0' } });
  });

  it("writes dates in the schema's forms and no end date while an entry is current", () => {
    expect(full.education).toEqual([
      { institution: 'University of Edinburgh', area: 'Mathematics', studyType: 'PhD', startDate: '2021' },
      { institution: 'Imperial College London', area: 'Pure Mathematics', studyType: 'MSc', startDate: '2020', endDate: '2021' },
    ]);
    expect(full.work?.[0]).toMatchObject({ startDate: '2021-09' });
    expect(full.work?.[0]).not.toHaveProperty('endDate');
    expect(full.work?.[1]).toMatchObject({ startDate: '2020-06', endDate: '2020-08' });
    expect(full.publications?.map((item) => item.releaseDate)).toEqual(['2025-06-01', '2024-06-30', '2025-09-14', '2025-03-02', '2026-01-05']);
    expect(full.awards?.[0]?.date).toBe('2021-07');
    // A single year written as start and end is one date.
    expect(full.service).toEqual([{ title: 'Referee', organization: 'Journal of Number Theory', startDate: '2023' }]);
    expect(full.teaching).toEqual([{ title: 'Analysis I', organization: 'University of Edinburgh', startDate: '2022-09', endDate: '2023-05' }]);
  });

  it('cuts a date to its valid beginning and drops one the schema cannot hold', () => {
    expect(jsonResumeDate('2024-03-15')).toBe('2024-03-15');
    expect(jsonResumeDate('2024-03-15T10:00:00Z')).toBe('2024-03-15');
    expect(jsonResumeDate('2024-02-30')).toBe('2024-02');
    expect(jsonResumeDate('2024-13')).toBe('2024');
    expect(jsonResumeDate('0999-01')).toBeUndefined();
    expect(jsonResumeDate('3000')).toBeUndefined();
    expect(jsonResumeDate('March 2024')).toBeUndefined();
    expect(jsonResumeDate(null)).toBeUndefined();
    const odd = toJsonResume(
      {
        ...EMPTY_CV,
        education: [{ institution: 'X', degree: '', field: '', startYear: 20211, endYear: 2021.5 }],
        experience: [{ ...EXPERIENCE[1]!, startDate: 'soon', endDate: '2020-00' }],
      },
      { siteUrl: null },
    );
    expect(schemaErrors(odd)).toEqual([]);
    expect(odd.education).toEqual([{ institution: 'X' }]);
    expect(odd.work).toEqual([{ name: 'Institute for Advanced Study', position: 'Research Intern', endDate: '2020' }]);
  });

  it('lists every paper in the CV order with its venue line as the publisher, its DOI address first, then arXiv, then its link', () => {
    expect(full.publications).toEqual([
      {
        name: 'Zeros of ζ(s) near the critical line',
        publisher: 'Journal of Number Theory 241(3), 1–37',
        releaseDate: '2025-06-01',
        url: 'https://doi.org/10.1016/j.jnt.2025.01.001',
        summary: 'Alex Morgan, Priya Raman',
      },
      { name: 'Primes in short intervals', publisher: 'PhD thesis, University of Oxford', releaseDate: '2024-06-30', summary: 'Alex Morgan' },
      { name: 'Paper sieve', releaseDate: '2025-09-14', url: 'https://arxiv.org/abs/2509.00001', summary: 'Alex Morgan. Preprint' },
      { name: 'Paper moments', releaseDate: '2025-03-02', url: 'https://example.org/moments', summary: 'Alex Morgan. Under review' },
      { name: 'Paper draft', releaseDate: '2026-01-05', summary: 'Alex Morgan. In preparation' },
    ]);
  });

  it('writes the TeX of a title as readable text', () => {
    const name = full.publications?.[0]?.name ?? '';
    expect(name).toContain('ζ(s)');
    expect(name).not.toMatch(/[$\\]/);
  });

  it("maps the owner's profiles to networks, with the user names their addresses state", () => {
    expect(full.basics.profiles).toEqual([
      { network: 'GitHub', username: 'alex-morgan-math', url: 'https://github.com/alex-morgan-math' },
      { network: 'LinkedIn', username: 'alex-morgan-math', url: 'https://www.linkedin.com/in/alex-morgan-math' },
      { network: 'Google Scholar', url: 'https://scholar.google.com/citations?user=alexmorgan' },
      { network: 'ORCID', username: '0000-0002-1825-0097', url: 'https://orcid.org/0000-0002-1825-0097' },
    ]);
    const odd = toJsonResume(
      {
        ...EMPTY_CV,
        profiles: [
          { platform: 'website', label: 'Blog', url: 'https://blog.example/' },
          { platform: 'website', label: '', url: 'https://alex.example' },
          { platform: 'github', label: 'GitHub', url: 'javascript:alert(1)' },
          { platform: 'orcid', label: 'ORCID', url: 'https://orcid.org/my-profile' },
        ],
      },
      { siteUrl: SITE_URL },
    );
    // The site's own address is basics.url, not a profile; an address that is not http(s) is dropped.
    expect(odd.basics.profiles).toEqual([
      { network: 'Blog', url: 'https://blog.example/' },
      { network: 'ORCID', url: 'https://orcid.org/my-profile' },
    ]);
    // Every kind the About editor knows is a network by its name, or by the owner's own label.
    const more = toJsonResume(
      {
        ...EMPTY_CV,
        profiles: [
          { platform: 'mastodon', label: 'Mastodon', url: 'https://mathstodon.xyz/@jane' },
          { platform: 'bluesky', label: '', url: 'https://bsky.app/profile/jane.bsky.social' },
          { platform: 'other', label: 'Seminar', url: 'https://seminar.example.org/' },
        ],
      },
      { siteUrl: SITE_URL },
    );
    expect(more.basics.profiles).toEqual([
      { network: 'Mastodon', url: 'https://mathstodon.xyz/@jane' },
      { network: 'Bluesky', url: 'https://bsky.app/profile/jane.bsky.social' },
      { network: 'Seminar', url: 'https://seminar.example.org/' },
    ]);
  });

  it('writes descriptions as plain text', () => {
    expect(full.work?.[0]?.summary).toBe('Tutored analytic number theory and real analysis.\nMarked problem sheets\nRan office hours');
    expect(full.work?.[0]?.highlights).toEqual(['Teaching award nominee']);
    expect(full.projects).toEqual([
      { name: 'Zeta Explorer', description: 'Plots of ζ & friends\nSecond block', keywords: ['TypeScript', 'WebGL'], url: 'https://github.com/alex-morgan-math/zeta' },
      { name: 'Notes', description: 'Plain', url: 'https://alex.example/projects/notes' },
    ]);
    // A description reads as the page's simple markup shows it (components/site/simple-markup.tsx: CommonMark,
    // no mathematics): `~~` is no strikethrough there and a `$` is a dollar.
    expect(markupToLines('A [link](https://x.example/a_b*c) and ![a chart](/c.png), snake_case_name, 2\\*3, `code`, <b>raw</b> &amp; ~~old~~', 'simple')).toBe(
      'A link and a chart, snake_case_name, 2*3, code, raw & ~~old~~',
    );
    expect(markupToLines('- one *item*\n- 2*3*4\n\n> Cost $5, and $x$', 'simple')).toBe('one item\n2*3*4\nCost $5, and $x$');
  });

  it('writes the other sections where JSON Resume expects them, one skill per entry', () => {
    expect(full.skills).toEqual([{ name: 'Python' }, { name: 'LaTeX' }, { name: 'SageMath' }]);
    expect(full.interests).toEqual([{ name: 'Analytic number theory', summary: 'Zeros of L-functions.' }, { name: 'Sieve methods' }]);
    expect(full.awards).toEqual([{ title: 'Best Thesis Prize', date: '2021-07', awarder: 'Imperial College London', summary: 'For the MSc thesis.' }]);
  });

  it('keeps talks, teaching and service out of the standard sections, under keys of their own', () => {
    expect(full.talks).toEqual([
      { title: 'Zeros near the line', organization: 'British Mathematical Colloquium', startDate: '2025-04-12', url: 'https://bmc.example/talks/zeros' },
    ]);
    expect(full.work?.map((item) => item.position)).toEqual(['Graduate Teaching Assistant', 'Research Intern']);
    expect(full.projects?.map((item) => item.name)).toEqual(['Zeta Explorer', 'Notes']);
    expect(full).not.toHaveProperty('volunteer');
  });

  it('writes a course of the Teaching editor under teaching, its role and code in the title and its page as an address', () => {
    const course = courseRow({
      id: 'c0ffee00-0000-4000-8000-000000000001',
      title: 'Number Theory',
      code: 'MATH10071',
      institution: 'University of Edinburgh',
      role: 'tutor',
      level: 'Undergraduate, third year',
      start: '2023',
      end: '2026',
      terms: ['Autumn 2023'],
      description: '',
      materials: [],
      hasPage: true,
      note: 'Weekly workshops.',
      cvOrder: null,
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const resume = toJsonResume({ ...FULL_CV, entries: { ...FULL_CV.entries, teaching: [course] } }, { siteUrl: SITE_URL });
    expect(schemaErrors(resume)).toEqual([]);
    expect(resume.teaching).toEqual([
      {
        title: 'Tutor, Number Theory (MATH10071)',
        organization: 'University of Edinburgh',
        startDate: '2023',
        endDate: '2026',
        url: 'https://alex.example/teaching/c0ffee00-0000-4000-8000-000000000001',
        summary: 'Weekly workshops.',
      },
    ]);
  });

  it("leaves out the sections the owner hid, and writes the others in the owner's order", () => {
    const sections: CvSectionKey[] = ['talk', 'skills', 'education'];
    const chosen = toJsonResume({ ...FULL_CV, settings: { ...FULL_CV.settings, sections } }, { siteUrl: SITE_URL });
    expect(Object.keys(chosen)).toEqual(['$schema', 'basics', 'talks', 'skills', 'education', 'meta']);
  });

  it('writes no address a site path would need the unknown site address for', () => {
    const noSite = toJsonResume({ ...FULL_CV, website: null }, { siteUrl: null, pdfUrl: '/cv.pdf' });
    expect(schemaErrors(noSite)).toEqual([]);
    expect(noSite.basics).not.toHaveProperty('url');
    expect(noSite.meta).toEqual({ version: 'v1.0.0', lastModified: '2026-01-05T10:20:30Z' });
    expect(noSite.projects?.[1]).toEqual({ name: 'Notes', description: 'Plain' });
  });

  it('writes addresses in RFC 3986 form and leaves out an e-mail address a checker would refuse', () => {
    const odd = toJsonResume(
      {
        ...EMPTY_CV,
        email: 'alex at example',
        projects: [{ ...PROJECTS[0]!, github: null, link: 'https://exämple.org/a b|c^d/100%?q=ü#x#y' }],
        entries: {
          ...NO_ENTRIES,
          talk: [
            entry('talk', { title: 'With a password', url: 'https://user:secret@talks.example/zeros' }),
            entry('talk', { title: 'With a host RFC 3986 refuses', url: 'https://a{b}.example/' }),
          ],
        },
      },
      { siteUrl: null },
    );
    expect(odd.basics).toEqual({});
    expect(odd.projects?.[0]?.url).toBe('https://xn--exmple-cua.org/a%20b%7Cc%5Ed/100%25?q=%C3%BC#x%23y');
    expect(odd.talks).toEqual([
      { title: 'With a password', startDate: '2024', url: 'https://talks.example/zeros' },
      { title: 'With a host RFC 3986 refuses', startDate: '2024' },
    ]);
    expect(defects(odd)).toEqual([]);
  });

  it('has a validator that does refuse a broken document', () => {
    expect(schemaErrors({ ...full, basics: 'x' })).not.toEqual([]);
    expect(schemaErrors({ ...full, work: [{ name: 'X', startDate: 'September 2023' }] })).not.toEqual([]);
    expect(schemaErrors({ ...full, basics: { ...full.basics, email: 'not an address' } })).not.toEqual([]);
    expect(defects({ ...full, basics: { name: '' } })).toEqual(['$.basics.name is empty']);
  });

  describe('for any content', () => {
    const hostile = fc.constantFrom(
      '',
      ' ',
      '$\\zeta(s)$',
      '$$\\frac{1}{2}$$',
      '$unclosed',
      '**bold** *it* [x](javascript:alert(1)) ![y](/z.png)',
      '<script>alert(1)</script>&amp;&#0;&#x110000;',
      '\u202e\u0000\ud83d',
      '\udc00',
      'https://example.org/a b',
      'https://exämple.org/%zz|^',
      'https://user:pa ss@a"b.example/#a#b[c]',
      'http://[::1]:8080/x',
      '/a/site/path',
      '//evil.example',
      'javascript:alert(1)',
      'mailto:alex@example.org',
      '2024',
      '2024-02-30',
      '0000-00-00',
      '2999-12-31',
      'alex@example.org',
      'a@b',
    );
    const text = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 30 }), hostile, fc.array(fc.oneof(hostile, fc.string({ maxLength: 6 })), { maxLength: 6 }).map((parts) => parts.join('')));
    const maybeText = fc.option(text, { nil: null });
    const year = fc.oneof(fc.integer({ min: -5000, max: 5000 }), fc.double(), fc.constant(2024));
    const cvEntry = (category: CvRowSection) =>
      fc.record({ id: fc.constant(`${category}-x`), category: fc.constant(category), start: text, end: maybeText, title: text, place: text, url: maybeText, description: text });
    const researchPaper = fc.record({
      id: fc.string({ maxLength: 8 }),
      title: text,
      abstract: text,
      authors: fc.array(text, { maxLength: 4 }),
      date: text,
      journal: text,
      link: maybeText,
      pdfUrl: maybeText,
      tags: fc.array(text, { maxLength: 3 }),
      doi: maybeText,
      arxivId: maybeText,
      status: fc.constantFrom<PaperStatus>('published', 'preprint', 'submitted', 'draft'),
      updatedAt: text,
      kind: fc.constantFrom(...PAPER_KINDS),
      volume: text,
      issue: text,
      pages: text,
      articleNumber: text,
      publisher: text,
      editors: fc.array(text, { maxLength: 3 }),
      edition: text,
      isbn: text,
      institution: text,
      reportNumber: text,
      eventName: text,
      eventPlace: text,
      eventStart: maybeText,
      eventEnd: maybeText,
      codeUrl: maybeText,
      dataUrl: maybeText,
      slidesUrl: maybeText,
      videoUrl: maybeText,
      posterUrl: maybeText,
      publishedUrl: maybeText,
      note: text,
      selected: fc.boolean(),
    });
    const cv: fc.Arbitrary<CvData> = fc.record({
      name: text,
      title: text,
      email: text,
      website: maybeText,
      profiles: fc.array(fc.record({ platform: fc.constantFrom<CvProfile['platform']>(...PROFILE_KINDS), label: text, url: text }), { maxLength: 5 }),
      summary: text,
      settings: fc.record({
        sections: fc.shuffledSubarray([...CV_SECTIONS]),
        paperSize: fc.constant('a4' as const),
        summary: text,
        projects: fc.constant('all' as const),
        includeDrafts: fc.boolean(),
      }),
      education: fc.array(fc.record({ institution: text, degree: text, field: text, startYear: year, endYear: fc.option(year, { nil: null }) }), { maxLength: 3 }),
      experience: fc.array(
        fc.record({
          id: fc.constant('e'),
          title: text,
          company: text,
          location: text,
          startDate: text,
          endDate: maybeText,
          description: text,
          highlights: fc.array(text, { maxLength: 3 }),
          technologies: fc.array(text, { maxLength: 3 }),
        }),
        { maxLength: 3 },
      ),
      publications: fc.array(researchPaper, { maxLength: 5 }).map(groupPapers),
      projects: fc.array(
        fc.record({
          id: fc.constant('p'),
          title: text,
          description: text,
          category: fc.constant('other' as const),
          technologies: fc.array(text, { maxLength: 3 }),
          image: fc.constant('/placeholder.svg'),
          link: maybeText,
          github: maybeText,
          featured: fc.boolean(),
        }),
        { maxLength: 3 },
      ),
      interests: fc.array(fc.record({ title: text, description: text }), { maxLength: 3 }),
      skills: fc.array(text, { maxLength: 5 }),
      entries: fc.record(Object.fromEntries(CV_ROW_SECTIONS.map((category) => [category, fc.array(cvEntry(category), { maxLength: 3 })])) as Record<CvRowSection, fc.Arbitrary<CvEntry[]>>),
      updatedAt: maybeText,
    });
    const siteUrl = fc.oneof(fc.constant(null), fc.constant(SITE_URL), fc.constant('https://exämple.org/sub/'), text);

    it('writes a document the schema accepts, with no empty field, that survives JSON', () => {
      fc.assert(
        fc.property(cv, siteUrl, fc.option(text, { nil: undefined }), (data, site, pdfUrl) => {
          const document = toJsonResume(data, { siteUrl: site, ...(pdfUrl === undefined ? {} : { pdfUrl }) });
          expect(schemaErrors(document)).toEqual([]);
          expect(defects(document)).toEqual([]);
          expect(JSON.parse(JSON.stringify(document))).toEqual(document);
        }),
        { numRuns: 300 },
      );
    });
  });
});
