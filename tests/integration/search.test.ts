// @module-tag security
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrate } from '@/lib/db/migrate';
import { openPostgres } from '@/lib/db/postgres';
import { seedSampleContent } from '@/lib/db/seed';
import type { Database } from '@/lib/db/types';
import { SEARCH_LIMITS } from '@/lib/search/query';
import { SEARCH_CAPACITY } from '@/lib/search/rate-limit';
import { SEARCH_TYPES, type SearchHit, type SearchResult } from '@/lib/search/types';
import { openTestPglite } from '../helpers/db';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { preparePgliteDir } from '../helpers/prepared-data';

/**
 * Site search (issue 35) on the real schema, on PGlite and on a real Postgres server: the generated
 * `search` columns of supabase/migrations/20261126130000_search.sql and lib/search/queries.ts. Each backend
 * gets the migrations, the sample content and rows of its own, with words the sample content lacks
 * ('kestrel', 'quillwort', …) so that what is asserted is about these rows. Next's cache functions are
 * recorded instead of run, so every call reads the database.
 */
const cache = vi.hoisted(() => ({ cacheTag: vi.fn(), cacheLife: vi.fn(), updateTag: vi.fn(), revalidateTag: vi.fn() }));
const getDb = vi.hoisted(() => vi.fn());
vi.mock('next/cache', () => cache);
vi.mock('@/lib/db/client', () => ({ getDb }));

const { searchSite } = await import('@/lib/search/queries');

const ids = (hits: SearchHit[]) => hits.map((hit) => hit.id);
const text = (hit: SearchHit) => hit.excerpt.map((part) => part.text).join('');
const marked = (hit: SearchHit) => hit.excerpt.filter((part) => part.match).map((part) => part.text.toLowerCase());

/** The shape every answer has, whatever the query. */
function expectAnswer(result: SearchResult): void {
  expect(typeof result.query).toBe('string');
  expect(typeof result.cut).toBe('boolean');
  expect(Array.isArray(result.hits)).toBe(true);
  expect(Object.keys(result.counts).sort()).toEqual([...SEARCH_TYPES].sort());
  for (const type of SEARCH_TYPES) expect(Number.isInteger(result.counts[type])).toBe(true);
}

interface Backend {
  name: string;
  open(): Promise<{ db: Database; close(): Promise<void> }>;
}

let server: PostgresServer | undefined;

const backends: Backend[] = [
  {
    name: 'PGlite',
    async open() {
      const { db, cleanup } = await openTestPglite();
      return { db, close: cleanup };
    },
  },
  {
    name: 'Postgres',
    async open() {
      server = await startPostgres();
      const db = await openPostgres(server.url);
      await migrate(db, { authBootstrap: true });
      return {
        db,
        async close() {
          await db.close();
          await server?.stop();
        },
      };
    },
  },
];

