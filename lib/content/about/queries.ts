import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { removeReplacedFiles } from '@/lib/storage/replaced';
import { afterContentWrite, TAGS } from '../tags';
import type { About, AboutUpdate, Education, ResearchInterest } from './types';

export type { About, AboutUpdate, Education, ResearchInterest } from './types';

interface AboutRow {
  id: string;
  name: string | null;
  title: string | null;
  bio: string | null;
  image_url: string | null;
  skills: string[] | null;
  education: Education[] | null;
  research_interests: ResearchInterest[] | null;
  updated_at: Date | string;
}

function toAbout(row: AboutRow): About {
  return {
    id: row.id,
    name: row.name ?? '',
    title: row.title ?? '',
    bio: row.bio ?? '',
    imageUrl: row.image_url,
    skills: row.skills ?? [],
    education: row.education ?? [],
    researchInterests: row.research_interests ?? [],
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const COLUMNS = 'id, name, title, bio, image_url, skills, education, research_interests, updated_at';

/** docs/product.md §3 reads one row; the oldest is the one, should a second ever appear. */
async function readAbout(db: Queryable): Promise<About | null> {
  const { rows } = await db.query<AboutRow>(`select ${COLUMNS} from about_data order by created_at limit 1`);
  return rows[0] ? toAbout(rows[0]) : null;
}

/** The owner's profile (docs/product.md §3 reads one row), or null before one exists. */
export async function getAbout(): Promise<About | null> {
  'use cache';
  cacheTag(TAGS.about);
  return readAbout(await getDb());
}

/** The stored profile as it is right now, past every cache: what the admin editor starts from. */
export async function getAboutForEditing(): Promise<About | null> {
  return readAbout(await getDb());
}

/**
 * Stores the profile (docs/product.md §7): updates the row getAbout() reads, or inserts one when there is
 * none, then expires the about tag so the public pages show it on the next request. The lock keeps two
 * first saves from inserting two rows.
 *
 * The profile image is part of the save: the editor's Delete Image and upload only change the form, and
 * the image the profile held before is removed from storage only here, after the new state has been
 * committed and published, and only when it was this site's own upload that nothing refers to any more
 * (removeReplacedFiles). A save that fails removes nothing; a failed removal is logged, never reported as
 * a failed save.
 */
export async function saveAbout(input: AboutUpdate): Promise<About> {
  const db = await getDb();
  let previousImageUrl: string | null = null;
  const row = await db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('academic-portfolio:about_data'))`);
    const values = [
      input.name,
      input.title,
      input.bio,
      input.imageUrl,
      input.skills,
      JSON.stringify(input.education),
      JSON.stringify(input.researchInterests),
    ];
    const { rows: existing } = await tx.query<{ id: string; image_url: string | null }>(
      'select id, image_url from about_data order by created_at limit 1 for update',
    );
    const id = existing[0]?.id;
    previousImageUrl = existing[0]?.image_url ?? null;
    const { rows } = id
      ? await tx.query<AboutRow>(
          `update about_data
              set name = $1, title = $2, bio = $3, image_url = $4, skills = $5::text[],
                  education = $6::text::jsonb, research_interests = $7::text::jsonb, updated_at = now()
            where id = $8
        returning ${COLUMNS}`,
          [...values, id],
        )
      : await tx.query<AboutRow>(
          `insert into about_data (name, title, bio, image_url, skills, education, research_interests)
           values ($1, $2, $3, $4, $5::text[], $6::text::jsonb, $7::text::jsonb)
        returning ${COLUMNS}`,
          values,
        );
    if (!rows[0]) throw new Error('The about_data row was not written.');
    return rows[0];
  });
  afterContentWrite(TAGS.about);
  await removeReplacedFiles({ bucket: 'profile-images', before: [previousImageUrl], after: [row.image_url], db });
  return toAbout(row);
}
