'use server';

import { adminRefusal, checkAdmin } from '@/lib/auth/guard';
import { deleteProject, saveProjectList, type SavedProjects } from '@/lib/content/projects/queries';
import { storedIdSchema } from '@/lib/validation/lists';
import { projectListSchema } from '@/lib/validation/projects';
import { invalidInput, type ActionResult } from '@/lib/action-result';

/**
 * Saving the Projects editor: the whole list, validated here whatever the page checked, by an admin
 * re-read from the database. Projects absent from the list are deleted; temporary ids get server ids.
 */
export async function saveProjectsAction(input: unknown): Promise<ActionResult<SavedProjects>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = projectListSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'Please correct the highlighted fields.');
  try {
    const { saved } = await saveProjectList(parsed.data.items);
    return { ok: true, data: saved };
  } catch (error) {
    console.error('Failed to save projects', error);
    // The editor shows it as docs/product.md §8's 'Save failed: {message or There was an error saving your changes}'.
    return { ok: false, error: 'There was an error saving your changes' };
  }
}

/** Removing a saved project deletes it at once (docs/product.md §4); the editor keeps it when this fails. */
export async function deleteProjectAction(id: unknown): Promise<ActionResult<{ id: string }>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = storedIdSchema.safeParse(id);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    await deleteProject(parsed.data);
    // Already gone (another session deleted it) is what was asked for.
    return { ok: true, data: { id: parsed.data } };
  } catch (error) {
    console.error('Failed to remove project', error);
    return { ok: false, error: 'Failed to remove project' };
  }
}
