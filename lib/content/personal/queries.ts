import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { sanitizeHtml } from '@/lib/sanitize';
import { isUuid } from '@/lib/validation/lists';
import type { PersonalPostValues } from '@/lib/validation/personal';
import { afterContentWrite, TAGS } from '../tags';
import { isPersonalType, type PersonalPost } from './types';

export type { PersonalPost, PersonalType } from './types';

interface PersonalPostRow {
  id: string;
  title: string;
  content: string;
  date: string;
  type: string;
  image_urls: string[] | null;
  created_at: Date | string;
}

// `date::text`: a date column would otherwise come back as a JS Date at the server's local midnight.
const COLUMNS = 'id, title, content, date::text as date, type, image_urls, created_at';

function toPersonalPost(row: PersonalPostRow): PersonalPost {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    date: row.date,
    // The table's check constraint allows only the three types; 'story' is the column default.
    type: isPersonalType(row.type) ? row.type : 'story',
    // docs/product.md §3: image_urls may be null, read as an empty list.
    imageUrls: (row.image_urls ?? []).filter((url) => url.trim() !== ''),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Every personal post, newest first (docs/product.md §7: public list by date descending). */
export async function getPersonalPosts(): Promise<PersonalPost[]> {
  'use cache';
  cacheTag(TAGS.personal);
  const db = await getDb();
  const { rows } = await db.query<PersonalPostRow>(
    `select ${COLUMNS} from personal_posts order by date desc, created_at desc`,
  );
  return rows.map(toPersonalPost);
}

/** The post with this id, or null when there is none (a malformed id included: it names no post). */
export async function getPersonalPost(id: string): Promise<PersonalPost | null> {
  'use cache';
  cacheTag(TAGS.personal);
  // Postgres would reject a malformed uuid with an error; that is a missing post, not a failed read.
  if (typeof id !== 'string' || !isUuid(id)) return null;
  const db = await getDb();
  const { rows } = await db.query<PersonalPostRow>(`select ${COLUMNS} from personal_posts where id = $1`, [id]);
  return rows[0] ? toPersonalPost(rows[0]) : null;
}

/** Each post's id and date, at most `limit`, newest first: the sitemap's, without the posts' text. */
export async function getPersonalPostStamps(limit: number): Promise<Pick<PersonalPost, 'id' | 'createdAt'>[]> {
  'use cache';
  cacheTag(TAGS.personal);
  const db = await getDb();
  const { rows } = await db.query<{ id: string; created_at: Date | string }>(
    'select id, created_at from personal_posts order by date desc, created_at desc limit $1',
    [limit],
  );
  return rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at).toISOString() }));
}

/** The admin list (docs/product.md §7: by created_at descending), past every cache. */
export async function getPersonalPostsForEditing(): Promise<PersonalPost[]> {
  const db = await getDb();
  const { rows } = await db.query<PersonalPostRow>(`select ${COLUMNS} from personal_posts order by created_at desc`);
  return rows.map(toPersonalPost);
}

/** Stores a new post dated today (docs/product.md §5), its HTML sanitised, and answers it. */
export async function createPersonalPost(post: PersonalPostValues): Promise<PersonalPost> {
  const db = await getDb();
  const { rows } = await db.query<PersonalPostRow>(
    `insert into personal_posts (title, content, type, image_urls, date)
     values ($1, $2, $3, $4::text[], current_date)
     returning ${COLUMNS}`,
    [post.title, sanitizeHtml(post.content), post.type, post.imageUrls],
  );
  if (!rows[0]) throw new Error('The personal post was not written.');
  afterContentWrite(TAGS.personal);
  return toPersonalPost(rows[0]);
}

/** Writes over a post, keeping its date (docs/product.md §5); null when there is no such post. */
export async function updatePersonalPost(id: string, post: PersonalPostValues): Promise<PersonalPost | null> {
  const db = await getDb();
  const { rows } = await db.query<PersonalPostRow>(
    `update personal_posts set title = $1, content = $2, type = $3, image_urls = $4::text[]
      where id = $5
  returning ${COLUMNS}`,
    [post.title, sanitizeHtml(post.content), post.type, post.imageUrls, id],
  );
  if (rows[0]) afterContentWrite(TAGS.personal);
  return rows[0] ? toPersonalPost(rows[0]) : null;
}

/** Deletes a post; answers whether there was one. */
export async function deletePersonalPost(id: string): Promise<boolean> {
  const db = await getDb();
  const { rows } = await db.query<{ id: string }>('delete from personal_posts where id = $1 returning id', [id]);
  if (rows[0]) afterContentWrite(TAGS.personal);
  return rows.length > 0;
}
