import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { removeReplacedFiles } from '@/lib/storage/replaced';
import { afterContentWrite, TAGS } from '../tags';
import { PROFILE_KINDS, type About, type AboutUpdate, type Education, type ProfileLink, type ResearchInterest } from './types';
import { storedLink } from '@/lib/validation/lists';
import { isSafeImageUrl } from '@/lib/validation/about';

export type { About, AboutUpdate, Education, ProfileLink, ResearchInterest } from './types';

interface AboutRow {
  id: string;
  name: string | null;
  title: string | null;
  bio: string | null;
  image_url: string | null;
  skills: string[] | null;
  education: Education[] | null;
  research_interests: ResearchInterest[] | null;
  affiliation: string | null;
  footer_blurb: string | null;
  email: string | null;
  links: ProfileLink[] | null;
  mark: string | null;
  mark_image_url: string | null;
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
    affiliation: row.affiliation ?? '',
    footerBlurb: row.footer_blurb ?? '',
    email: row.email?.trim() ?? '',
    links: readLinks(row.links),
    mark: row.mark ?? '',
    markImageUrl: storedLink(row.mark_image_url, isSafeImageUrl),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * The stored links a page may show: a row written by hand or before a rule reaches no page with an address
 * a browser would run, or a kind this version does not know.
 */
export function readLinks(links: unknown): ProfileLink[] {
  if (!Array.isArray(links)) return [];
  return links.flatMap((link: Partial<ProfileLink> | null) => {
    const url = typeof link?.url === 'string' ? storedLink(link.url) : null;
    const kind = PROFILE_KINDS.find((known) => known === link?.kind);
    return url && kind ? [{ kind, label: typeof link?.label === 'string' ? link.label : '', url }] : [];
  });
}

const COLUMNS =
  'id, name, title, bio, image_url, skills, education, research_interests, affiliation, footer_blurb, email, links, mark, mark_image_url, updated_at';

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
  let previousImages: (string | null)[] = [];
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
      input.affiliation,
      input.footerBlurb,
      input.email,
      JSON.stringify(input.links),
      input.mark,
      input.markImageUrl,
    ];
    const { rows: existing } = await tx.query<{ id: string; image_url: string | null; mark_image_url: string | null }>(
      'select id, image_url, mark_image_url from about_data order by created_at limit 1 for update',
    );
    const id = existing[0]?.id;
    previousImages = [existing[0]?.image_url ?? null, existing[0]?.mark_image_url ?? null];
    const { rows } = id
      ? await tx.query<AboutRow>(
          `update about_data
              set name = $1, title = $2, bio = $3, image_url = $4, skills = $5::text[],
                  education = $6::text::jsonb, research_interests = $7::text::jsonb, affiliation = $8,
                  footer_blurb = $9, email = $10, links = $11::text::jsonb, mark = $12, mark_image_url = $13, updated_at = now()
            where id = $14
        returning ${COLUMNS}`,
          [...values, id],
        )
      : await tx.query<AboutRow>(
          `insert into about_data (name, title, bio, image_url, skills, education, research_interests,
                                   affiliation, footer_blurb, email, links, mark, mark_image_url)
           values ($1, $2, $3, $4, $5::text[], $6::text::jsonb, $7::text::jsonb, $8, $9, $10, $11::text::jsonb, $12, $13)
        returning ${COLUMNS}`,
          values,
        );
    if (!rows[0]) throw new Error('The about_data row was not written.');
    return rows[0];
  });
  afterContentWrite(TAGS.about);
  await removeReplacedFiles({ bucket: 'profile-images', before: previousImages, after: [row.image_url, row.mark_image_url], db });
  return toAbout(row);
}

/** The owner's identity: what the first run asks (lib/content/first-run.ts), the rest of the profile untouched. */
export type OwnerIdentity = Pick<AboutUpdate, 'name' | 'title' | 'affiliation' | 'footerBlurb' | 'email' | 'links' | 'mark' | 'markImageUrl'>;

/**
 * Writes the owner's identity into the profile inside the caller's transaction (a profile row is made when
 * there is none). Answers the mark image the profile held before, for the caller to remove once committed.
 * The caller expires the about tag.
 */
export async function saveOwnerIdentityIn(tx: Queryable, identity: OwnerIdentity): Promise<{ previousMarkImage: string | null; markImage: string | null }> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('academic-portfolio:about_data'))`);
  const values = [identity.name, identity.title, identity.affiliation, identity.footerBlurb, identity.email, JSON.stringify(identity.links), identity.mark, identity.markImageUrl];
  const { rows: existing } = await tx.query<{ id: string; mark_image_url: string | null }>('select id, mark_image_url from about_data order by created_at limit 1 for update');
  const id = existing[0]?.id;
  if (id) {
    await tx.query(
      `update about_data
          set name = $1, title = $2, affiliation = $3, footer_blurb = $4, email = $5, links = $6::text::jsonb, mark = $7, mark_image_url = $8, updated_at = now()
        where id = $9`,
      [...values, id],
    );
  } else {
    await tx.query(
      `insert into about_data (name, title, affiliation, footer_blurb, email, links, mark, mark_image_url)
       values ($1, $2, $3, $4, $5, $6::text::jsonb, $7, $8)`,
      values,
    );
  }
  return { previousMarkImage: existing[0]?.mark_image_url ?? null, markImage: identity.markImageUrl };
}
