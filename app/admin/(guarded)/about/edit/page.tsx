import type { Metadata } from 'next';
import { connection } from 'next/server';

import { AboutEditor, AboutLoadFailed } from '@/components/admin/about/about-editor';
import { EditorPage } from '@/components/admin/editor-page';
import { requireAdmin } from '@/lib/auth/guard';
import { getAboutForEditing } from '@/lib/content/about/queries';
import type { About } from '@/lib/content/about/types';

export const metadata: Metadata = { title: 'Edit About' };

export default function AdminAboutEditPage() {
  return (
    <EditorPage
      title="Edit About Information"
      description="Your profile on the About page: biography, skills, education, research interests and photo."
      loading="Loading about data..."
    >
      <Editor />
    </EditorPage>
  );
}

async function Editor() {
  await connection();
  // The layout checked the role on the first load; a client-side navigation renders only this page.
  await requireAdmin();
  let about: About | null;
  try {
    about = await getAboutForEditing();
  } catch (error) {
    console.error('Failed to load about data', error);
    return <AboutLoadFailed />;
  }
  return <AboutEditor initial={about} />;
}
