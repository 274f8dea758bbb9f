'use server';

import { AdminFacingError, runAdminWrite } from '@/lib/auth/admin-action';
import { createPaper, deletePaper, updatePaper } from '@/lib/content/research/queries';
import type { ResearchPaper } from '@/lib/content/research/types';
import { storedIdSchema } from '@/lib/validation/lists';
import { checkPaper } from '@/lib/validation/research';
import type { ActionResult } from '@/lib/action-result';

const GONE = 'This paper no longer exists; it may have been deleted in another window.';

/** Research Papers editor: add a paper (spec sections 5, 7, 8). */
export async function createPaperAction(input: unknown): Promise<ActionResult<ResearchPaper>> {
  return runAdminWrite(checkPaper(input), createPaper, (message) => `Failed to save research paper: ${message}`);
}

/** Research Papers editor: write over one paper. */
export async function updatePaperAction(id: unknown, input: unknown): Promise<ActionResult<ResearchPaper>> {
  const paperId = storedIdSchema.safeParse(id);
  if (!paperId.success) return { ok: false, error: `Failed to save research paper: ${GONE}` };
  return runAdminWrite(
    checkPaper(input),
    async (paper) => {
      const updated = await updatePaper(paperId.data, paper);
      if (!updated) throw new AdminFacingError(GONE);
      return updated;
    },
    (message) => `Failed to save research paper: ${message}`,
  );
}

/** Research Papers editor: delete one paper (already gone counts as done). */
export async function deletePaperAction(id: unknown): Promise<ActionResult<{ id: string }>> {
  const paperId = storedIdSchema.safeParse(id);
  return runAdminWrite(
    paperId.success ? { ok: true, data: paperId.data } : { ok: false, error: `Failed to delete research paper: ${GONE}` },
    async (checked) => {
      await deletePaper(checked);
      return { id: checked };
    },
    (message) => `Failed to delete research paper: ${message}`,
  );
}
