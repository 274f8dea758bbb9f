import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { TAGS } from './tags';

export interface Education {
  institution: string;
  degree: string;
  field: string;
  startYear: number;
  /** null while the programme is current. */
  endYear: number | null;
}

export interface ResearchInterest {
  title: string;
  description: string;
}

export interface About {
  id: string;
  name: string;
  title: string;
  bio: string;
  imageUrl: string | null;
  skills: string[];
  education: Education[];
  researchInterests: ResearchInterest[];
  updatedAt: string;
}

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

/** The owner's profile (the spec reads one row), or null before one exists. */
export async function getAbout(): Promise<About | null> {
  'use cache';
  cacheTag(TAGS.about);
  const db = await getDb();
  const { rows } = await db.query<AboutRow>(
    'select id, name, title, bio, image_url, skills, education, research_interests, updated_at from about_data order by created_at limit 1',
  );
  return rows[0] ? toAbout(rows[0]) : null;
}
