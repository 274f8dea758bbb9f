'use server';

import { adminAction } from '@/lib/auth/admin-action';
import { saveCoauthorList } from '@/lib/content/coauthors/queries';
import { coauthorListRefusal, coauthorListSchema } from '@/lib/validation/coauthors';

/**
 * Save All Changes of the Co-authors editor: the whole list in its order, by an admin re-read from the
 * database, validated here whatever the page checked.
 */
export const saveCoauthorsAction = adminAction({
  schema: coauthorListSchema,
  invalid: coauthorListRefusal,
  run: ({ items }) => saveCoauthorList(items),
  failed: { log: 'Failed to save co-authors', answer: 'The changes could not be stored. Please try again.' },
});
