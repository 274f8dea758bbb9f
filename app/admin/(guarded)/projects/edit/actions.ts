'use server';

import { adminAction } from '@/lib/auth/admin-action';
import { deleteProject, saveProjectList } from '@/lib/content/projects/queries';
import { storedIdSchema } from '@/lib/validation/lists';
import { projectListSchema } from '@/lib/validation/projects';

/**
 * Saving the Projects editor: the whole list, validated here whatever the page checked, by an admin
 * re-read from the database. Projects absent from the list are deleted; temporary ids get server ids.
 */
export const saveProjectsAction = adminAction({
  schema: projectListSchema,
  invalid: 'Please correct the highlighted fields.',
  run: async ({ items }) => (await saveProjectList(items)).saved,
  // The editor shows it as docs/product.md §8's 'Save failed: {message or There was an error saving your changes}'.
  failed: { log: 'Failed to save projects', answer: 'There was an error saving your changes' },
});

/** Removing a saved project deletes it at once (docs/product.md §4); the editor keeps it when this fails. */
export const deleteProjectAction = adminAction({
  schema: storedIdSchema,
  run: async (id) => {
    await deleteProject(id);
    // Already gone (another session deleted it) is what was asked for.
    return { id };
  },
  failed: { log: 'Failed to remove project', answer: 'Failed to remove project' },
});
