'use server';

import { adminAction } from '@/lib/auth/admin-action';
import { deleteCourse, saveCourseList } from '@/lib/content/courses/queries';
import { saveTeachingGrouping } from '@/lib/content/settings/queries';
import { courseListSchema, teachingGroupingSchema } from '@/lib/validation/courses';
import { storedIdSchema } from '@/lib/validation/lists';

/**
 * Saving the Teaching editor: the whole list, validated here whatever the page checked, by an admin re-read
 * from the database. Courses absent from the list are deleted; temporary ids get server ids.
 */
export const saveCoursesAction = adminAction({
  schema: courseListSchema,
  invalid: 'Please correct the highlighted fields.',
  run: async ({ items }) => saveCourseList(items),
  failed: { log: 'Failed to save courses', answer: 'There was an error saving your changes' },
});

/** Removing a saved course deletes it at once; the editor keeps it when this fails. */
export const deleteCourseAction = adminAction({
  schema: storedIdSchema,
  run: async (id) => {
    await deleteCourse(id);
    // Already gone (another session deleted it) is what was asked for.
    return { id };
  },
  failed: { log: 'Failed to remove course', answer: 'Failed to remove course' },
});

/** "Group the teaching page by": by institution or by year, from the next request. */
export const saveTeachingGroupingAction = adminAction({
  schema: teachingGroupingSchema,
  run: async ({ grouping }) => ({ grouping: await saveTeachingGrouping(grouping) }),
  failed: { log: 'Failed to save the teaching grouping', answer: 'The grouping could not be stored. Please try again.' },
});
