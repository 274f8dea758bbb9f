import type { Metadata } from 'next';
import { connection } from 'next/server';

import { BlogEditor } from '@/components/admin/blog/blog-editor';
import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { requireAdmin } from '@/lib/auth/guard';
import { getBlogPostsForEditing } from '@/lib/content/blog/queries';
import type { BlogPost } from '@/lib/content/blog/types';

export const metadata: Metadata = { title: 'Blog Management' };

export default function AdminBlogEditPage() {
  return (
    <EditorPage title="Blog Management" description="Articles in simple markup with mathematics, previewed as visitors will see them." loading="Loading blog posts...">
      <Editor />
    </EditorPage>
  );
}

async function Editor() {
  await connection();
  await requireAdmin();
  let posts: BlogPost[];
  try {
    posts = await getBlogPostsForEditing();
  } catch (error) {
    console.error('Failed to fetch blog posts.', error);
    return <EditorLoadFailed toast="Failed to fetch blog posts." what="The blog posts" />;
  }
  return <BlogEditor initial={posts} />;
}
