import { z } from '@/lib/validation/zod';

import type { Experience } from '@/lib/content/experience/types';
import type { ExperienceItemValues } from '@/lib/validation/experience';
import { listDraftSchema } from '@/components/admin/use-list-editor';

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

export const experienceDraftSchema = listDraftSchema<ExperienceFormItem>(formItemSchema);

