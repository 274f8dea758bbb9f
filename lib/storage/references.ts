import 'server-only';
import type { Queryable } from '@/lib/db/types';

export interface ContentReference {
  /** What kind of content refers to the file: 'Blog post', 'Project', … */
  kind: string;
  title: string;
}

/** LIKE pattern for text that contains `text` anywhere (%, _ and \ in it match themselves). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Content that still mentions a stored file, so the media library can warn before deleting it. Matches
 * '/<bucket>/<path>', which both local (/storage/…) and Supabase (…/object/public/…) URLs contain, in
 * every column that holds an image, a PDF link or rich text.
 */
export async function findContentReferences(db: Queryable, bucket: string, encodedPath: string): Promise<ContentReference[]> {
  const { rows } = await db.query<ContentReference>(
    `select 'About' as kind, nullif(name, '') as title from public.about_data
       where image_url like $1 or bio like $1
     union all
     select 'Project', title from public.projects where image like $1 or description like $1 or link like $1
     union all
     select 'Blog post', title from public.blog_posts where cover_image like $1 or content like $1
     union all
     select 'Personal post', nullif(title, '') from public.personal_posts
       where content like $1 or exists (select 1 from unnest(coalesce(image_urls, '{}'::text[])) as u(url) where u.url like $1)
     union all
     select 'Research paper', title from public.research_papers where pdf_url like $1 or link like $1 or abstract like $1
     union all
     select 'Experience', title from public.experience where description like $1
     union all
     select 'Admin profile', coalesce(full_name, 'Unnamed Admin') from public.profiles where avatar_url like $1`,
    [containing(`/${bucket}/${encodedPath}`)],
  );
  return rows.map((row) => ({ kind: row.kind, title: row.title ?? '(untitled)' }));
}
