import { z } from '@/lib/validation/zod';

import type { Coauthor } from '@/lib/content/coauthors/types';
import type { CoauthorItemValues } from '@/lib/validation/coauthors';
import { listDraftSchema } from '@/components/admin/use-list-editor';

/** One co-author as the editor holds it: the homepage and ORCID iD as typed ('' for none). */
export interface CoauthorFormItem {
  id: string;
  name: string;
  homepage: string;
  orcid: string;
}

export function formItemFrom(item: Coauthor | CoauthorItemValues): CoauthorFormItem {
  return { id: item.id, name: item.name, homepage: item.homepage ?? '', orcid: item.orcid ?? '' };
}

const formItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  homepage: z.string(),
  orcid: z.string(),
});

export const coauthorDraftSchema = listDraftSchema<CoauthorFormItem>(formItemSchema);
