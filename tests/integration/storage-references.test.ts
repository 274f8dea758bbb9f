import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/lib/db/types';
import { findContentReferences } from '@/lib/storage/references';
import { openTestPglite } from '../helpers/db';

let db: Database;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ db, cleanup } = await openTestPglite());
  await db.query(`insert into public.blog_posts (title, slug, content, cover_image) values ('Cover post', 'cover-post', 'text', '/storage/blog-images/1-abc.png')`);
  await db.query(`insert into public.blog_posts (title, slug, content) values ('Inline post', 'inline-post', '![x](http://site/storage/blog-images/1-abc.png)')`);
  await db.query(`insert into public.personal_posts (title, content, image_urls) values ('', 'hello', array['https://p.supabase.co/storage/v1/object/public/personal-images/2_x.webp'])`);
  await db.query(`insert into public.research_papers (title, pdf_url) values ('A paper', '/storage/research-papers/3-x.pdf')`);
});

afterAll(() => cleanup());

describe('the media library warns when content still refers to a file', () => {
  it('finds a blog cover image and an image inside a post body', async () => {
    const refs = await findContentReferences(db, 'blog-images', '1-abc.png');
    expect(refs).toEqual(expect.arrayContaining([{ kind: 'Blog post', title: 'Cover post' }, { kind: 'Blog post', title: 'Inline post' }]));
    expect(refs).toHaveLength(2);
  });

  it('finds a personal post image by its Supabase URL and names an untitled post', async () => {
    expect(await findContentReferences(db, 'personal-images', '2_x.webp')).toEqual([{ kind: 'Personal post', title: '(untitled)' }]);
  });

  it('finds a research paper PDF', async () => {
    expect(await findContentReferences(db, 'research-papers', '3-x.pdf')).toEqual([{ kind: 'Research paper', title: 'A paper' }]);
  });

  it('treats LIKE wildcards in a name literally and finds nothing for an unused file', async () => {
    expect(await findContentReferences(db, 'personal-images', '2%x.webp')).toEqual([]);
    expect(await findContentReferences(db, 'blog-images', '9-unused.png')).toEqual([]);
  });
});
