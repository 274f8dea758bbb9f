import { z } from '@/lib/validation/zod';

import { listDraftSchema } from '@/components/admin/use-list-editor';
import { COURSE_ROLES, type Course, type CourseRole } from '@/lib/content/courses/types';
import type { CourseItemValues } from '@/lib/validation/courses';

/** One course as the editor holds it: optional fields as typed ('' = none), so a failed save shows what was entered. */
export interface CourseFormItem {
  id: string;
  title: string;
  code: string;
  institution: string;
  role: CourseRole | '';
  level: string;
  start: string;
  end: string;
  terms: string[];
  description: string;
  /** The material rows as typed: a row may be half filled until the save checks it. */
  materials: { label: string; url: string }[];
  hasPage: boolean;
  note: string;
}

export function formItemFrom(course: Course | CourseItemValues): CourseFormItem {
  return {
    id: course.id,
    title: course.title,
    code: course.code,
    institution: course.institution,
    role: course.role ?? '',
    level: course.level,
    start: course.start,
    end: course.end ?? '',
    terms: [...course.terms],
    description: course.description,
    materials: course.materials.map((material) => ({ label: material.label, url: material.url })),
    hasPage: course.hasPage,
    note: course.note,
  };
}

const formItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  code: z.string(),
  institution: z.string(),
  role: z.union([z.enum(COURSE_ROLES), z.literal('')]),
  level: z.string(),
  start: z.string(),
  end: z.string(),
  terms: z.array(z.string()),
  description: z.string(),
  materials: z.array(z.object({ label: z.string(), url: z.string() })),
  hasPage: z.boolean(),
  note: z.string(),
});

/** A stored draft is read back only when it still has this shape. */
export const coursesDraftSchema = listDraftSchema<CourseFormItem>(formItemSchema);
