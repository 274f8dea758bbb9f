import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { isSafeImageUrl } from '@/lib/validation/about';
import { isUuid, storedLink } from '@/lib/validation/lists';
import { isTemporaryCourseId, type CourseItemValues } from '@/lib/validation/courses';
import { syncList, type SyncColumn } from '../sync-list';
import { afterContentWrite, TAGS } from '../tags';
import { byNewest } from './rules';
import { isCourseRole, type Course, type CourseMaterial, type SavedCourses } from './types';

export type { Course, SavedCourses } from './types';

interface CourseRow {
  id: string;
  title: string;
  code: string;
  institution: string;
  role: string | null;
  level: string;
  start_date: string;
  end_date: string | null;
  terms: string[] | null;
  description: string;
  material_labels: string[] | null;
  material_urls: string[] | null;
  has_page: boolean;
  note: string;
  cv_order: number | null;
  updated_at: Date | string;
}

/**
 * The materials from the two parallel lists. storedLink: a row written by hand in the database (or by an older
 * archive) reaches no page with an address a browser would run; such a material is left out.
 */
function materialsOf(labels: readonly string[] | null, urls: readonly string[] | null): CourseMaterial[] {
  return (urls ?? []).flatMap((raw, index) => {
    const url = storedLink(raw, isSafeImageUrl);
    const label = (labels?.[index] ?? '').trim();
    return url ? [{ label: label || url, url }] : [];
  });
}

function toCourse(row: CourseRow): Course {
  return {
    id: row.id,
    title: row.title,
    code: row.code,
    institution: row.institution,
    role: isCourseRole(row.role) ? row.role : null,
    level: row.level,
    start: row.start_date,
    end: row.end_date,
    terms: row.terms ?? [],
    description: row.description,
    materials: materialsOf(row.material_labels, row.material_urls),
    hasPage: row.has_page,
    note: row.note,
    cvOrder: row.cv_order,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const SELECT = `select id, title, code, institution, role, level, start_date, end_date, terms, description, material_labels,
                       material_urls, has_page, note, cv_order, updated_at
                  from courses`;

async function readCourses(db: Queryable): Promise<Course[]> {
  const { rows } = await db.query<CourseRow>(`${SELECT} order by start_date desc, created_at, id`);
  // The same order as the page's (title A→Z among courses begun together), whatever the database's collation.
  return rows.map(toCourse).sort(byNewest);
}

/** Every course, newest first, for /teaching and the CV: cached with the courses' tag. */
export async function getCourses(): Promise<Course[]> {
  'use cache';
  cacheTag(TAGS.courses);
  return readCourses(await getDb());
}

/** One course for its page, or null when there is none with this id (any text: a malformed id is simply none). */
export async function getCourse(id: string): Promise<Course | null> {
  'use cache';
  cacheTag(TAGS.courses);
  if (!isUuid(id)) return null;
  const { rows } = await (await getDb()).query<CourseRow>(`${SELECT} where id = $1`, [id]);
  return rows[0] ? toCourse(rows[0]) : null;
}

/**
 * Each course's id, whether it has a page and its last change, newest first, for the sitemap (which lists the
 * pages and dates /teaching by every course): at most `limit`, no text.
 */
export async function getCourseStamps(limit: number): Promise<Pick<Course, 'id' | 'hasPage' | 'updatedAt'>[]> {
  'use cache';
  cacheTag(TAGS.courses);
  const { rows } = await (await getDb()).query<{ id: string; has_page: boolean; updated_at: Date | string }>(
    'select id, has_page, updated_at from courses order by start_date desc, id limit $1',
    [limit],
  );
  return rows.map((row) => ({ id: row.id, hasPage: row.has_page, updatedAt: new Date(row.updated_at).toISOString() }));
}

/** The stored courses as they are right now, past every cache: what the Teaching editor starts from. */
export async function getCoursesForEditing(): Promise<Course[]> {
  return readCourses(await getDb());
}

/** What the Teaching editor writes, in order. */
const EDITED_COLUMNS: readonly SyncColumn<CourseItemValues>[] = [
  { name: 'title', value: (item) => item.title },
  { name: 'code', value: (item) => item.code },
  { name: 'institution', value: (item) => item.institution },
  { name: 'role', value: (item) => item.role },
  { name: 'level', value: (item) => item.level },
  { name: 'start_date', value: (item) => item.start },
  { name: 'end_date', value: (item) => item.end },
  { name: 'terms', cast: 'text[]', value: (item) => item.terms },
  { name: 'description', value: (item) => item.description },
  { name: 'material_labels', cast: 'text[]', value: (item) => item.materials.map((material) => material.label) },
  { name: 'material_urls', cast: 'text[]', value: (item) => item.materials.map((material) => material.url) },
  { name: 'has_page', cast: 'boolean', value: (item) => item.hasPage },
  { name: 'note', value: (item) => item.note },
];

/**
 * Saving the Teaching editor: the list becomes the stored list in one transaction, as the Talks editor's. A
 * course the save leaves unchanged keeps its updated_at (the sitemap's date for its page). A failure leaves the
 * table as it was.
 */
export async function saveCourseList(items: readonly CourseItemValues[]): Promise<SavedCourses> {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const created = await syncList(tx, 'courses', EDITED_COLUMNS, items, isTemporaryCourseId, { onlyChanged: true });
    return { items: await readCourses(tx), created };
  });
  afterContentWrite(TAGS.courses);
  return saved;
}

/** Removing a saved course deletes it at once. Answers whether there was one. */
export async function deleteCourse(id: string): Promise<boolean> {
  const { affectedRows } = await (await getDb()).query('delete from courses where id = $1', [id]);
  if (affectedRows > 0) afterContentWrite(TAGS.courses);
  return affectedRows > 0;
}
