import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Database } from '@/lib/db/types';
import { DEFAULT_CV_SETTINGS } from '@/lib/cv/types';
import { cvEntryItemSchema, cvSettingsSchema, newCvEntryDefaults } from '@/lib/validation/cv';
import { openTestPglite } from '../helpers/db';

/**
 * The CV on the real schema (PGlite), from the sample content: the CV editor's save keeps the editor's order,
 * the CV settings are stored on the one site_settings row and read back, and the CV that the page, the PDF and
 * JSON Resume are made from follows the stored content (drafts out unless asked for, featured projects, the
 * sections in the chosen order). Next's cache functions are recorded instead of run.
 */
const database: { db?: Database } = {};
const cache = vi.hoisted(() => ({ cacheTag: vi.fn(), updateTag: vi.fn(), revalidateTag: vi.fn() }));
vi.mock('next/cache', () => cache);
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));

const { getCvEntriesForEditing, getCvSettings, saveCvEntryList, saveCvSettings } = await import('@/lib/content/cv/queries');
const { getCvData, getCvJson, CV_TAGS } = await import('@/lib/cv/read');
const { seedSampleContent } = await import('@/lib/db/seed');

let cleanup: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanup = opened.cleanup;
  expect(await seedSampleContent(opened.db)).toBe(true);
});

afterAll(async () => {
  await cleanup();
});

beforeEach(() => {
  cache.updateTag.mockClear();
  cache.revalidateTag.mockClear();
  cache.cacheTag.mockClear();
});

const entry = (title: string, category: 'award' | 'service', start: string, end = '') =>
  cvEntryItemSchema.parse({ ...newCvEntryDefaults(category), title, start, end, url: '', place: 'Edinburgh', description: 'One line.' });

describe('the CV from the sample content', () => {
  it('has every section the samples fill, the papers grouped and numbered newest first, and the CV rows by category', async () => {
    const cv = await getCvData();
    expect(cv.name).toBe('Alex Morgan');
    expect(cv.settings).toEqual(DEFAULT_CV_SETTINGS);
    expect(cv.education.length).toBeGreaterThan(0);
    expect(cv.experience.length).toBeGreaterThan(0);
    const numbers = cv.publications.flatMap((group) => group.papers.map((item) => item.number));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(numbers.at(-1)).toBe(1);
    const statuses = cv.publications.flatMap((group) => group.papers.map((item) => item.paper.status));
    expect(statuses).not.toContain('draft');
    expect(cv.projects.every((project) => project.featured)).toBe(true);
    expect(cv.entries.award.map((row) => row.title)).toEqual(['Best Student Paper Prize', 'EPSRC Doctoral Studentship', 'Distinction and Departmental Prize']);
    // The talks (their own content since issue 47) as CV rows, newest first, each linking to its page.
    expect(cv.entries.talk.map((row) => row.title)).toEqual([
      'Zeros of $L$-functions near the critical line',
      'Moments of $\\zeta(s)$ on the critical line',
      'Primes in short intervals and zero-density estimates',
    ]);
    expect(cv.entries.talk[2]).toMatchObject({
      start: '2025-07-07',
      end: '2025-07-11',
      place: 'Journées Arithmétiques, Université Claude Bernard Lyon 1, Lyon',
      url: expect.stringMatching(/^\/talks\/[0-9a-f-]{36}$/),
      description: 'Contributed talk.',
    });
    // The courses (their own content since issue 47) as CV rows, newest first: the role, the title and the code,
    // the institution as the place, each course's page as the link, the note as the line.
    expect(cv.entries.teaching.map((row) => row.title)).toEqual(['Teaching assistant, Complex Analysis', 'Tutor, Number Theory (MATH10071)']);
    expect(cv.entries.teaching[1]).toMatchObject({
      start: '2023',
      end: '2026',
      place: 'University of Edinburgh',
      url: expect.stringMatching(/^\/teaching\/[0-9a-f-]{36}$/),
      description: 'Weekly workshops for about 40 third-year students.',
    });
    // Each source read is cached with its tag, and the CV's files with every one of them.
    expect(new Set(cache.cacheTag.mock.calls.flat())).toEqual(new Set(['about', 'experience', 'research', 'projects', 'cv', 'talks', 'courses', 'settings', 'citations']));
    expect([...CV_TAGS].sort()).toEqual(['about', 'citations', 'courses', 'cv', 'experience', 'projects', 'research', 'settings', 'talks']);
  });

  it('lists drafts under In preparation only when the owner asks, and all projects when chosen', async () => {
    await database.db!.query(`insert into research_papers (title, authors, date, status) values ('A draft on $\\zeta(s)$', array['Alex Morgan'], '2026-10-01', 'draft')`);
    expect((await getCvData()).publications.map((group) => group.key)).not.toContain('preparation');
    await saveCvSettings(cvSettingsSchema.parse({ ...DEFAULT_CV_SETTINGS, includeDrafts: true, projects: 'all' }));
    const cv = await getCvData();
    const preparation = cv.publications.find((group) => group.key === 'preparation');
    const { rows: drafts } = await database.db!.query<{ title: string }>(`select title from research_papers where status = 'draft' order by date desc, title`);
    expect(drafts.map((row) => row.title)).toContain('A draft on $\\zeta(s)$');
    expect(preparation?.papers.map((item) => item.paper.title)).toEqual(drafts.map((row) => row.title));
    const { rows } = await database.db!.query<{ n: number }>('select count(*)::int as n from projects');
    expect(cv.projects).toHaveLength(rows[0]!.n);
    await saveCvSettings(cvSettingsSchema.parse(DEFAULT_CV_SETTINGS));
  });

  it('writes a JSON Resume with the stored facts', async () => {
    const { body, etag } = await getCvJson();
    const resume = JSON.parse(body) as { basics: { name: string }; publications?: unknown[]; awards?: unknown[] };
    expect(resume.basics.name).toBe('Alex Morgan');
    expect(resume.publications?.length).toBeGreaterThan(0);
    expect(resume.awards).toHaveLength(3);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
  });
});

