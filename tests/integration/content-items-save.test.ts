import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { COOKIES } from '@/lib/auth/constants';
import { createPasswordUser, createSession } from '@/lib/auth/local-store';
import type { Database } from '@/lib/db/types';
import { checkBlogPost } from '@/lib/validation/blog';
import { checkPersonalPost } from '@/lib/validation/personal';
import { checkPaper, PAPER_ISBN_INVALID, PAPER_LINK_INVALID } from '@/lib/validation/research';
import { EMPTY_VENUE } from '../fixtures/papers';
import { makeAdmin, openTestPglite } from '../helpers/db';

/**
 * The item editors' writes on the real schema (PGlite): blog posts, personal posts and research papers are
 * created, updated and deleted one at a time, each write expiring its entity's tag. A taken slug is the
 * admin's to fix, never a database error. Papers' kinds and venues (issue 45) go through the Research Papers
 * editor's own server actions, the admin check run for real on a built-in session read from the request's
 * cookies. Next's cache functions and request cookies are doubles here.
 */
const database: { db?: Database } = {};
const SECRET = new TextEncoder().encode('content-items-save-test-secret-0123456789');
const cache = vi.hoisted(() => ({ cacheTag: vi.fn(), updateTag: vi.fn(), revalidateTag: vi.fn() }));
const jar = vi.hoisted(() => new Map<string, string>());
vi.mock('next/cache', () => cache);
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));
vi.mock('@/lib/auth/secret', () => ({ getAuthSecret: () => SECRET }));
vi.mock('next/headers', async () => (await import('../helpers/next-headers')).nextHeadersDouble(jar));

const blog = await import('@/lib/content/blog/queries');
const personal = await import('@/lib/content/personal/queries');
const research = await import('@/lib/content/research/queries');
const { AdminFacingError } = await import('@/lib/auth/admin-action');
const { createPaperAction, updatePaperAction } = await import('@/app/admin/(guarded)/research/edit/actions');

let cleanup: () => Promise<void>;

beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanup = opened.cleanup;
  // The owner, signed in for the actions.
  const owner = await createPasswordUser(opened.db, 'owner@example.com', 'not-a-real-hash');
  if (!owner.ok) throw new Error(owner.error);
  await makeAdmin(opened.db, owner.data.id);
  const session = await createSession(opened.db, SECRET, owner.data, 'vitest');
  jar.set(COOKIES.access, session.access_token);
  jar.set(COOKIES.refresh, session.refresh_token);
});

afterAll(async () => {
  await cleanup();
});

beforeEach(() => {
  cache.updateTag.mockClear();
});

function valid<T>(checked: { ok: true; data: T } | { ok: false; error: string }): T {
  if (!checked.ok) throw new Error(checked.error);
  return checked.data;
}

const today = async () => (await database.db!.query<{ d: string }>('select current_date::text as d')).rows[0]!.d;

describe('blog posts', () => {
  const input = (slug: string, title = 'Counting primes') => valid(checkBlogPost({ title, slug, excerpt: 'E', tags: 'a, b', coverImage: '', content: '$x$' }));

  it('creates, updates and deletes, dating each save today and expiring the blog tag', async () => {
    const created = await blog.createBlogPost(input('Counting Primes'));
    expect(created).toMatchObject({ slug: 'counting-primes', tags: ['a', 'b'], date: await today() });
    expect(cache.updateTag).toHaveBeenCalledWith('blog');
    const updated = await blog.updateBlogPost(created.id, input('counting-primes', 'Counting primes, again'));
    expect(updated).toMatchObject({ id: created.id, title: 'Counting primes, again' });
    expect((await blog.getBlogPostsForEditing()).map((post) => post.id)).toContain(created.id);
    expect(await blog.deleteBlogPost(created.id)).toBe(true);
    expect(await blog.deleteBlogPost(created.id)).toBe(false);
    expect(await blog.updateBlogPost(created.id, input('gone'))).toBeNull();
  });

  it('refuses a slug another post has with a message for the slug field, on create and on update', async () => {
    const first = await blog.createBlogPost(input('taken'));
    const second = await blog.createBlogPost(input('free'));
    const refusal = blog.createBlogPost(input('Taken'));
    await expect(refusal).rejects.toBeInstanceOf(AdminFacingError);
    await expect(refusal).rejects.toMatchObject({ fieldErrors: { slug: expect.stringContaining('"taken"') } });
    await expect(blog.updateBlogPost(second.id, input('taken'))).rejects.toBeInstanceOf(AdminFacingError);
    // Keeping its own slug is no conflict.
    await expect(blog.updateBlogPost(first.id, input('taken', 'Retitled'))).resolves.toMatchObject({ title: 'Retitled' });
  });
});

