import { z } from '@/lib/validation/zod';

import type { Experience } from '@/lib/content/experience/types';
import { experienceItemSchema, type ExperienceItemValues } from '@/lib/validation/experience';
import { fieldErrorsOf } from '@/lib/action-result';

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

/** Whether two lists would save the same thing (order included: it is the order the admin sees). */
export function sameItems(a: readonly ExperienceFormItem[], b: readonly ExperienceFormItem[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The form's own check before an item joins the list: the server's schema, errors keyed by field. */
export function checkItem(item: ExperienceFormItem): Record<string, string> {
  const parsed = experienceItemSchema.safeParse(item);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

/**
 * The server's errors are keyed by position ('items.2.endDate'); the editor keys them by item id, so an
 * error stays with its item whatever was removed above it.
 */
export function errorsByItem(fieldErrors: Record<string, string>, items: readonly ExperienceFormItem[]): Record<string, Record<string, string>> {
  const keyed: Record<string, Record<string, string>> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^items\.(\d+)\.(.+)$/.exec(path);
    const item = match ? items[Number(match[1])] : undefined;
    if (!match || !item) continue;
    keyed[item.id] ??= {};
    keyed[item.id]![match[2]!] ??= message;
  }
  return keyed;
}

/** A stored draft is read back only when it still has this shape. */
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

export const experienceDraftSchema = z.object({
  items: z.array(formItemSchema),
  /** The create tab's form, when the admin had started on it. */
  creating: formItemSchema.nullable(),
});

export type ExperienceDraft = z.infer<typeof experienceDraftSchema>;
