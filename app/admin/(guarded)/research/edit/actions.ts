'use server';

import { runAdminDelete, runAdminUpdate, runAdminWrite } from '@/lib/auth/admin-action';
import { createPaper, deletePaper, updatePaper } from '@/lib/content/research/queries';
import type { ResearchPaper } from '@/lib/content/research/types';
import { checkPaper } from '@/lib/validation/research';
import type { ActionResult } from '@/lib/action-result';

const GONE = 'This paper no longer exists; it may have been deleted in another window.';
const saveFailed = (message: string) => `Failed to save research paper: ${message}`;

/** Research Papers editor: add a paper (spec sections 5, 7, 8). */
export async function createPaperAction(input: unknown): Promise<ActionResult<ResearchPaper>> {
  return runAdminWrite(checkPaper(input), createPaper, saveFailed);
}

/** Research Papers editor: write over one paper. */
export async function updatePaperAction(id: unknown, input: unknown): Promise<ActionResult<ResearchPaper>> {
  return runAdminUpdate(id, checkPaper(input), updatePaper, saveFailed, GONE);
}

/** Research Papers editor: delete one paper. */
export async function deletePaperAction(id: unknown): Promise<ActionResult<{ id: string }>> {
  return runAdminDelete(id, deletePaper, (message) => `Failed to delete research paper: ${message}`, GONE);
}
