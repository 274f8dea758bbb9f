import { describe, expect, it } from 'vitest';
import { courseFromCvRow, ROW_SCHEMAS } from '@/lib/backup/export-format';
import { courseDates, groupCourses } from '@/lib/content/courses/rules';
import type { Course } from '@/lib/content/courses/types';
import { courseRow } from '@/lib/cv/data';
import { courseData } from '@/lib/structured-data';
import {
  COURSE_END_BEFORE_START,
  COURSE_GROUPING_INVALID,
  COURSE_MATERIALS_TOO_MANY,
  COURSE_ONE_LINE,
  COURSE_ROLE_INVALID,
  COURSE_START_INVALID,
  COURSE_TITLE_REQUIRED,
  courseItemSchema,
  courseListSchema,
  courseMaterialLabelRequired,
  courseMaterialLabelTooLong,
  courseMaterialUrlInvalid,
  newCourseDefaults,
  teachingGroupingSchema,
} from '@/lib/validation/courses';

const ID = '0b6f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';

function course(overrides: Partial<Course> = {}): Course {
  return {
    id: ID,
    title: 'Number Theory',
    code: 'MATH10071',
    institution: 'University of Edinburgh',
    role: 'tutor',
    level: 'Undergraduate, third year',
    start: '2023',
    end: '2026',
    terms: ['Autumn 2023', 'Autumn 2024'],
    description: 'Congruences and **quadratic reciprocity**, and the prime-counting function $\\pi(x)$.',
    materials: [{ label: 'Syllabus', url: '/storage/research-papers/syllabus.pdf' }],
    hasPage: true,
    note: 'Weekly workshops.',
    cvOrder: null,
    updatedAt: '2026-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** The first message the item schema gives for `path`, or undefined. */
function errorAt(values: Record<string, unknown>, path: string): string | undefined {
  const parsed = courseItemSchema.safeParse({ ...newCourseDefaults(new Date('2026-05-01T12:00:00Z'), 'course-1'), ...values });
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

describe('a course as the editor sends it', () => {
  it('takes a whole course: blanks as none, a role, terms once each, blank material rows dropped', () => {
    const parsed = courseItemSchema.parse({
      ...newCourseDefaults(new Date('2026-05-01T12:00:00Z'), 'course-1'),
      title: '  Number Theory  ',
      role: '',
      end: '',
      terms: ['Autumn 2024', ' autumn 2024 ', 'Spring 2025'],
      materials: [
        { label: ' Syllabus ', url: '/storage/research-papers/syllabus.pdf' },
        { label: '', url: '  ' },
        { label: 'Problem sheet 1', url: 'https://example.org/sheet1.pdf' },
      ],
    });
    expect(parsed).toMatchObject({
      id: 'course-1',
      title: 'Number Theory',
      role: null,
      start: '2026',
      end: null,
      terms: ['Autumn 2024', 'Spring 2025'],
      materials: [
        { label: 'Syllabus', url: '/storage/research-papers/syllabus.pdf' },
        { label: 'Problem sheet 1', url: 'https://example.org/sheet1.pdf' },
      ],
      hasPage: true,
    });
    expect(courseItemSchema.parse({ ...newCourseDefaults(new Date(), 'course-2'), role: 'teaching-assistant' }).role).toBe('teaching-assistant');
  });

  it('refuses what would break a page or the CV, each beside its field', () => {
    expect(errorAt({ title: ' ' }, 'title')).toBe(COURSE_TITLE_REQUIRED);
    expect(errorAt({ title: 'Two\nlines' }, 'title')).toBe(COURSE_ONE_LINE);
    expect(errorAt({ note: 'Two\r\nlines' }, 'note')).toBe(COURSE_ONE_LINE);
    expect(errorAt({ role: 'professor' }, 'role')).toBe(COURSE_ROLE_INVALID);
    expect(errorAt({ start: 'Autumn 2024' }, 'start')).toBe(COURSE_START_INVALID);
    expect(errorAt({ start: '2024-09', end: '2024-03' }, 'end')).toBe(COURSE_END_BEFORE_START);
    // Compared at the precision both give: a year does not end before a month of it.
    expect(errorAt({ start: '2024-09', end: '2024' }, 'end')).toBeUndefined();
    expect(errorAt({ code: 'x'.repeat(51) }, 'code')).toBeDefined();
    expect(errorAt({ terms: Array.from({ length: 21 }, (_, index) => `Term ${index}`) }, 'terms')).toBeDefined();
  });

  it('refuses a material a browser would run, or one without a name or an address, naming its row', () => {
    expect(errorAt({ materials: [{ label: 'Notes', url: 'javascript:alert(1)' }] }, 'materials')).toBe(courseMaterialUrlInvalid(1));
    expect(errorAt({ materials: [{ label: 'Notes', url: '//evil.example/notes.pdf' }] }, 'materials')).toBe(courseMaterialUrlInvalid(1));
    expect(errorAt({ materials: [{ label: 'Notes', url: 'https://example.org/n.pdf' }, { label: '', url: '/storage/research-papers/n.pdf' }] }, 'materials')).toBe(
      courseMaterialLabelRequired(2),
    );
    expect(errorAt({ materials: [{ label: 'Notes', url: '' }] }, 'materials')).toBe(courseMaterialUrlInvalid(1));
    expect(errorAt({ materials: [{ label: 'Notes\nmore', url: 'https://example.org/n.pdf' }] }, 'materials')).toBe(courseMaterialLabelTooLong(1));
    const many = Array.from({ length: 21 }, (_, index) => ({ label: `Sheet ${index + 1}`, url: `https://example.org/${index}.pdf` }));
    expect(errorAt({ materials: many }, 'materials')).toBe(COURSE_MATERIALS_TOO_MANY);
    expect(errorAt({ materials: many.slice(0, 20) }, 'materials')).toBeUndefined();
  });

  it('refuses a list that names one course twice, and a grouping the page does not have', () => {
    const one = newCourseDefaults(new Date(), 'course-1');
    expect(courseListSchema.safeParse({ items: [one, one] }).success).toBe(false);
    expect(teachingGroupingSchema.parse({ grouping: 'year' })).toEqual({ grouping: 'year' });
    const refused = teachingGroupingSchema.safeParse({ grouping: 'term' });
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe(COURSE_GROUPING_INVALID);
  });
});

describe('the teaching page’s groups', () => {
  const courses = [
    course({ id: 'a', title: 'Number Theory', institution: 'University of Edinburgh', start: '2023' }),
    course({ id: 'b', title: 'Complex Analysis', institution: 'University of Edinburgh', start: '2024' }),
    course({ id: 'c', title: 'Linear Algebra', institution: 'ETH Zürich', start: '2021-09' }),
    course({ id: 'd', title: 'Analysis I', institution: 'university of edinburgh', start: '2024' }),
    course({ id: 'e', title: 'Reading group', institution: '', start: '2025' }),
  ];

  it('by institution: A to Z ignoring case (headed by its most used spelling), the courses newest first within, those with none stated last', () => {
    expect(groupCourses(courses, 'institution').map((group) => [group.heading, group.courses.map((one) => one.id)])).toEqual([
      ['ETH Zürich', ['c']],
      ['University of Edinburgh', ['d', 'b', 'a']],
      ['', ['e']],
    ]);
  });

  it('by year: the year each began, newest first, the courses newest first within', () => {
    expect(groupCourses(courses, 'year').map((group) => [group.heading, group.courses.map((one) => one.id)])).toEqual([
      ['2025', ['e']],
      ['2024', ['d', 'b']],
      ['2023', ['a']],
      ['2021', ['c']],
    ]);
    expect(groupCourses([], 'year')).toEqual([]);
  });

  it('dates a course as the CV dates a row', () => {
    expect(courseDates({ start: '2023', end: '2026' })).toBe('2023–2026');
    expect(courseDates({ start: '2024-09', end: null })).toBe('Sep 2024');
  });
});

describe('a course on the CV', () => {
  it('is a Teaching row: the role, the title and the code; the institution; its page; its note', () => {
    expect(courseRow(course())).toEqual({
      id: ID,
      category: 'teaching',
      start: '2023',
      end: '2026',
      title: 'Tutor, Number Theory (MATH10071)',
      place: 'University of Edinburgh',
      url: `/teaching/${ID}`,
      description: 'Weekly workshops.',
    });
  });

  it('without a role is its title; without a page links its first material, else nothing', () => {
    expect(courseRow(course({ role: null, code: '' })).title).toBe('Number Theory');
    expect(courseRow(course({ role: 'teaching-assistant', code: '' })).title).toBe('Teaching assistant, Number Theory');
    expect(courseRow(course({ hasPage: false })).url).toBe('/storage/research-papers/syllabus.pdf');
    expect(courseRow(course({ hasPage: false, materials: [] })).url).toBeNull();
    expect(courseRow(course({ end: '2023' })).end).toBeNull();
  });
});

describe("a course's Course markup", () => {
  it('is a Course with its code, its text, its provider and an instance taught by the owner', () => {
    expect(courseData(course(), 'Alex Morgan', 'https://alex.example')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Number Theory',
      url: `https://alex.example/teaching/${ID}`,
      courseCode: 'MATH10071',
      description: 'Congruences and quadratic reciprocity, and the prime-counting function π(x).',
      educationalLevel: 'Undergraduate, third year',
      provider: { '@type': 'Organization', name: 'University of Edinburgh' },
      hasCourseInstance: {
        '@type': 'CourseInstance',
        courseMode: 'Onsite',
        instructor: { '@type': 'Person', name: 'Alex Morgan' },
        startDate: '2023',
        endDate: '2026',
      },
    });
  });

  it('leaves out what the course does not state, and names no address without the site’s', () => {
    const data = courseData(course({ code: '', institution: '', level: '', description: '', end: null }), 'Alex Morgan');
    expect(data).not.toHaveProperty('url');
    expect(data).not.toHaveProperty('courseCode');
    expect(data).not.toHaveProperty('provider');
    expect(data).not.toHaveProperty('description');
    expect(data.hasCourseInstance).not.toHaveProperty('endDate');
  });
});

describe('an older archive’s courses', () => {
  it('are its CV rows of the category teaching, as the migration moves them', () => {
    const row = {
      id: ID,
      category: 'teaching',
      start_date: '2023',
      end_date: '2026',
      title: 'Tutor, Number Theory (MATH10071)',
      place: 'University of Edinburgh',
      url: 'https://example.org/math10071',
      description: 'Weekly workshops.',
      position: 5,
      created_at: '2023-01-01T00:00:00Z',
      updated_at: '2023-01-02T00:00:00Z',
    };
    const moved = courseFromCvRow(row);
    expect(moved).toEqual({
      id: ID,
      title: 'Tutor, Number Theory (MATH10071)',
      institution: 'University of Edinburgh',
      start_date: '2023',
      end_date: '2026',
      material_labels: ['Course page'],
      material_urls: ['https://example.org/math10071'],
      note: 'Weekly workshops.',
      // Its place among the CV's teaching rows, which the CV keeps.
      cv_order: 5,
      created_at: '2023-01-01T00:00:00Z',
      updated_at: '2023-01-02T00:00:00Z',
    });
    // What it makes is a course row this version's import takes.
    expect(ROW_SCHEMAS.courses.safeParse(moved).success).toBe(true);
    expect(courseFromCvRow({ ...row, title: ' ', url: null, start_date: '2024-05', end_date: '2024-03' })).toMatchObject({
      title: 'Untitled course',
      end_date: null,
      material_labels: [],
      material_urls: [],
    });
  });

  it('refuses an archive course whose materials do not pair up, or whose address a browser would run', () => {
    const base = { id: ID, title: 'A course', start_date: '2024' };
    expect(ROW_SCHEMAS.courses.safeParse({ ...base, material_labels: ['Notes'], material_urls: [] }).success).toBe(false);
    expect(ROW_SCHEMAS.courses.safeParse({ ...base, material_labels: ['Notes'], material_urls: ['javascript:alert(1)'] }).success).toBe(false);
    expect(ROW_SCHEMAS.courses.safeParse({ ...base, role: 'professor' }).success).toBe(false);
    expect(ROW_SCHEMAS.courses.safeParse({ ...base, start_date: '2024-05', end_date: '2024-03' }).success).toBe(false);
  });
});
