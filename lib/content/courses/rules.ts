import { cvEntryDates } from '@/lib/cv/rules';
import type { Course, TeachingGrouping } from './types';

/**
 * The courses' rules the page, the editor and the CV share (pure, client-safe): the order, the grouping the
 * owner chose, the dates in words.
 */

/** A group of /teaching: its heading ('University of Edinburgh', '2024'; '' for courses with no institution stated). */
export interface CourseGroup<T> {
  key: string;
  heading: string;
  courses: T[];
}

type Sortable = Pick<Course, 'id' | 'title' | 'start' | 'institution'>;

/** Newest first: by start (a later start first), then title A→Z, then id, so the order never depends on the read. */
export function byNewest(a: Sortable, b: Sortable): number {
  return b.start.localeCompare(a.start) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
}

/**
 * The courses as /teaching shows them, in groups: by institution (A→Z, ignoring case, headed by the spelling most
 * of its courses use, the newest course's on a tie; the courses with none stated last) or by the year each began
 * (newest first). Within a group the courses are newest first. `courses` may come in any order.
 */
export function groupCourses<T extends Sortable>(courses: readonly T[], grouping: TeachingGrouping): CourseGroup<T>[] {
  const groups = new Map<string, CourseGroup<T>>();
  for (const course of [...courses].sort(byNewest)) {
    const heading = grouping === 'year' ? course.start.slice(0, 4) : course.institution.trim();
    const key = grouping === 'year' ? heading : heading.toLocaleLowerCase('en');
    const group = groups.get(key);
    if (group) group.courses.push(course);
    else groups.set(key, { key, heading, courses: [course] });
  }
  const ordered = [...groups.values()];
  if (grouping === 'year') return ordered.sort((a, b) => b.key.localeCompare(a.key));
  for (const group of ordered) group.heading = mostUsed(group.courses.map((course) => course.institution.trim()));
  return ordered.sort((a, b) => Number(a.key === '') - Number(b.key === '') || a.key.localeCompare(b.key, 'en'));
}

/** The spelling given most often; the first of those on a tie. */
function mostUsed(spellings: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const spelling of spellings) counts.set(spelling, (counts.get(spelling) ?? 0) + 1);
  let best = spellings[0] ?? '';
  for (const [spelling, count] of counts) if (count > (counts.get(best) ?? 0)) best = spelling;
  return best;
}

/** A course's dates in words, as the CV writes a row's: '2024', 'Sep 2024', '2023–2026'. */
export function courseDates(course: Pick<Course, 'start' | 'end'>): string {
  return cvEntryDates(course);
}

/** Where a course's title links on /teaching and the CV: its page when it has one. */
export function coursePath(course: Pick<Course, 'id' | 'hasPage'>): string | null {
  return course.hasPage ? `/teaching/${course.id}` : null;
}
