import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Database } from '@/lib/db/types';
import { experienceItemSchema, newExperienceDefaults } from '@/lib/validation/experience';
import { newProjectDefaults, projectItemSchema } from '@/lib/validation/projects';
import { openTestPglite } from '../helpers/db';

/**
 * The Experience and Projects saves on the real schema (PGlite): the stored list becomes the editor's
 * list in one transaction, temporary ids get server ids, and a failure part-way leaves every row as it
 * was. Next's cache functions are recorded instead of run.
 */
const database: { db?: Database } = {};
const cache = vi.hoisted(() => ({ cacheTag: vi.fn(), updateTag: vi.fn(), revalidateTag: vi.fn() }));
vi.mock('next/cache', () => cache);
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));

const { getExperienceForEditing, saveExperienceList } = await import('@/lib/content/experience/queries');
const { deleteProject, getProjectsForEditing, saveProjectList } = await import('@/lib/content/projects/queries');

let cleanup: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanup = opened.cleanup;
});

afterAll(async () => {
  await cleanup();
});

beforeEach(async () => {
  await database.db!.query('delete from experience');
  await database.db!.query('delete from projects');
  cache.updateTag.mockClear();
  cache.revalidateTag.mockClear();
});

const position = (title: string, startDate: string) => experienceItemSchema.parse({ ...newExperienceDefaults(), title, startDate, endDate: '' });

describe('saveExperienceList', () => {
  it('creates new items, updates kept ones, deletes the missing ones, and expires the experience tag', async () => {
    const first = await saveExperienceList([position('Lecturer', '2020-01'), position('Postdoc', '2023-09'), position('Tutor', '2018-10')]);
    expect(first.items.map((item) => item.title)).toEqual(['Postdoc', 'Lecturer', 'Tutor']);
    expect(Object.keys(first.created)).toHaveLength(3);
    expect(cache.updateTag).toHaveBeenCalledWith('experience');

    const [postdoc, lecturer] = first.items;
    const added = position('Fellow', '2025-01');
    const second = await saveExperienceList([
      { ...postdoc!, endDate: '2025-06', highlights: ['A theorem'] },
      { ...lecturer!, location: 'Oxford' },
      added,
    ]);
    expect(second.items.map((item) => [item.title, item.endDate])).toEqual([
      ['Fellow', null],
      ['Postdoc', '2025-06'],
      ['Lecturer', null],
    ]);
    expect(second.items.find((item) => item.id === postdoc!.id)?.highlights).toEqual(['A theorem']);
    expect(second.created[added.id]).toBe(second.items[0]!.id);
    expect((await getExperienceForEditing()).map((item) => item.title)).not.toContain('Tutor');
  });

  it('writes nothing when one row fails: the stored list stays exactly as it was', async () => {
    const { items } = await saveExperienceList([position('Lecturer', '2020-01')]);
    const before = await getExperienceForEditing();
    // A month the schema would refuse, sent past it: the table's check constraint rejects the row.
    const broken = { ...position('Broken', '2024-01'), startDate: '2024-13' };
    await expect(saveExperienceList([position('New one', '2021-01'), broken])).rejects.toThrow();
    expect(await getExperienceForEditing()).toEqual(before);
    expect(items).toHaveLength(1);
  });

  it('puts back a kept item another session deleted meanwhile, under its own id', async () => {
    const { items } = await saveExperienceList([position('Lecturer', '2020-01')]);
    await database.db!.query('delete from experience');
    const again = await saveExperienceList([{ ...items[0]!, title: 'Senior Lecturer' }]);
    expect(again.items).toEqual([expect.objectContaining({ id: items[0]!.id, title: 'Senior Lecturer' })]);
  });
});

const project = (title: string, extra: Partial<ReturnType<typeof newProjectDefaults>> = {}) =>
  projectItemSchema.parse({ ...newProjectDefaults(), link: '', github: '', ...extra, title });

describe('saveProjectList and deleteProject', () => {
  it('stores descriptions sanitised, answers safe previews and the ids of new projects', async () => {
    const created = project('Explorer', { description: '<strong>q</strong>-expansions<script>alert(1)</script><img src=x onerror=alert(1)>' });
    const { saved, before } = await saveProjectList([created]);
    expect(before).toEqual([]);
    const stored = saved.items[0]!;
    expect(saved.created[created.id]).toBe(stored.id);
    expect(stored.description).not.toMatch(/script|onerror/);
    expect(stored.description).toContain('<strong>q</strong>-expansions');
    expect(saved.previews[stored.id]).toBe(stored.description);
    expect(cache.updateTag).toHaveBeenCalledWith('projects');
  });

  it('deletes stored projects missing from the list, and answers the list it replaced', async () => {
    const { saved } = await saveProjectList([project('A'), project('B')]);
    const [a] = saved.items;
    const next = await saveProjectList([{ ...a!, featured: true, technologies: ['Lean'] }]);
    expect(next.before.map((p) => p.title)).toEqual(['A', 'B']);
    expect(next.saved.items).toEqual([expect.objectContaining({ id: a!.id, featured: true, technologies: ['Lean'] })]);
  });

  it('a failing row leaves every project as it was', async () => {
    await saveProjectList([project('Kept')]);
    const before = await getProjectsForEditing();
    const broken = { ...project('Broken'), category: 'physics' } as unknown as ReturnType<typeof project>;
    await expect(saveProjectList([project('New'), broken])).rejects.toThrow();
    expect(await getProjectsForEditing()).toEqual(before);
  });

  it('deleteProject removes one project at once and answers null for one already gone', async () => {
    const { saved } = await saveProjectList([project('Gone soon'), project('Stays')]);
    const gone = saved.items.find((p) => p.title === 'Gone soon')!;
    cache.updateTag.mockClear();
    cache.revalidateTag.mockClear();
    expect(await deleteProject(gone.id)).toMatchObject({ id: gone.id });
    expect(cache.updateTag.mock.calls.length + cache.revalidateTag.mock.calls.length).toBeGreaterThan(0);
    expect((await getProjectsForEditing()).items.map((p) => p.title)).toEqual(['Stays']);
    expect(await deleteProject(gone.id)).toBeNull();
  });
});
