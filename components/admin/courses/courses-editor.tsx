'use client';

import { deleteCourseAction, saveCoursesAction } from '@/app/admin/(guarded)/teaching/edit/actions';
import { ListEditorShell, type ListEditorConfig } from '@/components/admin/list-editor-shell';
import { useListEditor } from '@/components/admin/use-list-editor';
import { Badge } from '@/components/ui/badge';
import { courseDates } from '@/lib/content/courses/rules';
import { COURSE_ROLE_LABELS, type Course } from '@/lib/content/courses/types';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { courseItemSchema, isTemporaryCourseId, newCourseDefaults } from '@/lib/validation/courses';
import { CourseItemForm } from './course-item-form';
import { coursesDraftSchema, formItemFrom, type CourseFormItem } from './form';

/**
 * Edit Teaching (docs/product.md, "Teaching"). Courses are edited here and stored with Save Changes, as talks
 * are: new ones (temporary course- ids) are created, stored ones absent from the list deleted. Removing a saved
 * course deletes it at once.
 */
export function CoursesEditor({ initial }: { initial: Course[] }) {
  const config: ListEditorConfig<CourseFormItem, Course> = {
    draftName: 'courses',
    draftSchema: coursesDraftSchema,
    toForm: formItemFrom,
    newForm: () => formItemFrom(newCourseDefaults()),
    itemSchema: courseItemSchema,
    isNew: isTemporaryCourseId,
    save: (items) => withinBodyLimit(saveCoursesAction)({ items }),
    deleteNow: {
      remove: deleteCourseAction,
      deleteTitle: 'Delete Course',
      confirmDelete: (item) => `Delete "${item.title}"? It is removed from the site at once.`,
      deleted: 'Course deleted successfully',
      failed: (error) => `Delete failed: ${error || 'Failed to remove course'}`,
      logAs: 'Failed to remove course',
    },
    messages: {
      saved: { title: 'Your courses have been saved successfully.' },
      failed: (error) => ({ title: `Save failed: ${error || 'There was an error saving your changes'}` }),
      logAs: 'Failed to save courses',
    },
    idPrefix: 'course',
    labels: {
      allTab: 'All Courses',
      createTab: 'Create New Course',
      list: 'Courses',
      empty: 'No courses found. Add your first course using the Create New tab.',
      createHeading: 'New course',
      createButton: 'Add Course',
      added: 'Course added',
      saveAll: 'Save Changes',
      edit: 'Edit Course',
      closeEdit: 'Cancel',
    },
    head: (item) => ({
      title: item.title || 'Untitled course',
      badges: (
        <>
          <Badge variant="outline">{courseDates({ start: item.start, end: item.end || null })}</Badge>
          {item.role ? <Badge variant="secondary">{COURSE_ROLE_LABELS[item.role]}</Badge> : null}
        </>
      ),
    }),
    renderRead: (item) => (
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {[
          ['Code', item.code],
          ['Institution', item.institution],
          ['Level', item.level],
          ['Terms', item.terms.join(', ')],
          ['Materials', item.materials.map((material) => material.label || material.url).join(', ')],
          ['Page', item.hasPage ? 'Its own page' : 'No page of its own'],
        ]
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
      </dl>
    ),
    form: CourseItemForm,
  };
  const editor = useListEditor(config, initial);
  return <ListEditorShell editor={editor} config={config} />;
}
