import { z } from '@/lib/validation/zod';

import type { Experience } from '@/lib/content/experience/types';
import { experienceItemSchema, type ExperienceItemValues } from '@/lib/validation/experience';
import { schemaErrors } from '@/lib/action-result';
import type { ListDraft } from '@/components/admin/use-list-editor';

/**
 * One item as the Experience editor holds it: what the schema takes, with the end month as typed ('' while
 * the position is current), so a restored draft or a failed save shows exactly what was entered.
 */
export interface ExperienceFormItem {
  id: string;
  title: string;
  company: string;
  location: string;
  startDate: string;
  endDate: string;
  description: string;
  highlights: string[];
  technologies: string[];
}

export function formItemFrom(item: Experience | ExperienceItemValues): ExperienceFormItem {
  return { ...item, endDate: item.endDate ?? '', highlights: [...item.highlights], technologies: [...item.technologies] };
}

/** The form's own check before an item joins the list: the server's schema, errors keyed by field. */
export function checkItem(item: ExperienceFormItem): Record<string, string> {
  return schemaErrors(experienceItemSchema, item);
}

const formItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  company: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  description: z.string(),
  highlights: z.array(z.string()),
  technologies: z.array(z.string()),
});

export const experienceDraftSchema: z.ZodType<ListDraft<ExperienceFormItem>> = z.object({
  items: z.array(formItemSchema),
  /** The create tab's form, when the admin had started on it. */
  creating: formItemSchema.nullable(),
});

