import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { boundedLimit } from '../read';
import { TAGS } from '../tags';
import { isProjectCategory, PLACEHOLDER_IMAGE, type Project } from './types';

export type { Project, ProjectCategory } from './types';

interface ProjectRow {
  id: string;
  title: string;
  description: string;
  category: string | null;
  technologies: string[] | null;
  image: string | null;
  link: string | null;
  github: string | null;
  featured: boolean;
}

const COLUMNS = 'id, title, description, category, technologies, image, link, github, featured';


/** A blank URL is no link: the card then leaves the button out instead of linking nowhere. */
const url = (value: string | null) => (value?.trim() ? value.trim() : null);

function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    // Older rows may have no category; the spec reads a missing one as 'other' (section 3), and reading it
    // so here keeps the Other filter and the home badge in agreement.
    category: isProjectCategory(row.category) ? row.category : 'other',
    technologies: row.technologies ?? [],
    image: url(row.image) ?? PLACEHOLDER_IMAGE,
    link: url(row.link),
    github: url(row.github),
    featured: row.featured,
  };
}

/** Every project, by title (spec section 7: projects page). */
export async function getProjects(): Promise<Project[]> {
  'use cache';
  cacheTag(TAGS.projects);
  const db = await getDb();
  const { rows } = await db.query<ProjectRow>(`select ${COLUMNS} from projects order by title, created_at`);
  return rows.map(toProject);
}

/** Up to `limit` featured projects, newest first (spec sections 7 and 9: home, featured, 3). */
export async function getFeaturedProjects(limit = 3): Promise<Project[]> {
  'use cache';
  cacheTag(TAGS.projects);
  limit = boundedLimit(limit);
  const db = await getDb();
  const { rows } = await db.query<ProjectRow>(
    `select ${COLUMNS} from projects where featured order by created_at desc, title limit $1`,
    [limit],
  );
  return rows.map(toProject);
}
