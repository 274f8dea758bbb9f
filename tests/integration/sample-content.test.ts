import { afterAll, beforeEach, describe, expect, it } from 'vitest';

import { describeRemoval, holdsSample, removeSampleContentIn, sampleHoldings } from '@/lib/db/sample-content';
import { seedSampleContent, SEEDED_TABLES } from '@/lib/db/seed';
import type { Database } from '@/lib/db/types';
import { openTestPglite } from '../helpers/db';

/**
 * "Remove the sample content" (issue 43): exactly the rows and profile fields that are still the sample's go,
 * in one transaction; what the owner added or edited stays; and reading the sample writes nothing.
 */

let db: Database;
let cleanup: (() => Promise<void>) | undefined;

beforeEach(async () => {
  await cleanup?.();
  ({ db, cleanup } = await openTestPglite());
  await seedSampleContent(db);
});

afterAll(() => cleanup?.());

async function counts(): Promise<Record<string, number>> {
  const entries = await Promise.all(
    SEEDED_TABLES.map(async (table) => [table, (await db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0]!.n] as const),
  );
  return Object.fromEntries(entries);
}

const remove = () => db.transaction((tx) => removeSampleContentIn(db, tx));

describe('the sample content', () => {
  it('a freshly seeded site holds every seeded row as sample, and reading the sample writes nothing', async () => {
    const before = await counts();
    const holdings = await sampleHoldings(db);
    const { about_data: profiles, ...rest } = before;
    expect(profiles).toBe(1);
    expect(holdings.rows).toEqual(Object.fromEntries(Object.entries(rest).filter(([, count]) => count > 0)));
    expect(holdings.profileFields).toEqual(expect.arrayContaining(['name', 'role line', 'biography', 'public e-mail', 'profile links', 'header mark']));
    expect(holdsSample(holdings)).toBe(true);
    expect(await counts()).toEqual(before);
    // No temporary copy is left behind in the session.
    expect((await db.query(`select relname from pg_class where relname like 'sample\\_%' and relpersistence = 't'`)).rows).toEqual([]);
  });

  it('removes exactly the sample: rows the owner added or edited, and the profile fields the owner set, stay', async () => {
    const before = await counts();
    const { rows: posts } = await db.query<{ id: string; title: string }>('select id, title from blog_posts order by date desc limit 1');
    await db.query(`update blog_posts set title = title || ' (revised)' where id = $1`, [posts[0]!.id]);
    await db.query(`insert into projects (title, description) values ('My own project', 'Mine.')`);
    await db.query(`update about_data set name = 'Jane Doe', links = '[]'::jsonb`);

    const removal = await remove();

    const after = await counts();
    expect(after).toMatchObject({ blog_posts: 1, projects: 1, about_data: 1 });
    expect(removal.rows.blog_posts).toBe(before.blog_posts! - 1);
    expect(removal.rows.projects).toBe(before.projects);
    expect(removal.kept).toEqual({ blog_posts: 1, projects: 1 });
    for (const table of ['experience', 'research_papers', 'talks', 'courses', 'personal_posts', 'cv_entries']) expect(after[table], table).toBe(0);
    expect((await db.query('select title from blog_posts')).rows).toEqual([{ title: `${posts[0]!.title} (revised)` }]);
    expect((await db.query('select title from projects')).rows).toEqual([{ title: 'My own project' }]);
    // The profile keeps the owner's name (and their empty links); the sample's texts are gone.
    expect((await db.query('select name, title, bio, email, links, mark, skills, education from about_data')).rows).toEqual([
      { name: 'Jane Doe', title: '', bio: '', email: '', links: [], mark: '', skills: [], education: [] },
    ]);
    expect(removal.profileFields).not.toContain('name');
    expect(removal.profileFields).toContain('biography');
    const message = describeRemoval(removal);
    expect(message).toMatch(/^Removed \d+ sample entries \(Experience 3, Projects 4, Research Papers 4, Talks 3, Teaching 2, CV 5, Blog 3, Personal Posts 3\) and the sample profile's role line, biography, photo, skills, education, research interests, affiliation, footer text, public e-mail, header mark\./);
    expect(message).toContain('Kept as yours: Projects 1, Blog 1.');

    // Nothing of the sample is left, so a second removal removes nothing.
    expect(holdsSample(await sampleHoldings(db))).toBe(false);
    const again = await remove();
    expect(describeRemoval(again)).toBe('The site held none of the sample content: nothing was removed.');
  });

  it('a profile that is all sample goes with the rest: every page then shows its empty state', async () => {
    await remove();
    expect(await counts()).toEqual(Object.fromEntries(SEEDED_TABLES.map((table) => [table, 0])));
  });

  it('is one transaction: a failure after it leaves every sample row in place', async () => {
    const before = await counts();
    await expect(
      db.transaction(async (tx) => {
        await removeSampleContentIn(db, tx);
        throw new Error('the next step failed');
      }),
    ).rejects.toThrow('the next step failed');
    expect(await counts()).toEqual(before);
  });
});
