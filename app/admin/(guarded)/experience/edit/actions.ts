'use server';

import { adminAction } from '@/lib/auth/admin-action';
import { saveExperienceList } from '@/lib/content/experience/queries';
import { experienceListSchema } from '@/lib/validation/experience';

/**
 * Save All Changes of the Experience editor: the whole list, validated here whatever the page checked,
 * by an admin re-read from the database (not the freshness stamp: a long edit can still be saved).
 */
export const saveExperienceAction = adminAction({
  schema: experienceListSchema,
  invalid: 'Please correct the highlighted fields.',
  run: ({ items }) => saveExperienceList(items),
  failed: { log: 'Failed to save experience data', answer: 'The changes could not be stored. Please try again.' },
});
