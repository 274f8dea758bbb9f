'use server';

import { adminAction } from '@/lib/auth/admin-action';
import { completeFirstRun, dismissFirstRun } from '@/lib/content/first-run';
import { firstRunSchema } from '@/lib/validation/first-run';

/**
 * The first run's Start (docs/product.md §2, "Welcome"): the owner's name, role line and links, and how the site
 * starts, validated here by the About editor's rules whatever the page checked, by an admin re-read from the
 * database. Stored in one transaction; with "Start empty" the sample content is removed after a backup (a failed
 * backup is a SampleBackupError, told as it is).
 */
export const completeFirstRunAction = adminAction({
  schema: firstRunSchema,
  invalid: 'Please correct the highlighted fields.',
  run: ({ start, ...identity }) => completeFirstRun(identity, start),
  failed: { log: 'Failed to complete the first run', answer: 'Your answers could not be stored, and nothing was changed. Please try again.' },
});

/** The dashboard's Dismiss: the first run asks nothing more (About and Settings hold the same choices). */
export const dismissFirstRunAction = adminAction({
  run: async () => {
    await dismissFirstRun();
    return null;
  },
  failed: { log: 'Failed to dismiss the first run', answer: 'The welcome could not be dismissed. Please try again.' },
});
