import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { sanitizeHtml } from '@/lib/sanitize';
import { removeReplacedFiles } from '@/lib/storage/replaced';
import { isSafeImageUrl } from '@/lib/validation/about';
import { storedLink } from '@/lib/validation/lists';
import { isTemporaryProjectId, type ProjectItemValues } from '@/lib/validation/projects';
import { boundedLimit } from '../read';
import { syncList, type SyncColumn } from '../sync-list';
import { afterContentWrite, TAGS } from '../tags';
import { isProjectCategory, PLACEHOLDER_IMAGE, type Project, type SavedProjects } from './types';

export type { Project, ProjectCategory, SavedProjects } from './types';

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


function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    // Older rows may have no category; docs/product.md §3 reads a missing one as 'other', and reading it
    // so here keeps the Other filter and the home badge in agreement.
    category: isProjectCategory(row.category) ? row.category : 'other',
    technologies: row.technologies ?? [],
    image: storedLink(row.image, isSafeImageUrl) ?? PLACEHOLDER_IMAGE,
    // A blank link is none: the card then leaves the button out instead of linking nowhere.
    link: storedLink(row.link),
    github: storedLink(row.github),
    featured: row.featured,
  };
}

async function readProjects(db: Queryable): Promise<Project[]> {
  const { rows } = await db.query<ProjectRow>(`select ${COLUMNS} from projects order by title, created_at`);
  return rows.map(toProject);
}

/** Every project, by title (docs/product.md §7: projects page). */
export async function getProjects(): Promise<Project[]> {
  'use cache';
  cacheTag(TAGS.projects);
  return readProjects(await getDb());
}

/** The stored projects as they are right now, past every cache, with each description's safe HTML. */
export async function getProjectsForEditing(): Promise<SavedProjects> {
  return withPreviews(await readProjects(await getDb()), {});
}

function withPreviews(items: Project[], created: Record<string, string>): SavedProjects {
  return { items, created, previews: Object.fromEntries(items.map((item) => [item.id, sanitizeHtml(item.description)])) };
}

/** What the Projects editor writes, in order; descriptions are stored sanitised. */
const EDITED_COLUMNS: readonly SyncColumn<ProjectItemValues>[] = [
  { name: 'title', value: (item) => item.title },
  { name: 'description', value: (item) => sanitizeHtml(item.description) },
  { name: 'category', value: (item) => item.category },
  { name: 'technologies', cast: 'text[]', value: (item) => item.technologies },
  { name: 'image', value: (item) => item.image },
  { name: 'link', value: (item) => item.link },
  { name: 'github', value: (item) => item.github },
  { name: 'featured', value: (item) => item.featured },
];

/**
 * Saving the Projects editor (docs/product.md §§4 and 7): the list becomes the stored list in one
 * transaction. Stored projects absent from it are deleted, saved ones updated (or put back, should
 * another session have deleted one meanwhile), temporary (proj-) ones inserted and their server ids
 * returned. Descriptions are stored sanitised. A failure leaves the table as it was.
 */
export async function saveProjectList(items: readonly ProjectItemValues[]): Promise<{ saved: SavedProjects; before: Project[] }> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    // The lock syncList takes, taken first so the list read before the save is the one it replaces.
    await tx.query(`select pg_advisory_xact_lock(hashtext('academic-portfolio:projects'))`);
    const before = await readProjects(tx);
    const created = await syncList(tx, 'projects', EDITED_COLUMNS, items, isTemporaryProjectId);
    return { before, saved: withPreviews(await readProjects(tx), created) };
  });
  afterContentWrite(TAGS.projects);
  // Images are part of the save: an uploaded image a project no longer shows (replaced, removed, or its
  // project deleted) leaves storage now that the new list is stored; failures are logged, never thrown.
  await removeReplacedFiles({
    bucket: 'project-images',
    before: result.before.map((project) => project.image),
    after: result.saved.items.map((project) => project.image),
    db,
  });
  return result;
}

/** Removing a saved project deletes it at once (docs/product.md §4). Answers the deleted project, or null when there was none. */
export async function deleteProject(id: string): Promise<Project | null> {
  const db = await getDb();
  const { rows } = await db.query<ProjectRow>(`delete from projects where id = $1 returning ${COLUMNS}`, [id]);
  if (!rows[0]) return null;
  afterContentWrite(TAGS.projects);
  const deleted = toProject(rows[0]);
  // Its uploaded image goes with it, unless other content still shows that file.
  await removeReplacedFiles({ bucket: 'project-images', before: [deleted.image], after: [], db });
  return deleted;
}

/** Up to `limit` featured projects, newest first (docs/product.md §§7 and 9: home, featured, 3). */
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
