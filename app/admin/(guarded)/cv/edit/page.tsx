import type { Metadata } from 'next';
import { connection } from 'next/server';

import { CvEditor } from '@/components/admin/cv/cv-editor';
import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { requireAdmin } from '@/lib/auth/guard';
import { getCvEntriesForEditing, type CvEntry } from '@/lib/content/cv/queries';

export const metadata: Metadata = { title: 'Edit CV' };

export default function AdminCvEditPage() {
  return (
    <EditorPage
      title="Edit CV"
      description="Honours, awards and service: the CV's own rows. Everything else on the CV comes from the other editors (talks from Talks, courses from Teaching); which sections show, their order and the paper size are in Settings."
      loading="Loading CV entries..."
    >
      <Editor />
    </EditorPage>
  );
}

async function Editor() {
  await connection();
  // The layout checked the role on the first load; a client-side navigation renders only this page.
  await requireAdmin();
  let items: CvEntry[];
  try {
    items = await getCvEntriesForEditing();
  } catch (error) {
    console.error('Failed to load CV entries', error);
    return <EditorLoadFailed toast="Failed to load CV entries." what="The CV entries" />;
  }
  return <CvEditor initial={items} />;
}
