'use server';

import { adminAction } from '@/lib/auth/admin-action';
import { saveCvEntryList } from '@/lib/content/cv/queries';
import { cvEntryListSchema } from '@/lib/validation/cv';

/**
 * Save All Changes of the CV editor: the whole list in its order, by an admin re-read from the database,
 * validated here whatever the page checked.
 */
export const saveCvEntriesAction = adminAction({
  schema: cvEntryListSchema,
  invalid: 'Please correct the highlighted fields.',
  run: ({ items }) => saveCvEntryList(items),
  failed: { log: 'Failed to save CV entries', answer: 'The changes could not be stored. Please try again.' },
});
