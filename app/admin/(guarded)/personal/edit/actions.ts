'use server';

import { runAdminDelete, runAdminUpdate, runAdminWrite } from '@/lib/auth/admin-action';
import { createPersonalPost, deletePersonalPost, updatePersonalPost } from '@/lib/content/personal/queries';
import type { PersonalPost } from '@/lib/content/personal/types';
import { checkPersonalPost } from '@/lib/validation/personal';
import type { ActionResult } from '@/lib/action-result';

const GONE = 'This post no longer exists; it may have been deleted in another window.';
/** docs/product.md §8's '{message or Unknown error}': what a failure with no message for the admin says. */
const UNKNOWN_ERROR = 'Unknown error';
const saveFailed = (message: string) => `Failed to save personal post: ${message}`;

/** Personal Posts Management: add a post, dated today (docs/product.md §§5, 7, 8). */
export async function createPersonalPostAction(input: unknown): Promise<ActionResult<PersonalPost>> {
  return runAdminWrite(() => checkPersonalPost(input), createPersonalPost, saveFailed, UNKNOWN_ERROR);
}

/** Personal Posts Management: write over one post, keeping its date. */
export async function updatePersonalPostAction(id: unknown, input: unknown): Promise<ActionResult<PersonalPost>> {
  return runAdminUpdate(id, () => checkPersonalPost(input), updatePersonalPost, saveFailed, GONE, UNKNOWN_ERROR);
}

/** Personal Posts Management: delete one post. */
export async function deletePersonalPostAction(id: unknown): Promise<ActionResult<{ id: string }>> {
  return runAdminDelete(id, deletePersonalPost, (message) => `Failed to delete personal post: ${message}`, GONE, UNKNOWN_ERROR);
}
