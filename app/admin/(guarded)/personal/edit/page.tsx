import type { Metadata } from 'next';
import { connection } from 'next/server';

import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { PersonalEditor } from '@/components/admin/personal/personal-editor';
import { requireAdmin } from '@/lib/auth/guard';
import { getPersonalPostsForEditing } from '@/lib/content/personal/queries';
import type { PersonalPost } from '@/lib/content/personal/types';
import { sanitizeHtml } from '@/lib/sanitize';

export const metadata: Metadata = { title: 'Personal Posts' };

export default function AdminPersonalEditPage() {
  return (
    <EditorPage title="Personal Posts Management" description="Stories, updates and thoughts, with photos." loading="Loading personal posts...">
      <Editor />
    </EditorPage>
  );
}

async function Editor() {
  await connection();
  await requireAdmin();
  let posts: PersonalPost[];
  try {
    posts = await getPersonalPostsForEditing();
  } catch (error) {
    console.error('Failed to fetch personal posts.', error);
    return <EditorLoadFailed toast="Failed to fetch personal posts." what="The personal posts" />;
  }
  // Stored content was sanitised on save; rows written any other way are made safe here too.
  return <PersonalEditor initial={posts.map((post) => ({ ...post, content: sanitizeHtml(post.content) }))} />;
}
