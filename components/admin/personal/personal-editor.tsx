'use client';

import { z } from '@/lib/validation/zod';

import { createPersonalPostAction, deletePersonalPostAction, updatePersonalPostAction } from '@/app/admin/(guarded)/personal/edit/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { ImageThumb } from '@/components/admin/image-thumb';
import { ItemEditorShell, type ItemEditorConfig } from '@/components/admin/item-editor-shell';
import { itemDraftSchema, useItemEditor } from '@/components/admin/use-item-editor';
import { Badge } from '@/components/ui/badge';
import { formatLongDate } from '@/lib/format';
import { personalDisplayTitle } from '@/lib/content/personal/rules';
import type { PersonalPost } from '@/lib/content/personal/types';
import { checkPersonalPost } from '@/lib/validation/personal';
import { emptyPersonalForm, PersonalFormFields, type PersonalForm } from './personal-form';

/** docs/product.md §2: the read view shows up to 4 images, then '+N more'. */
const SHOWN_IMAGES = 4;

const PERSONAL_EDITOR: ItemEditorConfig<PersonalPost, PersonalForm> = {
  draftName: 'personal',
  draftSchema: itemDraftSchema(z.object({ title: z.string(), type: z.string(), content: z.string(), imageUrls: z.array(z.string()) })),
  order: (a, b) => b.createdAt.localeCompare(a.createdAt),
  toForm: (post) => ({ title: post.title, type: post.type, content: post.content, imageUrls: [...post.imageUrls] }),
  newForm: emptyPersonalForm,
  check: checkPersonalPost,
  create: withinBodyLimit(createPersonalPostAction),
  update: withinBodyLimit(updatePersonalPostAction),
  remove: deletePersonalPostAction,
  messages: {
    created: 'Personal post created successfully',
    updated: 'Personal post updated successfully',
    deleted: 'Personal post deleted successfully',
    failed: (error) => ({ title: error }),
    deleteTitle: 'Delete Personal Post',
    confirmDelete: (post) => `Delete "${personalDisplayTitle(post.title, post.content)}"? It disappears from /personal at once.`,
    unreachable: {
      save: 'Failed to save personal post: the server could not be reached. Your changes are kept here; please try again.',
      delete: 'Failed to delete personal post: the server could not be reached. Please try again.',
    },
  },
  idPrefix: 'personal',
  labels: {
    allTab: 'All Posts',
    createTab: 'Create New Post',
    list: 'Personal posts',
    empty: 'No personal posts found. Create your first post!',
    emptyButton: 'Add First Post',
    createHeading: 'New personal post',
    createButton: 'Create Post',
  },
  head: (post) => ({
    title: personalDisplayTitle(post.title, post.content),
    subtitle: formatLongDate(post.date),
    badges: <Badge variant="outline">{post.type[0]!.toUpperCase() + post.type.slice(1)}</Badge>,
  }),
  renderRead: (post) => (
    <div className="flex flex-col gap-4">
      <div
        className="text-sm text-foreground/85 [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_ul]:list-disc [&_ul]:pl-5"
        // Sanitised on the server before it was stored, and again before it reached this page.
        dangerouslySetInnerHTML={{ __html: post.content }}
      />
      {post.imageUrls.length > 0 ? (
        <ul aria-label="Images" className="flex flex-wrap items-center gap-2">
          {post.imageUrls.slice(0, SHOWN_IMAGES).map((url, index) => (
            <li key={`${url}-${index}`}>
              <ImageThumb src={url} alt={`Image ${index + 1}`} className="size-20 rounded-md border border-border object-cover" />
            </li>
          ))}
          {post.imageUrls.length > SHOWN_IMAGES ? <li className="text-sm text-muted-foreground">+{post.imageUrls.length - SHOWN_IMAGES} more</li> : null}
        </ul>
      ) : null}
    </div>
  ),
  form: PersonalFormFields,
};

/**
 * Personal Posts Management (docs/product.md §§2, 4, 5 and 8). `initial` carries each post's content already
 * sanitised on the server, as every saved post's does.
 */
export function PersonalEditor({ initial }: { initial: PersonalPost[] }) {
  const editor = useItemEditor(PERSONAL_EDITOR, initial);
  return <ItemEditorShell editor={editor} config={PERSONAL_EDITOR} />;
}
