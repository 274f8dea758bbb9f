import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { isUniqueViolation } from '@/lib/db/errors';
import { AdminFacingError } from '@/lib/auth/admin-action';
import { slugTaken, type BlogPostValues } from '@/lib/validation/blog';
import { boundedLimit } from '../read';
import { afterContentWrite, TAGS } from '../tags';
import { relatedPosts } from './rules';
import type { BlogPost } from './types';

export type { BlogPost } from './types';

interface BlogPostRow {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  date: string;
  tags: string[] | null;
  cover_image: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Longer slugs and tag lists name no post: a lookup with them answers nothing without querying. */
const MAX_SLUG_LENGTH = 200;
const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 100;

// `date::text`: a date column would otherwise come back as a JS Date at the server's local midnight,
// which shifts the calendar day in zones west of UTC.
const COLUMNS = 'id, title, slug, excerpt, content, date::text as date, tags, cover_image, created_at, updated_at';

function toBlogPost(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    date: row.date,
    tags: row.tags ?? [],
    // An empty cover URL is no cover: the page shows the placeholder instead of a broken image.
    coverImage: row.cover_image?.trim() ? row.cover_image.trim() : null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Every post, newest first (docs/product.md §7: public list by date descending). */
export async function getBlogPosts(): Promise<BlogPost[]> {
  'use cache';
  cacheTag(TAGS.blog);
  const db = await getDb();
  const { rows } = await db.query<BlogPostRow>(
    `select ${COLUMNS} from blog_posts order by date desc, created_at desc`,
  );
  return rows.map(toBlogPost);
}

/** The newest `limit` posts in full, newest first: the feed's (it carries 50: never the whole table, however long it grows). */
export async function getNewestBlogPosts(limit: number): Promise<BlogPost[]> {
  'use cache';
  cacheTag(TAGS.blog);
  const db = await getDb();
  const { rows } = await db.query<BlogPostRow>(`select ${COLUMNS} from blog_posts order by date desc, created_at desc limit $1`, [limit]);
  return rows.map(toBlogPost);
}

/** Each post's address and last change, at most `limit`, newest first: the sitemap's, without the posts' text. */
export async function getBlogPostStamps(limit: number): Promise<Pick<BlogPost, 'slug' | 'updatedAt'>[]> {
  'use cache';
  cacheTag(TAGS.blog);
  const db = await getDb();
  const { rows } = await db.query<{ slug: string; updated_at: Date | string }>(
    'select slug, updated_at from blog_posts order by date desc, created_at desc limit $1',
    [limit],
  );
  return rows.map((row) => ({ slug: row.slug, updatedAt: new Date(row.updated_at).toISOString() }));
}

/** The post published under `slug`, or null when there is none. */
export async function getBlogPost(slug: string): Promise<BlogPost | null> {
  'use cache';
  cacheTag(TAGS.blog);
  // Cached functions can be called by anyone (see components/site/stored-markup.tsx): bound the input.
  if (typeof slug !== 'string' || slug.length > MAX_SLUG_LENGTH) return null;
  const db = await getDb();
  const { rows } = await db.query<BlogPostRow>(`select ${COLUMNS} from blog_posts where slug = $1 limit 1`, [slug]);
  return rows[0] ? toBlogPost(rows[0]) : null;
}

/**
 * Up to `limit` other posts sharing at least one tag with the post `id` tagged `tags` (related posts: 2),
 * newest first. Takes the id and tags, not the post: a cached function's arguments are its cache key.
 */
export async function getRelatedPosts(id: string, tags: readonly string[], limit = 2): Promise<BlogPost[]> {
  'use cache';
  cacheTag(TAGS.blog);
  if (!Array.isArray(tags) || tags.length === 0 || tags.length > MAX_TAGS || tags.some((tag) => typeof tag !== 'string' || tag.length > MAX_TAG_LENGTH)) {
    return [];
  }
  limit = boundedLimit(limit);
  const db = await getDb();
  // The overlap test runs in SQL so only candidates travel; the pure helper keeps the rule in one place.
  const { rows } = await db.query<BlogPostRow>(
    `select ${COLUMNS} from blog_posts where id <> $1 and tags && $2::text[] order by date desc, created_at desc`,
    [id, [...tags]],
  );
  return relatedPosts({ id, tags }, rows.map(toBlogPost), limit);
}

/** The admin list (docs/product.md §7: by created_at descending), past every cache. */
export async function getBlogPostsForEditing(): Promise<BlogPost[]> {
  const db = await getDb();
  const { rows } = await db.query<BlogPostRow>(`select ${COLUMNS} from blog_posts order by created_at desc`);
  return rows.map(toBlogPost);
}

/** A slug another post holds is the admin's to fix, beside the field, never a database error. */
const isSlugConflict = isUniqueViolation;

async function writing<T>(slug: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isSlugConflict(error)) throw new AdminFacingError(slugTaken(slug), { slug: slugTaken(slug) });
    throw error;
  }
}

const WRITTEN = (post: BlogPostValues) => [post.title, post.slug, post.excerpt, post.content, post.tags, post.coverImage];

/** Stores a new post dated today (docs/product.md §3: the date is set on save) and answers it. */
export async function createBlogPost(post: BlogPostValues): Promise<BlogPost> {
  const db = await getDb();
  const { rows } = await writing(post.slug, () =>
    db.query<BlogPostRow>(
      `insert into blog_posts (title, slug, excerpt, content, tags, cover_image, date)
       values ($1, $2, $3, $4, $5::text[], $6, current_date)
       returning ${COLUMNS}`,
      WRITTEN(post),
    ),
  );
  if (!rows[0]) throw new Error('The blog post was not written.');
  afterContentWrite(TAGS.blog);
  return toBlogPost(rows[0]);
}

/** Writes over a post, dating it today; null when there is no such post. */
export async function updateBlogPost(id: string, post: BlogPostValues): Promise<BlogPost | null> {
  const db = await getDb();
  const { rows } = await writing(post.slug, () =>
    db.query<BlogPostRow>(
      `update blog_posts
          set title = $1, slug = $2, excerpt = $3, content = $4, tags = $5::text[], cover_image = $6, date = current_date
        where id = $7
    returning ${COLUMNS}`,
      [...WRITTEN(post), id],
    ),
  );
  if (rows[0]) afterContentWrite(TAGS.blog);
  return rows[0] ? toBlogPost(rows[0]) : null;
}

/** Deletes a post; answers whether there was one. */
export async function deleteBlogPost(id: string): Promise<boolean> {
  const db = await getDb();
  const { rows } = await db.query<{ id: string }>('delete from blog_posts where id = $1 returning id', [id]);
  if (rows[0]) afterContentWrite(TAGS.blog);
  return rows.length > 0;
}
