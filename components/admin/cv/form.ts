import { z } from '@/lib/validation/zod';

import type { CvEntry } from '@/lib/cv/types';
import type { CvEntryItemValues } from '@/lib/validation/cv';
import { listDraftSchema } from '@/components/admin/use-list-editor';

/** One CV row as the editor holds it: the end and the link as typed ('' for none). */
export interface CvFormItem {
  id: string;
  category: string;
  start: string;
  end: string;
  title: string;
  place: string;
  url: string;
  description: string;
}

export function formItemFrom(item: CvEntry | CvEntryItemValues): CvFormItem {
  return { ...item, end: item.end ?? '', url: item.url ?? '' };
}

const formItemSchema = z.object({
  id: z.string(),
  category: z.string(),
  start: z.string(),
  end: z.string(),
  title: z.string(),
  place: z.string(),
  url: z.string(),
  description: z.string(),
});

export const cvDraftSchema = listDraftSchema<CvFormItem>(formItemSchema);
