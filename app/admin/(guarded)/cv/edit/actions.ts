'use server';

import { adminRefusal, checkAdmin } from '@/lib/auth/guard';
import { saveCvEntryList, type SavedCvEntries } from '@/lib/content/cv/queries';
import { cvEntryListSchema } from '@/lib/validation/cv';
import { invalidInput, type ActionResult } from '@/lib/action-result';

/**
 * Save All Changes of the CV editor: the whole list in its order, by an admin re-read from the database,
 * validated here whatever the page checked.
 */
export async function saveCvEntriesAction(input: unknown): Promise<ActionResult<SavedCvEntries>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = cvEntryListSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'Please correct the highlighted fields.');
  try {
    return { ok: true, data: await saveCvEntryList(parsed.data.items) };
  } catch (error) {
    console.error('Failed to save CV entries', error);
    return { ok: false, error: 'The changes could not be stored. Please try again.' };
  }
}
