import type { Metadata } from 'next';
import { connection } from 'next/server';

import { CoursesEditor } from '@/components/admin/courses/courses-editor';
import { TeachingGroupingForm } from '@/components/admin/courses/teaching-grouping-form';
import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { requireAdmin } from '@/lib/auth/guard';
import { getCoursesForEditing } from '@/lib/content/courses/queries';
import type { Course, TeachingGrouping } from '@/lib/content/courses/types';
import { getTeachingGroupingForEditing } from '@/lib/content/settings/queries';

export const metadata: Metadata = { title: 'Edit Teaching' };

export default function AdminTeachingEditPage() {
  return (
    <EditorPage
      title="Edit Teaching"
      description="The courses you teach or taught: role, level, terms, description and materials, and how the teaching page groups them."
      loading="Loading courses..."
    >
      <Editor />
    </EditorPage>
  );
}

async function Editor() {
  await connection();
  // The layout checked the role on the first load; a client-side navigation renders only this page.
  await requireAdmin();
  let courses: Course[];
  let grouping: TeachingGrouping;
  try {
    [courses, grouping] = await Promise.all([getCoursesForEditing(), getTeachingGroupingForEditing()]);
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : 'Unable to load course data';
    console.error('Error fetching courses', error);
    return <EditorLoadFailed toast={`Error fetching courses: ${message}`} what="The courses" />;
  }
  return (
    <div className="flex flex-col gap-8">
      <TeachingGroupingForm initial={grouping} />
      <CoursesEditor initial={courses} />
    </div>
  );
}
