'use server';

import { runAdminDelete, runAdminUpdate, runAdminWrite } from '@/lib/auth/admin-action';
import { createBlogPost, deleteBlogPost, updateBlogPost } from '@/lib/content/blog/queries';
import type { BlogPost } from '@/lib/content/blog/types';
import { checkBlogPost } from '@/lib/validation/blog';
import type { ActionResult } from '@/lib/action-result';

const GONE = 'This post no longer exists; it may have been deleted in another window.';
/** docs/product.md §8's '{message or Unknown error}': what a failure with no message for the admin says. */
const UNKNOWN_ERROR = 'Unknown error';
const saveFailed = (message: string) => `Failed to save blog post: ${message}`;

/** Blog Management: add a post (docs/product.md §§5, 7, 8). */
export async function createBlogPostAction(input: unknown): Promise<ActionResult<BlogPost>> {
  return runAdminWrite(() => checkBlogPost(input), createBlogPost, saveFailed, UNKNOWN_ERROR);
}

/** Blog Management: write over one post. */
export async function updateBlogPostAction(id: unknown, input: unknown): Promise<ActionResult<BlogPost>> {
  return runAdminUpdate(id, () => checkBlogPost(input), updateBlogPost, saveFailed, GONE, UNKNOWN_ERROR);
}

/** Blog Management: delete one post. */
export async function deleteBlogPostAction(id: unknown): Promise<ActionResult<{ id: string }>> {
  return runAdminDelete(id, deleteBlogPost, (message) => `Failed to delete blog post: ${message}`, GONE, UNKNOWN_ERROR);
}
