'use server';

import { adminRefusal, checkAdmin } from '@/lib/auth/guard';
import { saveExperienceList, type SavedExperience } from '@/lib/content/experience/queries';
import { experienceListSchema } from '@/lib/validation/experience';
import { invalidInput, type ActionResult } from '@/lib/action-result';

/**
 * Save All Changes of the Experience editor: the whole list, validated here whatever the page checked,
 * by an admin re-read from the database (not the freshness stamp: a long edit can still be saved).
 */
export async function saveExperienceAction(input: unknown): Promise<ActionResult<SavedExperience>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = experienceListSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'Please correct the highlighted fields.');
  try {
    return { ok: true, data: await saveExperienceList(parsed.data.items) };
  } catch (error) {
    console.error('Failed to save experience data', error);
    return { ok: false, error: 'The changes could not be stored. Please try again.' };
  }
}
