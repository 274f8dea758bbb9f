'use client';

import { z } from '@/lib/validation/zod';

import { createBlogPostAction, deleteBlogPostAction, updateBlogPostAction } from '@/app/admin/(guarded)/blog/edit/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { ItemEditorShell, type ItemEditorConfig } from '@/components/admin/item-editor-shell';
import { itemDraftSchema, useItemEditor } from '@/components/admin/use-item-editor';
import { Markdown } from '@/components/site/markdown';
import { Badge } from '@/components/ui/badge';
import type { BlogPost } from '@/lib/content/blog/types';
import { formatLongDate } from '@/lib/format';
import { BLOG_REQUIRED, checkBlogPost } from '@/lib/validation/blog';
import { emptyPostForm, PostFormFields, type PostForm } from './post-form';

const BLOG_EDITOR: ItemEditorConfig<BlogPost, PostForm> = {
  draftName: 'blog',
  draftSchema: itemDraftSchema(
    z.object({ title: z.string(), slug: z.string(), excerpt: z.string(), tags: z.string(), coverImage: z.string(), content: z.string() }),
  ),
  // docs/product.md §7: the admin list by created_at descending.
  order: (a, b) => b.createdAt.localeCompare(a.createdAt),
  toForm: (post) => ({ title: post.title, slug: post.slug, excerpt: post.excerpt, tags: post.tags.join(', '), coverImage: post.coverImage ?? '', content: post.content }),
  newForm: emptyPostForm,
  check: checkBlogPost,
  create: withinBodyLimit(createBlogPostAction),
  update: withinBodyLimit(updateBlogPostAction),
  remove: deleteBlogPostAction,
  messages: {
    created: 'Blog post created successfully',
    updated: 'Blog post updated successfully',
    deleted: 'Blog post deleted successfully',
    failed: (error) => (error === BLOG_REQUIRED ? { title: 'Validation Error', description: error } : { title: error }),
    deleteTitle: 'Delete Blog Post',
    confirmDelete: (post) => `Delete "${post.title}"? It disappears from /blog at once.`,
    unreachable: {
      save: 'Failed to save blog post: the server could not be reached. Your changes are kept here; please try again.',
      delete: 'Failed to delete blog post: the server could not be reached. Please try again.',
    },
  },
  idPrefix: 'post',
  labels: {
    allTab: 'All Posts',
    createTab: 'Create New Post',
    list: 'Blog posts',
    listHeading: 'Blog Posts',
    empty: 'No blog posts found. Create your first post!',
    emptyButton: 'Add First Post',
    createHeading: 'New blog post',
    createButton: 'Create Post',
  },
  head: (post) => ({
    title: post.title,
    subtitle: `${formatLongDate(post.date)} • /blog/${post.slug}`,
    badges: post.tags.map((tag) => (
      <Badge key={tag} variant="secondary">
        {tag}
      </Badge>
    )),
  }),
  renderRead: (post) => (
    <div className="flex flex-col gap-4 text-sm">
      {post.excerpt ? <p className="text-muted-foreground italic">{post.excerpt}</p> : null}
      {post.coverImage ? (
        // eslint-disable-next-line @next/next/no-img-element -- admin preview of any stored or pasted address
        <img src={post.coverImage} alt="Cover image" className="max-h-56 w-full rounded-lg border border-border object-cover" />
      ) : null}
      <Markdown source={post.content} className="text-sm" />
    </div>
  ),
  form: PostFormFields,
};

/** Blog Management (docs/product.md §§2, 4, 5 and 8), with a content editor fit for mathematics. */
export function BlogEditor({ initial }: { initial: BlogPost[] }) {
  const editor = useItemEditor(BLOG_EDITOR, initial);
  return <ItemEditorShell editor={editor} config={BLOG_EDITOR} />;
}
