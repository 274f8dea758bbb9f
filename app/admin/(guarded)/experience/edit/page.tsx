import type { Metadata } from 'next';
import { connection } from 'next/server';

import { ExperienceEditor } from '@/components/admin/experience/experience-editor';
import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { requireAdmin } from '@/lib/auth/guard';
import { getExperienceForEditing, type Experience } from '@/lib/content/experience/queries';

export const metadata: Metadata = { title: 'Edit Experience' };

export default function AdminExperienceEditPage() {
  return (
    <EditorPage
      title="Edit Experience Page"
      description="Positions, their highlights and technologies. Changes are published with Save All Changes."
      loading="Loading experience data..."
    >
      <Editor />
    </EditorPage>
  );
}

async function Editor() {
  await connection();
  // The layout checked the role on the first load; a client-side navigation renders only this page.
  await requireAdmin();
  let items: Experience[];
  try {
    items = await getExperienceForEditing();
  } catch (error) {
    console.error('Failed to load experience data', error);
    // docs/product.md §8: the toast, and the list emptied (no editor to save an empty list over the data).
    return <EditorLoadFailed toast="Failed to load experience data." what="The experience data" />;
  }
  return <ExperienceEditor initial={items} />;
}
