import { z } from '@/lib/validation/zod';
import { RETENTION_CHOICES, type RetentionDays } from '@/lib/analytics/types';

/** Settings → Reader Analytics (issue 48), shared by the form and its server action. Client-safe. */

export const ANALYTICS_MESSAGES = {
  enabled: 'Choose whether page views and downloads are counted.',
  retentionDays: `Choose how long raw events are kept: ${RETENTION_CHOICES.slice(0, -1).join(', ')} or ${RETENTION_CHOICES.at(-1)} days.`,
} as const;

/** The select's values, as the form sends them. */
const RETENTION_TEXTS = RETENTION_CHOICES.map(String);

export const analyticsSettingsSchema = z.strictObject({
  enabled: z.boolean({ error: ANALYTICS_MESSAGES.enabled }),
  // A choice as the select gives it ('90') or as a number; nothing else ('90.0', ' 90', ['90']) is read as one.
  retentionDays: z.union([z.literal([...RETENTION_CHOICES]), z.enum(RETENTION_TEXTS).transform((text) => Number(text) as RetentionDays)], {
    error: ANALYTICS_MESSAGES.retentionDays,
  }),
});
