'use server';

import { adminAction } from '@/lib/auth/admin-action';
import { deleteTalk, saveTalkList } from '@/lib/content/talks/queries';
import { storedIdSchema } from '@/lib/validation/lists';
import { placeQuerySchema, talkListSchema } from '@/lib/validation/talks';
import { searchPlaces } from '@/lib/places/gazetteer';

/**
 * Saving the Talks editor: the whole list, validated here whatever the page checked, by an admin re-read
 * from the database. Talks absent from the list are deleted; temporary ids get server ids.
 */
export const saveTalksAction = adminAction({
  schema: talkListSchema,
  invalid: 'Please correct the highlighted fields.',
  run: async ({ items }) => saveTalkList(items),
  failed: { log: 'Failed to save talks', answer: 'There was an error saving your changes' },
});

/** Removing a saved talk deletes it at once; the editor keeps it when this fails. */
export const deleteTalkAction = adminAction({
  schema: storedIdSchema,
  run: async (id) => {
    await deleteTalk(id);
    // Already gone (another session deleted it) is what was asked for.
    return { id };
  },
  failed: { log: 'Failed to remove talk', answer: 'Failed to remove talk' },
});

/** The editor's city typeahead: up to 8 cities of the offline gazetteer (GeoNames) for what was typed. Reads only. */
export const searchPlacesAction = adminAction({
  schema: placeQuerySchema,
  run: async (query) => searchPlaces(query),
  failed: { log: 'Failed to search the places', answer: 'The places could not be searched. Type the city instead.' },
});
