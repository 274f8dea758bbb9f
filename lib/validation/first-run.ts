import { z } from '@/lib/validation/zod';
import { aboutSchema } from './about';

/**
 * The first run's answers (docs/product.md §2, "Welcome"): the owner's identity, checked by the About editor's
 * own rules, and how the site starts. Client-safe.
 */

/** How the site starts: with the sample content (kept, or filled in when the site is empty), empty, or as it is. */
export const START_CHOICES = ['sample', 'empty', 'as-is'] as const;
export type StartChoice = (typeof START_CHOICES)[number];

export const START_REQUIRED = 'Choose how the site starts: with the sample content, or empty.';

export const firstRunSchema = aboutSchema
  .pick({ name: true, title: true, affiliation: true, footerBlurb: true, email: true, links: true, mark: true, markImageUrl: true })
  .extend({ start: z.enum(START_CHOICES, { error: START_REQUIRED }) });

export type FirstRunInput = z.input<typeof firstRunSchema>;
