import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Database } from '@/lib/db/types';
import { migrate } from '@/lib/db/migrate';
import { openPostgres } from '@/lib/db/postgres';
import { aboutSchema } from '@/lib/validation/about';
import { openTestPglite } from '../helpers/db';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';

/**
 * saveAbout's upsert on the real schema: the single about_data row is updated in place, or inserted when
 * there is none, and every save expires the about tag. Next's cache functions need its runtime, so they
 * are recorded here instead; the end-to-end test checks that the public pages change on the next request.
 */
const database: { db?: Database } = {};
const cache = vi.hoisted(() => ({ cacheTag: vi.fn(), updateTag: vi.fn(), revalidateTag: vi.fn() }));
vi.mock('next/cache', () => cache);
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));

const { getAbout, getAboutForEditing, saveAbout } = await import('@/lib/content/about/queries');

let cleanup: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanup = opened.cleanup;
});

afterAll(async () => {
  await cleanup();
});

beforeEach(() => {
  cache.updateTag.mockClear();
  cache.revalidateTag.mockClear();
});

const profile = aboutSchema.parse({
  name: 'Alex Morgan',
  title: 'Mathematics PhD Student & Researcher',
  bio: 'First paragraph.\n\nSecond, with "quotes", commas, and $x^2$.',
  imageUrl: '/storage/profile-images/about/portrait.png',
  skills: ['Analytic number theory', 'Python, SageMath', 'C++ {braces}', 'Ünïcödé'],
  education: [
    { institution: 'Imperial College London', degree: 'MSc', field: 'Pure Mathematics', startYear: 2022, endYear: 2023 },
    { institution: 'University of Edinburgh', degree: 'PhD', field: 'Mathematics', startYear: 2023, endYear: null },
  ],
  researchInterests: [{ title: 'Zeros of L-functions', description: 'Zero-density estimates.' }],
  affiliation: 'University of Edinburgh',
  footerBlurb: 'PhD student in mathematics.',
  email: 'alex.morgan@example.com',
  links: [
    { kind: 'github', label: '', url: 'https://github.com/alex-morgan-math' },
    { kind: 'orcid', label: '', url: '0000-0002-1825-0097' },
  ],
  mark: '∂',
  markImageUrl: null,
});

async function rowCount(): Promise<number> {
  const { rows } = await database.db!.query<{ n: number }>('select count(*)::int as n from about_data');
  return rows[0].n;
}

describe('saveAbout', () => {
  it('inserts the row when none exists, and expires the about tag', async () => {
    expect(await getAboutForEditing()).toBeNull();
    const saved = await saveAbout(profile);

    expect(await rowCount()).toBe(1);
    expect(saved).toMatchObject({
      name: 'Alex Morgan',
      skills: ['Analytic number theory', 'Python, SageMath', 'C++ {braces}', 'Ünïcödé'],
      imageUrl: '/storage/profile-images/about/portrait.png',
    });
    // Stored in the order of docs/product.md §5: the current programme first.
    expect(saved.education.map((entry) => entry.degree)).toEqual(['PhD', 'MSc']);
    expect(saved.education[0].endYear).toBeNull();
    expect(cache.updateTag).toHaveBeenCalledWith('about');
    expect(await getAbout()).toEqual(saved);
    // The owner's identity is part of the profile, the ORCID iD stored as its address.
    expect(saved).toMatchObject({
      affiliation: 'University of Edinburgh',
      footerBlurb: 'PhD student in mathematics.',
      email: 'alex.morgan@example.com',
      links: [
        { kind: 'github', label: '', url: 'https://github.com/alex-morgan-math' },
        { kind: 'orcid', label: '', url: 'https://orcid.org/0000-0002-1825-0097' },
      ],
      mark: '∂',
      markImageUrl: null,
    });
  });

  it('a stored link a browser would run (written by hand) reaches no page', async () => {
    const id = (await getAboutForEditing())!.id;
    await database.db!.query(
      `update about_data set links = '[{"kind":"github","label":"","url":"javascript:alert(1)"},{"kind":"nope","label":"","url":"https://x.example"},{"kind":"x","label":"","url":"https://x.com/a"}]'::jsonb where id = $1`,
      [id],
    );
    expect((await getAboutForEditing())!.links).toEqual([{ kind: 'x', label: '', url: 'https://x.com/a' }]);
    await saveAbout(profile);
  });

  it('updates that same row on the next save: same id, newer updated_at, no second row', async () => {
    const before = (await getAboutForEditing())!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const saved = await saveAbout({ ...profile, name: 'Alexandra Morgan', imageUrl: null, skills: [], researchInterests: [] });

    expect(await rowCount()).toBe(1);
    expect(saved.id).toBe(before.id);
    expect(saved).toMatchObject({ name: 'Alexandra Morgan', imageUrl: null, skills: [], researchInterests: [] });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(cache.updateTag).toHaveBeenCalledWith('about');
    const { rows } = await database.db!.query<{ research_interests: unknown; education: unknown }>(
      'select research_interests, education from about_data',
    );
    expect(rows[0].research_interests).toEqual([]);
    expect(rows[0].education).toEqual(profile.education);
  });

  it('with more than one row, writes the one the public pages read (the oldest)', async () => {
    const first = (await getAboutForEditing())!;
    await database.db!.query(`insert into about_data (name, created_at) values ('Later row', now() + interval '1 day')`);
    await saveAbout({ ...profile, name: 'Written to the first row' });

    const { rows } = await database.db!.query<{ id: string; name: string }>('select id, name from about_data order by created_at');
    expect(rows).toEqual([
      { id: first.id, name: 'Written to the first row' },
      { id: expect.any(String), name: 'Later row' },
    ]);
    await database.db!.query(`delete from about_data where name = 'Later row'`);
  });
});

describe('saveAbout on a real Postgres server, where transactions run side by side', () => {
  // PGlite runs one query at a time, so only a server with concurrent connections can show the race
  // that the transaction lock prevents: two first saves each seeing no row and each inserting one.
  let server: PostgresServer;
  let pglite: Database | undefined;
  let postgres: Database;

  beforeAll(async () => {
    server = await startPostgres();
    postgres = await openPostgres(server.url, { max: 8 });
    await migrate(postgres, { authBootstrap: true });
    pglite = database.db;
    database.db = postgres;
  });

  afterAll(async () => {
    database.db = pglite;
    await postgres.close();
    await server.stop();
  });

  it('eight first saves at once still make one row', async () => {
    await postgres.query('delete from about_data');
    // Every pooled connection open beforehand, so the saves really run at the same time.
    await Promise.all(Array.from({ length: 8 }, () => postgres.transaction((tx) => tx.query('select pg_sleep(0.05)'))));
    const names = Array.from({ length: 8 }, (_, i) => `Save ${i}`);
    await Promise.all(names.map((name) => saveAbout({ ...profile, name })));
    expect(await rowCount()).toBe(1);
    expect(names).toContain((await getAboutForEditing())!.name);
  });
});
