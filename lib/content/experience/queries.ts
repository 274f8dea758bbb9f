import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { TAGS } from '../tags';
import type { Experience } from './types';

export type { Experience } from './types';

interface ExperienceRow {
  id: string;
  title: string;
  company: string;
  location: string;
  start_date: string;
  end_date: string | null;
  description: string;
  highlights: string[] | null;
  technologies: string[] | null;
}

function toExperience(row: ExperienceRow): Experience {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    location: row.location,
    startDate: row.start_date,
    endDate: row.end_date,
    description: row.description,
    highlights: row.highlights ?? [],
    technologies: row.technologies ?? [],
  };
}

/** Every position, latest start first (spec section 7: ordered by start_date descending). */
export async function getExperience(): Promise<Experience[]> {
  'use cache';
  cacheTag(TAGS.experience);
  const db = await getDb();
  // Year-month text sorts chronologically; created_at keeps positions that started the same month stable.
  const { rows } = await db.query<ExperienceRow>(
    `select id, title, company, location, start_date, end_date, description, highlights, technologies
       from experience order by start_date desc, created_at desc`,
  );
  return rows.map(toExperience);
}