describe.each(backends)('search on $name', (backend) => {
  let db: Database;
  let close: () => Promise<void>;
  const row = {} as Record<string, string>;

  async function insert(sql: string, params: unknown[]): Promise<string> {
    const { rows } = await db.query<{ id: string }>(`${sql} returning id`, params);
    return rows[0]!.id;
  }

  beforeAll(async () => {
    ({ db, close } = await backend.open());
    await seedSampleContent(db);
    const paper = `insert into public.research_papers (title, abstract, authors, journal, tags, status, date) values ($1, $2, $3::text[], $4, $5::text[], $6, $7::date)`;
    row.titled = await insert(paper, ['Kestrel operators on graphs', 'We study something else entirely.', ['A. Author'], 'Annals', [], 'published', '2024-01-01']);
    row.bodied = await insert(paper, ['On operators', 'A remark about the kestrel operator in passing.', ['A. Author'], 'Annals', [], 'published', '2025-01-01']);
    row.tagged = await insert(paper, ['Tagged paper', 'Nothing here.', ['B. Author'], 'Journal of Ornithology', ['kestrel'], 'preprint', '2023-01-01']);
    row.draft = await insert(paper, ['A draft about the quillwort conjecture', 'Unfinished.', [], '', [], 'draft', '2025-02-02']);
    row.zero = await insert(paper, ['Marshwort', 'The function has no zero on the line; the theorem was proved in 1990.', [], '', [], 'published', '2020-01-01']);
    row.proof = await insert(paper, ['Marshwort notes', 'A short proof and nothing more.', [], '', [], 'published', '2020-01-02']);
    row.phrase = await insert(paper, ['Fenbeck one', 'Bounds on the spectral gap of fenbeck graphs.', [], '', [], 'published', '2021-01-01']);
    row.apart = await insert(paper, ['Fenbeck two', 'The gap between fenbeck graphs is spectral in nature.', [], '', [], 'published', '2021-01-02']);
    row.survey = await insert(paper, ['Fenbeck survey', 'A survey of the spectral gap of fenbeck graphs.', [], '', [], 'published', '2021-01-03']);
    // Papers of other kinds whose venue is not a journal (issue 45): a book's publisher, a thesis's institution,
    // a conference paper's conference, and a draft that names all three.
    const venued = `insert into public.research_papers (title, abstract, authors, journal, kind, publisher, institution, event_name, status, date)
      values ($1, 'Nothing here.', '{}', $2, $3, $4, $5, $6, $7, '2022-01-01')`;
    row.book = await insert(venued, ['A book', '', 'book', 'Wrenfield Press', '', '', 'published']);
    row.thesis = await insert(venued, ['A thesis', '', 'phd-thesis', '', 'University of Tarnholm', '', 'published']);
    row.conference = await insert(venued, ['A talk written up', 'Proceedings', 'conference', '', '', 'Symposium on Gorsebank Lattices', 'published']);
    row.venueDraft = await insert(venued, ['A draft book', '', 'book', 'Wrenfield Press', 'University of Tarnholm', 'Symposium on Gorsebank Lattices', 'draft']);
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
    // ts_headline's passage runs from the first matched word for about 15 words: into the formula after it.
    row.formulaEnd = await insert(paper, ['Sedgeling', `The sedgeling bound ${words(8)} $\\sum_{k=1}^{n} a_k b_k \\le \\sqrt{\\sum a_k^2} \\sqrt{\\sum b_k^2}$ closes.`, [], '', [], 'published', '2019-01-01']);
    // Near the end of the body, the passage reaches back for its 15 words: from inside the formula before.
    row.formulaStart = await insert(paper, ['Sedgeling two', `${words(30)} $${Array(20).fill('\\alpha').join(' + ')}$ then the sedgeling ends.`, [], '', [], 'published', '2019-01-02']);
    row.formulaInside = await insert(paper, ['Sedgeling three', `${words(30)} $x + y + \\mathrm{sedgeling}(z) + w = \\int_0^1 f$ and then more words follow here.`, [], '', [], 'published', '2019-01-03']);

    const blog = `insert into public.blog_posts (title, slug, excerpt, content, tags, date) values ($1, $2, $3, $4, $5::text[], $6::date)`;
    row.blog1 = await insert(blog, ['Walking', 'walking-quillwort', '', 'Notes on the quillwort by the river, $q^2$ and all.', ['botany'], '2024-05-01']);
    row.blog2 = await insert(blog, ['Quillwort again', 'quillwort-again', 'More quillwort.', 'Body.', [], '2024-06-01']);
    row.headed = await insert(blog, [
      'Counting herons',
      'counting-herons',
      '',
      '# Heronry counts\n\nWe count **herons** in $O(\\sqrt{n})$ steps, *see* [the notes](https://example.org/notes).\n\n- 12 nests, <b>2 < 3</b>',
      [],
      '2024-06-02',
    ]);

    row.project = await insert(`insert into public.projects (title, description, technologies, category) values ($1, $2, $3::text[], $4)`, [
      'Tracker',
      '<p>A <a href="https://example.org/x">quillwort</a> tracker &amp; <strong>map</strong> &lt;beta&gt;</p>',
      ['TypeScript'],
      'web',
    ]);
    row.personal = await insert(`insert into public.personal_posts (title, content, date) values ($1, $2, $3::date)`, [
      '',
      '<p>A <em>quillwort</em> morning &amp; tea</p><p>Then the rest of the day.</p>',
      '2024-07-01',
    ]);
    row.headedPersonal = await insert(`insert into public.personal_posts (title, content, date) values ($1, $2, $3::date)`, [
      '',
      '<p># Heron season</p><p>Birds by the quillwort pond.</p>',
      '2024-07-02',
    ]);
    row.experience = await insert(
      `insert into public.experience (title, company, location, description, highlights, technologies, start_date) values ($1, $2, $3, $4, $5::text[], $6::text[], $7)`,
      ['Research Assistant', 'Quillwort Institute', 'Edinburgh', 'Field work.', ['Mapped ponds'], ['R'], '2022-09'],
    );
    row.talk = await insert(`insert into public.talks (title, event_name, venue, city, abstract, start_date) values ($1, $2, $3, $4, $5, $6)`, [
      'Ponds in winter',
      'Botany Colloquium',
      'Herbarium',
      'Edinburgh',
      'What the quillwort does under the ice, with $q^2$ in it.',
      '2024-11-20',
    ]);
    row.course = await insert(
      `insert into public.courses (title, code, institution, level, terms, description, start_date) values ($1, $2, $3, $4, $5::text[], $6, $7)`,
      ['Pond ecology', 'BIO20417', 'Marshbury College', 'Undergraduate, second year', ['Michaelmas 2024'], 'The **quillwort** and its pond, with $q^2$ in it.', '2024-09'],
    );
  });

  afterAll(async () => {
    await close?.();
  });

  beforeEach(() => {
    getDb.mockReset();
    getDb.mockImplementation(async () => db);
  });

  it('ranks a title match above a tag match, and that above a body match', async () => {
    const { hits } = await searchSite('kestrel', { type: 'research' });
    const order = ids(hits).filter((id) => [row.titled, row.bodied, row.tagged].includes(id));
    expect(order).toEqual([row.titled, row.tagged, row.bodied]);
  });

  it('stems English words: "zeros" finds "zero", "proving" finds "proved" but not "proof"', async () => {
    expect(ids((await searchSite('zeros marshwort')).hits)).toEqual([row.zero]);
    const proving = ids((await searchSite('proving marshwort')).hits);
    expect(proving).toContain(row.zero);
    expect(proving).not.toContain(row.proof);
  });

  it('matches a phrase in quotes only as a phrase, and leaves out words after "-"', async () => {
    const phrase = ids((await searchSite('"spectral gap" fenbeck')).hits);
    expect(phrase).toContain(row.phrase);
    expect(phrase).toContain(row.survey);
    expect(phrase).not.toContain(row.apart);
    const excluded = ids((await searchSite('"spectral gap" fenbeck -survey')).hits);
    expect(excluded).toEqual([row.phrase]);
  });

  it('completes the last word while it is typed, but not a quoted or excluded one', async () => {
    expect(ids((await searchSite('fenbeck spect')).hits).sort()).toEqual([row.phrase, row.apart, row.survey].sort());
    expect(ids((await searchSite('kestr', { type: 'research' })).hits)).toEqual(expect.arrayContaining([row.titled, row.bodied, row.tagged]));
    // A stop word is still the start of others: 'the' finds 'theorem'.
    expect(ids((await searchSite('marshwort the')).hits)).toEqual([row.zero]);
    expect((await searchSite('"fenbeck spect"')).hits).toEqual([]);
    expect(ids((await searchSite('fenbeck -surv')).hits)).toContain(row.survey);
  });

  it('never finds a draft paper, and finds it on the next call once it is published', async () => {
    expect(ids((await searchSite('quillwort conjecture')).hits)).toEqual([]);
    expect((await searchSite('quillwort')).counts.research).toBe(0);
    await db.query(`update public.research_papers set status = 'published' where id = $1`, [row.draft]);
    try {
      expect(ids((await searchSite('quillwort conjecture')).hits)).toEqual([row.draft]);
    } finally {
      await db.query(`update public.research_papers set status = 'draft' where id = $1`, [row.draft]);
    }
  });

  it("finds a paper by its publisher, its institution and its conference's name, a draft by none of them", async () => {
    expect(ids((await searchSite('Wrenfield Press')).hits)).toEqual([row.book]);
    expect(ids((await searchSite('Tarnholm')).hits)).toEqual([row.thesis]);
    expect(ids((await searchSite('gorsebank lattices')).hits)).toEqual([row.conference]);
    // The draft names all three and is found by none; published, by each.
    await db.query(`update public.research_papers set status = 'published' where id = $1`, [row.venueDraft]);
    try {
      for (const words of ['Wrenfield Press', 'Tarnholm', 'gorsebank lattices']) expect(ids((await searchSite(words)).hits), words).toContain(row.venueDraft);
    } finally {
      await db.query(`update public.research_papers set status = 'draft' where id = $1`, [row.venueDraft]);
    }
  });

  it('counts the matches of each type whatever the type filter, and the filter keeps its type only', async () => {
    const all = await searchSite('quillwort');
    expect(all.counts).toEqual({ research: 0, talks: 1, courses: 1, blog: 2, projects: 1, personal: 2, experience: 1 });
    expect(new Set(all.hits.map((hit) => hit.type))).toEqual(new Set(['talks', 'courses', 'blog', 'projects', 'personal', 'experience']));
    expect(all.hits.find((hit) => hit.type === 'talks')).toMatchObject({ id: row.talk, href: `/talks/${row.talk}`, title: 'Ponds in winter', date: '2024-11-20' });
    const course = all.hits.find((hit) => hit.type === 'courses')!;
    expect(course).toMatchObject({ id: row.course, href: `/teaching/${row.course}`, title: 'Pond ecology', date: '2024-09' });
    // The description's excerpt as a reader sees it: no markup, the formula as text.
    expect(course.excerpt.map((part) => part.text).join('')).toBe('The quillwort and its pond, with q² in it.');
    // A course is found by its code, its institution, its level and its terms (weight B), not only its text.
    for (const words of ['BIO20417', 'Marshbury', 'Michaelmas']) expect(ids((await searchSite(words)).hits), words).toEqual([row.course]);
    const blog = await searchSite('quillwort', { type: 'blog' });
    expect(blog.counts).toEqual(all.counts);
    expect(blog.hits.map((hit) => hit.type)).toEqual(['blog', 'blog']);
    expect((await searchSite('quillwort', { limit: 1 })).hits).toHaveLength(1);
    expect((await searchSite('quillwort', { limit: 1000 })).hits).toHaveLength(8);
    expect((await searchSite('kestrel', { type: 'experience' })).hits).toEqual([]);
  });

  it('answers each hit with its public address, plain title and date', async () => {
    const { hits } = await searchSite('quillwort');
    const byId = new Map(hits.map((hit) => [hit.id, hit]));
    expect(byId.get(row.blog1)).toMatchObject({ type: 'blog', href: '/blog/walking-quillwort', title: 'Walking', date: '2024-05-01' });
    expect(byId.get(row.project)).toMatchObject({ type: 'projects', href: `/projects#${row.project}`, title: 'Tracker', date: null });
    expect(byId.get(row.experience)).toMatchObject({
      href: `/experience#${row.experience}`,
      title: 'Research Assistant, Quillwort Institute',
      date: '2022-09',
    });
    // An untitled personal post: its '# ' line by the site's rule, else its first line, never its HTML.
    expect(byId.get(row.headedPersonal)).toMatchObject({ href: `/personal/${row.headedPersonal}`, title: 'Heron season', date: '2024-07-02' });
    expect(byId.get(row.personal)?.title).toBe('A quillwort morning & tea');
    const paper = (await searchSite('kestrel operators')).hits.find((hit) => hit.id === row.titled);
    expect(paper).toMatchObject({ href: `/research/${row.titled}`, date: '2024-01-01' });
    // The '# ' line of an untitled post weighs as its title.
    expect((await searchSite('heron')).hits[0]?.id).toBe(row.headedPersonal);
  });

  it('marks the matched words in the excerpt', async () => {
    const hit = (await searchSite('"spectral gap" fenbeck')).hits.find((found) => found.id === row.phrase)!;
    expect(text(hit)).toBe('Bounds on the spectral gap of fenbeck graphs.');
    expect(marked(hit)).toEqual(['spectral', 'gap', 'fenbeck']);
    const prefix = (await searchSite('fenbeck spect')).hits.find((found) => found.id === row.apart)!;
    expect(marked(prefix)).toEqual(expect.arrayContaining(['spectral']));
  });

  it('makes excerpts from the text readers see: no markup, formulas as readable text', async () => {
    const headed = (await searchSite('heronry nests')).hits.find((hit) => hit.id === row.headed)!;
    expect(text(headed)).toBe('Heronry counts We count herons in O(√n) steps, see the notes. 12 nests, 2 < 3');
    expect(marked(headed)).toEqual(['heronry', 'nests']);
    const whole = (await searchSite('quillwort river')).hits.find((hit) => hit.id === row.blog1)!;
    expect(text(whole)).toBe('Notes on the quillwort by the river, q² and all.');
    const inside = (await searchSite('sedgeling')).hits.find((hit) => hit.id === row.formulaInside)!;
    // (How many words come before differs between Postgres versions.)
    expect(text(inside)).toMatch(/^…(?:word\d+ )+x \+ y \+ sedgeling\(z\) \+ w = ∫₀¹ f and then more words follow here\.$/);
    // The sample content's posts open with '# ' headings and hold TeX: none of it shows.
    for (const query of ['the', 'zeros', 'zeta', 'spect', 'graph', 'sedgeling', 'theorem', 'prime', 'a', 'python', 'computing']) {
      for (const hit of (await searchSite(query, { limit: 50 })).hits) {
        expect(text(hit), query).not.toMatch(/(^|…)#|\\[A-Za-z]+|\$[^$\s][^$]*\$|\*\*|\]\(/);
      }
    }
  });

  it('never cuts a formula open in an excerpt', async () => {
    const end = (await searchSite('sedgeling bound')).hits.find((hit) => hit.id === row.formulaEnd)!;
    expect(text(end)).toBe('…sedgeling bound word0 word1 word2 word3 word4 word5 word6 word7…');
    const start = (await searchSite('sedgeling')).hits.find((hit) => hit.id === row.formulaStart)!;
    expect(text(start)).toBe(`…word29 ${Array(20).fill('α').join(' + ')} then the sedgeling ends.`);
  });

  it('shows no HTML of projects or personal posts in a title or an excerpt', async () => {
    const { hits } = await searchSite('quillwort');
    const project = hits.find((hit) => hit.id === row.project)!;
    // '&lt;beta&gt;' is text in the HTML: shown as the text it is.
    expect(text(project)).toBe('A quillwort tracker & map <beta>');
    expect(marked(project)).toEqual(['quillwort']);
    const personal = hits.find((hit) => hit.id === row.personal)!;
    expect(text(personal)).toBe('A quillwort morning & tea Then the rest of the day.');
    for (const hit of hits) {
      expect(`${hit.title} ${text(hit)}`).not.toMatch(/<\/?(?:p|a|em|strong)\b[^>]*>|&amp;|&lt;/i);
    }
  });

  describe('answers any query, never with an error', () => {
    const hostile = [
      '&|!():*',
      ':*',
      '"',
      '"spectral gap',
      'spectral "gap',
      '\\',
      'a\\b \\\\ \\"',
      "'; drop table research_papers; --",
      "' or 1=1 --",
      'quillwort\u0000\u0001\u0002',
      '!!!',
      '-',
      '- - -',
      'or',
      'OR OR',
      '<->',
      'a <-> b',
      'kestrel:* & !fenbeck | (x',
      '$x^2$',
      '🦉🔥 👩‍👩‍👧',
      'שלום עולם',
      'مرحبا بالعالم',
      'Riemannsche Vermutung über Nullstellen',
      '黎曼猜想',
      '½ ² ⅷ',
      '\ud800 half a character',
      'the of and',
    ];

    it.each(hostile)('%j', async (query) => {
      const result = await searchSite(query);
      expectAnswer(result);
      expect(result.cut).toBe(false);
    });

    it('cuts a 2,000-character query to the limit, and says so', async () => {
      for (const query of ['kestrel '.repeat(250), 'x'.repeat(2000), '👩‍👩‍👧'.repeat(400), '"' + 'a'.repeat(1999)]) {
        const result = await searchSite(query);
        expectAnswer(result);
        expect(result.cut).toBe(true);
        expect(Array.from(result.query).length).toBeLessThanOrEqual(SEARCH_LIMITS.queryChars);
      }
      expect(ids((await searchSite('kestrel '.repeat(250), { type: 'research' })).hits)).toContain(row.titled);
    });

    it('answers an empty query (or one of whitespace and control characters) without the database', async () => {
      for (const query of ['', '   ', '\n\t', '\u0000\u0001']) {
        expect(await searchSite(query)).toEqual({ query: '', cut: false, hits: [], counts: { research: 0, talks: 0, courses: 0, blog: 0, projects: 0, personal: 0, experience: 0 }, busy: false });
      }
      expect(getDb).not.toHaveBeenCalled();
    });

    it('takes an unknown type as every type and any limit as one from 0 to the most', async () => {
      const all = await searchSite('quillwort');
      expect(await searchSite('quillwort', { type: 'nope' as never, limit: Number.NaN })).toEqual(all);
      expect((await searchSite('quillwort', { limit: -5 })).hits).toEqual([]);
    });
  });

  it('runs as many searches at once as its queue holds, and answers the rest busy without searching', async () => {
    const alone = await searchSite('quillwort');
    const answers = await Promise.all(Array.from({ length: SEARCH_CAPACITY.queue + 4 }, () => searchSite('quillwort')));
    expect(answers.filter((answer) => !answer.busy)).toHaveLength(SEARCH_CAPACITY.queue);
    for (const answer of answers) expect(answer).toEqual(answer.busy ? { ...alone, hits: [], counts: { research: 0, talks: 0, courses: 0, blog: 0, projects: 0, personal: 0, experience: 0 }, busy: true } : alone);
    expect(alone.hits.length).toBeGreaterThan(0);
    expect(await searchSite('quillwort')).toEqual(alone);
  });

  it('is not cached: a search reads the database every time, so nothing typed fills the shared cache', async () => {
    cache.cacheTag.mockClear();
    await searchSite('kestrel');
    expect(cache.cacheTag).not.toHaveBeenCalled();
  });
});

describe('a site upgraded to the inline vectors (migration 20261126140000)', () => {
  it('rewrites the rows there are, keeps each updated_at, keeps the vector in the row, and still finds them', async () => {
    const { cpSync, mkdtempSync, readdirSync, rmSync } = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { openPglite } = await import('@/lib/db/pglite');
    const all = path.join(process.cwd(), 'supabase', 'migrations');
    const before = mkdtempSync(path.join(os.tmpdir(), 'search-upgrade-migrations-'));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'search-upgrade-db-'));
    for (const file of readdirSync(all)) if (file < '20261126140000') cpSync(path.join(all, file), path.join(before, file));
    await preparePgliteDir('empty', dataDir);
    const db = await openPglite(dataDir);
    try {
      await migrate(db, { authBootstrap: true, migrationsDir: before });
      const body = Array.from({ length: 400 }, (_, index) => `wordling${index} kestrel`).join(' ');
      const { rows } = await db.query<{ id: string }>(
        `insert into public.blog_posts (title, slug, excerpt, content, tags, updated_at) values ('Upgraded', 'upgraded', '', $1, '{}', '2020-01-02T03:04:05Z') returning id`,
        [body],
      );
      const storage = `select count(*)::int as n from pg_attribute where attname = 'search' and attstorage = 'm'
                         and attrelid in ('public.research_papers'::regclass, 'public.blog_posts'::regclass, 'public.projects'::regclass,
                                          'public.personal_posts'::regclass, 'public.experience'::regclass)`;
      const chunk = `select pg_column_toast_chunk_id(search) as chunk, updated_at::text as updated from public.blog_posts where id = $1`;
      expect((await db.query<{ n: number }>(storage)).rows[0]!.n).toBe(0);
      expect((await db.query<{ chunk: string | null }>(chunk, [rows[0]!.id])).rows[0]!.chunk).not.toBeNull();

      expect((await migrate(db, { authBootstrap: true })).applied).toContain('20261126140000_search_inline.sql');
      expect((await db.query<{ n: number }>(storage)).rows[0]!.n).toBe(5);
      const after = (await db.query<{ chunk: string | null; updated: string }>(chunk, [rows[0]!.id])).rows[0]!;
      expect(after.chunk).toBeNull();
      expect(after.updated).toBe('2020-01-02 03:04:05+00');
      getDb.mockResolvedValue(db);
      expect(ids((await searchSite('wordling399 kestrel')).hits)).toEqual([rows[0]!.id]);
      // The triggers are on again: a save still moves updated_at.
      await db.query(`update public.blog_posts set title = 'Upgraded again' where id = $1`, [rows[0]!.id]);
      expect((await db.query<{ chunk: string | null; updated: string }>(chunk, [rows[0]!.id])).rows[0]!.updated).not.toBe('2020-01-02 03:04:05+00');
    } finally {
      await db.close();
      rmSync(before, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
