import { z } from '@/lib/validation/zod';
import { FOUND_WORK_KEY_MAX, REFRESH_HOURS, type RefreshHours } from '@/lib/scholarly/citation-types';

/**
 * Settings → Citations and the found works' Dismiss (issue 46), shared by the forms and their server actions.
 * Client-safe.
 */

export const CITATION_MESSAGES = {
  refreshHours: 'Choose how often the counts are read.',
  foundWorks: 'Choose the works to dismiss.',
} as const;

/** The choices of "Read the counts", in the select's order. */
export const REFRESH_CHOICES: readonly { hours: RefreshHours; label: string }[] = [
  { hours: 6, label: 'Every 6 hours' },
  { hours: 12, label: 'Every 12 hours' },
  { hours: 24, label: 'Daily' },
  { hours: 168, label: 'Weekly' },
  { hours: 0, label: 'Only when asked (Refresh now, or the scheduler route)' },
];

export const citationSettingsSchema = z.strictObject({
  showOnSite: z.boolean(),
  showOnCv: z.boolean(),
  refreshHours: z.literal([...REFRESH_HOURS], { error: CITATION_MESSAGES.refreshHours }),
});

/** The keys of the found works to dismiss: at most a page of them, each as stored. */
export const foundWorkKeysSchema = z
  .array(z.string().min(1).max(FOUND_WORK_KEY_MAX), { error: CITATION_MESSAGES.foundWorks })
  .min(1, CITATION_MESSAGES.foundWorks)
  .max(500, CITATION_MESSAGES.foundWorks);
