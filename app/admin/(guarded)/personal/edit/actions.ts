'use server';

import { itemActions } from '@/lib/auth/admin-action';
import { createPersonalPost, deletePersonalPost, updatePersonalPost } from '@/lib/content/personal/queries';
import { personalPostRefusal, personalPostSchema } from '@/lib/validation/personal';

/** Personal Posts Management (docs/product.md §§5, 7, 8): add a post dated today, write over one keeping its date, delete one. */
const personal = itemActions({
  noun: 'personal post',
  gone: 'This post no longer exists; it may have been deleted in another window.',
  schema: personalPostSchema,
  invalid: personalPostRefusal,
  create: createPersonalPost,
  update: updatePersonalPost,
  remove: deletePersonalPost,
  // docs/product.md §8's '{message or Unknown error}': what a failure with no message for the admin says.
  unexpected: 'Unknown error',
});

export const createPersonalPostAction = personal.create;
export const updatePersonalPostAction = personal.update;
export const deletePersonalPostAction = personal.delete;
