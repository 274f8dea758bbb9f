import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { seedSampleContent } from '@/lib/db/seed';
import type { Database } from '@/lib/db/types';
import { openTestPglite } from '../helpers/db';

/**
 * The reads' SQL and row mapping, on the real schema with the sample content. 'use cache' is a plain string
 * outside Next's compiler and cacheTag needs Next's runtime, so both are stood in for here; the caching
 * itself is covered end to end against a production server.
 */
const database: { db?: Database } = {};
vi.mock('next/cache', () => ({ cacheTag: vi.fn() }));
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));

const { getExperience } = await import('@/lib/content/experience/queries');
const { getFeaturedProjects, getProjects } = await import('@/lib/content/projects/queries');
const { getPublishedPapers, getResearchPapers } = await import('@/lib/content/research/queries');

let cleanup: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanup = opened.cleanup;
  await seedSampleContent(opened.db);
});

afterAll(async () => {
  await cleanup();
});

describe('experience', () => {
  it('is ordered by start date descending, with year-month text and Present as null', async () => {
    const experience = await getExperience();
    expect(experience.map((entry) => entry.startDate)).toEqual(['2024-06', '2023-09', '2021-06']);
    expect(experience[1]).toMatchObject({
      title: 'Graduate Teaching Assistant',
      endDate: null,
      technologies: ['LaTeX', 'Moodle', 'STACK'],
    });
    expect(experience[1].highlights).toHaveLength(3);
  });
});

describe('projects', () => {
  it('the projects page lists every project by title; absent links are null', async () => {
    const projects = await getProjects();
    expect(projects.map((project) => project.title)).toEqual([
      'Cayley Graph Spectra',
      'L-function Explorer',
      'Proof Flashcards',
      'Seminar Notes Archive',
    ]);
    expect(projects[2]).toMatchObject({ category: 'mobile', link: null, featured: false, image: '/placeholder.svg' });
    expect(projects[3].github).toBeNull();
  });

  it('home: featured projects only, at most 3; a missing category reads as other', async () => {
    await database.db!.query(
      `insert into projects (title, category, featured, created_at) values ('Uncategorised', null, true, now() + interval '1 day')`,
    );
    const featured = await getFeaturedProjects(3);
    expect(featured).toHaveLength(3);
    expect(featured.every((project) => project.featured)).toBe(true);
    expect(featured[0]).toMatchObject({ title: 'Uncategorised', category: 'other' });
    expect(featured.map((project) => project.title)).not.toContain('Proof Flashcards');
  });
});

describe('research papers', () => {
  it('the research page lists every paper by date descending, dates as yyyy-mm-dd', async () => {
    const papers = await getResearchPapers();
    expect(papers.map((paper) => paper.date)).toEqual(['2026-04-08', '2026-02-20', '2025-11-03', '2025-06-12']);
    expect(papers.map((paper) => paper.status)).toEqual(['draft', 'submitted', 'preprint', 'published']);
    expect(papers[1].authors).toEqual(['Alex Morgan', 'Daniel Okafor', 'Priya Raman']);
    expect(papers[2]).toMatchObject({ pdfUrl: null, link: 'https://example.com/papers/random-cayley-spectral-gaps' });
  });

  it('home: published papers only, date descending, at most 3', async () => {
    await database.db!.query(
      `insert into research_papers (title, date, status) values ('Older published', '2020-01-01', 'published'),
        ('Newer published', '2027-01-01', 'published'), ('Another', '2024-01-01', 'published'), ('Oldest', '2019-01-01', 'published')`,
    );
    const papers = await getPublishedPapers(3);
    expect(papers.map((paper) => paper.title)).toEqual([
      'Newer published',
      'A zero-density estimate for Dirichlet L-functions in short intervals',
      'Another',
    ]);
  });
});

describe('stored links that no editor would take (an older archive, a hand edit)', () => {
  it('reach no output: the reads give no link, so BibTeX, RIS and CSL carry no javascript: or data: address', async () => {
    const { toBibtexFile } = await import('@/lib/content/research/scholar');
    const { toCslItem, toRisFile } = await import('@/lib/citations/formats');
    const { getCvEntries } = await import('@/lib/content/cv/queries');
    await database.db!.query(
      `insert into research_papers (title, authors, journal, date, status, link, pdf_url)
         values ('Hostile links', '{A. Author}', 'J', '2025-01-01', 'published', 'javascript:alert(1)', 'data:application/pdf;base64,JVBERi0=')`,
    );
    await database.db!.query(
      `insert into projects (title, description, image, link, github) values ('Hostile project', 'x', 'javascript:alert(2)', ' javascript:alert(3)', 'vbscript:x')`,
    );
    await database.db!.query(`insert into cv_entries (category, start_date, title, url) values ('award', '2025', 'Hostile award', 'javascript:alert(4)')`);
    await database.db!.query(
      `insert into talks (title, start_date, event_url, slides_url, video_url) values ('Hostile talk', '2025-01-01', 'javascript:alert(5)', ' javascript:alert(6)', 'data:text/html,x')`,
    );
    const paper = (await getResearchPapers()).find((one) => one.title === 'Hostile links')!;
    expect(paper).toMatchObject({ link: null, pdfUrl: null });
    const outputs = [toBibtexFile([paper], 'https://site.example'), toRisFile([paper], 'https://site.example'), JSON.stringify(toCslItem(paper, 'k', 'https://site.example'))];
    for (const output of outputs) expect(output).not.toMatch(/javascript:|data:/i);
    expect((await getProjects()).find((one) => one.title === 'Hostile project')).toMatchObject({ image: '/placeholder.svg', link: null, github: null });
    expect((await getCvEntries()).find((one) => one.title === 'Hostile award')).toMatchObject({ url: null });
    const { getTalks } = await import('@/lib/content/talks/queries');
    expect((await getTalks()).find((one) => one.title === 'Hostile talk')).toMatchObject({ eventUrl: null, slidesUrl: null, videoUrl: null });
    // A course's materials: a hostile address is no material at all (its label goes with it); a good one stays.
    await database.db!.query(
      `insert into courses (title, start_date, material_labels, material_urls)
         values ('Hostile course', '2025', '{Notes,Sheet,Slides,Syllabus}', '{"javascript:alert(7)"," data:text/html,x","//evil.example/x","/storage/research-papers/syllabus.pdf"}')`,
    );
    const { getCourses } = await import('@/lib/content/courses/queries');
    const { courseRow } = await import('@/lib/cv/data');
    const course = (await getCourses()).find((one) => one.title === 'Hostile course')!;
    expect(course.materials).toEqual([{ label: 'Syllabus', url: '/storage/research-papers/syllabus.pdf' }]);
    expect(JSON.stringify(courseRow({ ...course, hasPage: false }))).not.toMatch(/javascript:|data:|evil/i);
  });
});
