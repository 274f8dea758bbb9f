/** A course taught (table courses): client-safe types and the lists the editor, the pages and the database share. */

/** The roles one may have had in a course, in the order the editor offers them; the table's check constraint is the database's copy. */
export const COURSE_ROLES = ['lecturer', 'teaching-assistant', 'tutor', 'grader'] as const;
export type CourseRole = (typeof COURSE_ROLES)[number];

export const COURSE_ROLE_LABELS: Record<CourseRole, string> = {
  lecturer: 'Lecturer',
  'teaching-assistant': 'Teaching assistant',
  tutor: 'Tutor',
  grader: 'Grader',
};

export function isCourseRole(value: unknown): value is CourseRole {
  return typeof value === 'string' && (COURSE_ROLES as readonly string[]).includes(value);
}

/** How /teaching groups the courses (site_settings.teaching_grouping); the owner chooses in the Teaching editor. */
export const TEACHING_GROUPINGS = ['institution', 'year'] as const;
export type TeachingGrouping = (typeof TEACHING_GROUPINGS)[number];

export function isTeachingGrouping(value: unknown): value is TeachingGrouping {
  return typeof value === 'string' && (TEACHING_GROUPINGS as readonly string[]).includes(value);
}

/** One of a course's materials: a syllabus, notes, a problem sheet. */
export interface CourseMaterial {
  label: string;
  /** A stored PDF (/storage/…) or an http(s) address. */
  url: string;
}

export interface Course {
  id: string;
  title: string;
  /** The institution's code ('MATH10071'); '' for none. */
  code: string;
  /** Where it was taught ('' for none stated). */
  institution: string;
  role: CourseRole | null;
  /** 'Undergraduate, third year'; '' for none. */
  level: string;
  /** 'yyyy', 'yyyy-mm' or 'yyyy-mm-dd', as the CV's rows. */
  start: string;
  /** Same forms, not before `start`; null for a single year or date. */
  end: string | null;
  /** The terms taught, as named ('Autumn 2024'). */
  terms: string[];
  /** The site's markup with mathematics. */
  description: string;
  materials: CourseMaterial[];
  /** Whether the course has a page of its own (/teaching/{id}). */
  hasPage: boolean;
  /** One line for the CV. */
  note: string;
  /** A course moved from the CV: its place among the CV's teaching rows there; null for one added since. */
  cvOrder: number | null;
  /** ISO timestamp of the last save. */
  updatedAt: string;
}

/** What saving the Teaching editor answers: the stored list read back and each new course's server id. */
export interface SavedCourses {
  items: Course[];
  /** The server id each temporary (course-) id became. */
  created: Record<string, string>;
}