describe('saveCvEntryList', () => {
  it('stores the editor order as the CV order, creates, updates and deletes in one save, and expires only the CV tag', async () => {
    const first = await saveCvEntryList([entry('Second prize', 'award', '2024'), entry('Seminar organiser', 'service', '2025-03-14'), entry('First prize', 'award', '2020', '2021')]);
    expect(first.items.map((row) => row.title)).toEqual(['Second prize', 'Seminar organiser', 'First prize']);
    expect(Object.keys(first.created)).toHaveLength(3);
    expect(cache.updateTag.mock.calls).toEqual([['cv']]);

    const [second, talk, firstPrize] = first.items;
    const saved = await saveCvEntryList([
      { ...firstPrize!, category: 'award', url: null, end: null },
      { ...second!, category: 'award', title: 'Second prize (renamed)', url: null, end: null },
    ]);
    expect(saved.items.map((row) => [row.title, row.end])).toEqual([
      ['First prize', null],
      ['Second prize (renamed)', null],
    ]);
    expect((await getCvEntriesForEditing()).map((row) => row.id)).not.toContain(talk!.id);
    expect((await getCvData()).entries.award.map((row) => row.title)).toEqual(['First prize', 'Second prize (renamed)']);
  });

  it('leaves every row as it was when one row breaks a database rule', async () => {
    const before = await getCvEntriesForEditing();
    const bad = { ...entry('Broken', 'award', '2024'), start: '2024-13' };
    await expect(saveCvEntryList([entry('Would be new', 'service', '2025'), bad])).rejects.toThrow();
    expect(await getCvEntriesForEditing()).toEqual(before);
  });
});

describe('CV settings', () => {
  it('are stored on the one site_settings row beside the site configuration, and read back as saved', async () => {
    await database.db!.query(`insert into site_settings (id, site_title) values (true, 'Kept') on conflict (id) do update set site_title = 'Kept'`);
    const saved = await saveCvSettings(
      cvSettingsSchema.parse({ sections: ['publications', 'talk', 'education'], paperSize: 'letter', summary: 'Number theorist.', projects: 'all', includeDrafts: false }),
    );
    expect(saved).toEqual({ sections: ['publications', 'talk', 'education'], paperSize: 'letter', summary: 'Number theorist.', projects: 'all', includeDrafts: false });
    expect(await getCvSettings()).toEqual(saved);
    const { rows } = await database.db!.query<{ site_title: string }>('select site_title from site_settings');
    expect(rows).toEqual([{ site_title: 'Kept' }]);
    expect((await getCvData()).settings.sections).toEqual(['publications', 'talk', 'education']);
    await saveCvSettings(cvSettingsSchema.parse(DEFAULT_CV_SETTINGS));
  });

  it('are refused by the database when they name a section the CV does not have', async () => {
    await expect(database.db!.query(`update site_settings set cv_sections = array['education', 'passwords']`)).rejects.toThrow(/cv_sections/);
  });
});