describe('personal posts', () => {
  it('stores sanitised HTML, an empty image list as null, and keeps the date on edit', async () => {
    const created = await personal.createPersonalPost(
      valid(checkPersonalPost({ title: 'Walk', type: 'update', content: '<p onclick="x()">Hi<script>alert(1)</script></p>', imageUrls: [] })),
    );
    expect(created.content).toBe('<p>Hi</p>');
    expect(created.imageUrls).toEqual([]);
    const { rows } = await database.db!.query<{ image_urls: string[] | null }>('select image_urls from personal_posts where id = $1', [created.id]);
    expect(rows[0]!.image_urls).toBeNull();
    await database.db!.query(`update personal_posts set date = '2020-01-02' where id = $1`, [created.id]);
    const updated = await personal.updatePersonalPost(
      created.id,
      valid(checkPersonalPost({ title: 'Walk', type: 'thought', content: '<p>Edited</p>', imageUrls: ['/storage/personal-images/a.png'] })),
    );
    expect(updated).toMatchObject({ date: '2020-01-02', type: 'thought', imageUrls: ['/storage/personal-images/a.png'] });
    expect(cache.updateTag).toHaveBeenCalledWith('personal');
    expect(await personal.deletePersonalPost(created.id)).toBe(true);
  });
});

describe('research papers', () => {
  it('creates with split lists and a null link, updates, lists by date then title, deletes', async () => {
    const paper = (title: string, date: string) =>
      valid(checkPaper({ title, journal: 'Annals', authors: 'A, B', date, abstract: '$x$', link: '', pdfUrl: '', tags: 't1, t2', status: 'odd' }));
    const older = await research.createPaper(paper('B paper', '2024-01-01'));
    const newer = await research.createPaper(paper('A paper', '2025-01-01'));
    // A form without a kind (made before issue 45) saves a journal article.
    expect(older).toMatchObject({ authors: ['A', 'B'], tags: ['t1', 't2'], link: null, status: 'published', kind: 'article' });
    expect((await research.getPapersForEditing()).slice(0, 2).map((p) => p.id)).toEqual([newer.id, older.id]);
    const updated = await research.updatePaper(older.id, { ...paper('B paper', '2024-01-01'), status: 'draft' });
    expect(updated?.status).toBe('draft');
    expect(cache.updateTag).toHaveBeenCalledWith('research');
    expect(await research.deletePaper(older.id)).toBe(true);
    expect(await research.updatePaper(older.id, paper('x', '2024-01-01'))).toBeNull();
  });

  it('stores the DOI and arXiv identifier normalised, and the schema refuses a malformed one written past the form', async () => {
    const created = await research.createPaper(
      valid(
        checkPaper({ title: 'Identified', journal: 'J', authors: 'A', date: '2024-02-02', abstract: '', link: '', pdfUrl: '', tags: '', doi: 'https://doi.org/10.1000/ID.1', arxivId: 'arXiv:2402.00002v2', status: 'preprint' }),
      ),
    );
    expect(created).toMatchObject({ doi: '10.1000/ID.1', arxivId: '2402.00002v2' });
    expect(await research.getResearchPaper(created.id)).toMatchObject({ doi: '10.1000/ID.1', arxivId: '2402.00002v2' });
    await expect(database.db!.query(`update research_papers set doi = 'not a doi' where id = $1`, [created.id])).rejects.toMatchObject({ code: '23514' });
    await expect(database.db!.query(`update research_papers set arxiv_id = '2402' where id = $1`, [created.id])).rejects.toMatchObject({ code: '23514' });
    await research.deletePaper(created.id);
  });

  it('imports BibTeX entries in one transaction, skipping what is stored by then, all or nothing', async () => {
    const { previewBibtex } = await import('@/lib/content/research/bibtex-import');
    const bib = `@article{one, author={Erd{\\H o}s, Paul}, title={First imported}, journal={J}, year=2020, doi={10.1000/one}}
@misc{two, author={Morgan, Alex}, title={Second imported $x^2$}, year=2021, eprint={2101.00002}, archivePrefix={arXiv}}`;
    const chooseAll = (stored: { id: string; title: string; doi: string | null }[]) => {
      const entries = previewBibtex(bib, stored).entries.filter((entry) => !entry.duplicate);
      return { papers: entries.map((entry) => entry.paper), result: entries.length };
    };
    cache.updateTag.mockClear();
    const first = await research.importPapers(chooseAll);
    expect(first.created.map((paper) => [paper.title, paper.authors[0], paper.status])).toEqual([
      ['First imported', 'Paul Erdős', 'published'],
      ['Second imported $x^2$', 'Alex Morgan', 'preprint'],
    ]);
    expect(cache.updateTag).toHaveBeenCalledWith('research');
    // The same file again: both are on the site now, nothing is added.
    const again = await research.importPapers(chooseAll);
    expect(again).toMatchObject({ created: [], result: 0 });
    // A failing insert part-way rolls back the ones before it.
    const before = (await research.getPapersForEditing()).length;
    const good = first.created[0]!;
    const values = { ...EMPTY_VENUE, title: 'Rolled back', abstract: '', authors: ['A'], date: '2020-01-01', journal: 'J', link: null, pdfUrl: null, tags: [], status: 'published' as const, doi: null, arxivId: null };
    await expect(research.importPapers(() => ({ papers: [values, { ...values, doi: 'bad' }], result: null }))).rejects.toThrow();
    expect((await research.getPapersForEditing()).length).toBe(before);
    for (const paper of first.created) await research.deletePaper(paper.id);
    expect(good.doi).toBe('10.1000/one');
  });
});

