'use server';

import { itemActions } from '@/lib/auth/admin-action';
import { createBlogPost, deleteBlogPost, updateBlogPost } from '@/lib/content/blog/queries';
import { blogPostRefusal, blogPostSchema } from '@/lib/validation/blog';

/** Blog Management (docs/product.md §§5, 7, 8): add a post, write over one, delete one. */
const blog = itemActions({
  noun: 'blog post',
  gone: 'This post no longer exists; it may have been deleted in another window.',
  schema: blogPostSchema,
  invalid: blogPostRefusal,
  create: createBlogPost,
  update: updateBlogPost,
  remove: deleteBlogPost,
  // docs/product.md §8's '{message or Unknown error}': what a failure with no message for the admin says.
  unexpected: 'Unknown error',
});

export const createBlogPostAction = blog.create;
export const updateBlogPostAction = blog.update;
export const deleteBlogPostAction = blog.delete;
