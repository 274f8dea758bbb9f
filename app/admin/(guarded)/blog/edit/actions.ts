'use server';

import { AdminFacingError, runAdminWrite } from '@/lib/auth/admin-action';
import { createBlogPost, deleteBlogPost, updateBlogPost } from '@/lib/content/blog/queries';
import type { BlogPost } from '@/lib/content/blog/types';
import { checkBlogPost } from '@/lib/validation/blog';
import { storedIdSchema } from '@/lib/validation/lists';
import type { ActionResult } from '@/lib/action-result';

const GONE = 'This post no longer exists; it may have been deleted in another window.';
const saveFailed = (message: string) => `Failed to save blog post: ${message}`;

/** Blog Management: add a post (spec sections 5, 7, 8). */
export async function createBlogPostAction(input: unknown): Promise<ActionResult<BlogPost>> {
  return runAdminWrite(checkBlogPost(input), createBlogPost, saveFailed);
}

/** Blog Management: write over one post. */
export async function updateBlogPostAction(id: unknown, input: unknown): Promise<ActionResult<BlogPost>> {
  const postId = storedIdSchema.safeParse(id);
  if (!postId.success) return { ok: false, error: saveFailed(GONE) };
  return runAdminWrite(
    checkBlogPost(input),
    async (post) => {
      const updated = await updateBlogPost(postId.data, post);
      if (!updated) throw new AdminFacingError(GONE);
      return updated;
    },
    saveFailed,
  );
}

/** Blog Management: delete one post (already gone counts as done). */
export async function deleteBlogPostAction(id: unknown): Promise<ActionResult<{ id: string }>> {
  const postId = storedIdSchema.safeParse(id);
  return runAdminWrite(
    postId.success ? { ok: true, data: postId.data } : { ok: false, error: `Failed to delete blog post: ${GONE}` },
    async (checked) => {
      await deleteBlogPost(checked);
      return { id: checked };
    },
    (message) => `Failed to delete blog post: ${message}`,
  );
}
