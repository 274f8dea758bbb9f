'use server';

import { adminAction } from '@/lib/auth/admin-action';
import { saveAbout } from '@/lib/content/about/queries';
import { aboutSchema } from '@/lib/validation/about';

/**
 * The About editor's Save Changes: the whole profile, validated here whatever the page checked, by an
 * admin re-read from the database (not the freshness stamp: a long edit can still be saved). The image
 * is part of the save: saveAbout commits the new profile, then removes the image it replaced when that
 * was an upload of ours nothing else uses; nothing is removed when the input or the caller is refused or
 * the write fails, and a failed removal is only logged (the save succeeded).
 */
export const saveAboutAction = adminAction({
  schema: aboutSchema,
  invalid: 'Please correct the highlighted fields.',
  run: saveAbout,
  failed: { log: 'Failed to save about data', answer: 'The changes could not be stored. Please try again.' },
});
