'use server';

import { adminRefusal, checkAdmin } from '@/lib/auth/guard';
import { saveAbout } from '@/lib/content/about/queries';
import type { About } from '@/lib/content/about/types';
import { aboutSchema } from '@/lib/validation/about';
import { invalidInput, type ActionResult } from '@/lib/action-result';

/**
 * The About editor's Save Changes: the whole profile, validated here whatever the page checked, by an
 * admin re-read from the database (not the freshness stamp: a long edit can still be saved). The image
 * is part of the save: saveAbout commits the new profile, then removes the image it replaced when that
 * was an upload of ours nothing else uses; nothing is removed when the input or the caller is refused or
 * the write fails, and a failed removal is only logged (the save succeeded).
 */
export async function saveAboutAction(input: unknown): Promise<ActionResult<About>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = aboutSchema.safeParse(input);
  if (!parsed.success) {
    return invalidInput(parsed.error, 'Please correct the highlighted fields.');
  }
  try {
    return { ok: true, data: await saveAbout(parsed.data) };
  } catch (error) {
    console.error('Failed to save about data', error);
    return { ok: false, error: 'The changes could not be stored. Please try again.' };
  }
}