describe("research papers' kinds and venues, through the editor's actions", () => {
  /** The form's fields for a paper, with `fields` on top: a journal article unless they say otherwise. */
  const form = (fields: Record<string, unknown> = {}) => ({
    kind: 'article',
    title: 'A work',
    journal: 'Journal of Number Theory',
    authors: 'Alex Morgan',
    date: '2024-05-01',
    abstract: '',
    link: '',
    pdfUrl: '',
    tags: '',
    doi: '',
    arxivId: '',
    status: 'published',
    ...fields,
  });

  function saved<T>(result: { ok: true; data: T } | { ok: false; error: string }): T {
    if (!result.ok) throw new Error(result.error);
    return result.data;
  }

  /** Every stored paper, as rows: a refused save must leave them as they were. */
  const stored = async () => (await database.db!.query('select * from research_papers order by id')).rows;

  it('stores a book with its publisher, edition, editors and ISBN, and reads it back with them', async () => {
    const book = saved(
      await createPaperAction(
        form({ kind: 'book', title: 'Sieves in practice', journal: '', publisher: 'Cambridge University Press', edition: '2', editors: 'Ada Editor, Ben Editor', isbn: '978-0-306-40615-7' }),
      ),
    );
    const venue = { kind: 'book', journal: '', publisher: 'Cambridge University Press', edition: '2', editors: ['Ada Editor', 'Ben Editor'], isbn: '978-0-306-40615-7', volume: '', pages: '' };
    expect(book).toMatchObject(venue);
    expect(await research.getResearchPaper(book.id)).toMatchObject(venue);
    await research.deletePaper(book.id);
  });

  it("empties what the new kind does not have: an article's volume, issue, pages and journal when it becomes a book", async () => {
    const fields = { title: 'Changed kind', volume: '241', issue: '3', pages: '1–37', publisher: 'Springer' };
    const article = saved(await createPaperAction(form(fields)));
    expect(article).toMatchObject({ kind: 'article', journal: 'Journal of Number Theory', volume: '241', issue: '3', pages: '1–37', publisher: '' });
    // The form still holds the article's fields when the kind changes: the save keeps only the book's.
    saved(await updatePaperAction(article.id, form({ ...fields, kind: 'book' })));
    expect(await research.getResearchPaper(article.id)).toMatchObject({ kind: 'book', journal: '', volume: '', issue: '', pages: '', publisher: 'Springer' });
    await research.deletePaper(article.id);
  });

  it('keeps pages and a volume as written: 1–37, 1-37, e123, S1, IV', async () => {
    for (const pages of ['1–37', '1-37', 'e123', 'S1']) {
      const paper = saved(await createPaperAction(form({ title: `Pages ${pages}`, volume: 'IV', pages })));
      expect(await research.getResearchPaper(paper.id), pages).toMatchObject({ pages, volume: 'IV' });
      await research.deletePaper(paper.id);
    }
  });

  it('refuses an ISBN whose check digit is wrong, on create and on update, writing nothing', async () => {
    const book = saved(await createPaperAction(form({ kind: 'book', title: 'A book', journal: '', publisher: 'Springer', isbn: '0-306-40615-2' })));
    const before = await stored();
    const wrong = form({ kind: 'book', title: 'A book', journal: '', publisher: 'Springer', isbn: '978-0-306-40615-8' });
    const refusal = { ok: false, error: PAPER_ISBN_INVALID, fieldErrors: { isbn: PAPER_ISBN_INVALID } };
    expect(await createPaperAction(wrong)).toEqual(refusal);
    expect(await updatePaperAction(book.id, wrong)).toEqual(refusal);
    expect(await stored()).toEqual(before);
    await research.deletePaper(book.id);
  });

  it('refuses, writing nothing: 500 editors, a book without its publisher, a javascript: link', async () => {
    const before = await stored();
    const editors = Array.from({ length: 500 }, (_, index) => `Editor ${index}`).join(', ');
    expect(await createPaperAction(form({ kind: 'book', journal: '', publisher: 'Springer', editors }))).toEqual({
      ok: false,
      error: 'At most 100 editors.',
      fieldErrors: { editors: 'At most 100 editors.' },
    });
    expect(await createPaperAction(form({ kind: 'book', journal: '', publisher: '  ' }))).toEqual({
      ok: false,
      error: 'Validation Error: Title, authors, and publisher are required.',
      fieldErrors: { publisher: 'Enter the publisher.' },
    });
    expect(await createPaperAction(form({ link: 'javascript:alert(document.cookie)' }))).toEqual({
      ok: false,
      error: PAPER_LINK_INVALID,
      fieldErrors: { link: PAPER_LINK_INVALID },
    });
    expect(await stored()).toEqual(before);
  });
});
