import type { Metadata } from 'next';
import { connection } from 'next/server';

import { CoauthorsEditor } from '@/components/admin/coauthors/coauthors-editor';
import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { requireAdmin } from '@/lib/auth/guard';
import { getCoauthorsForEditing, type Coauthor } from '@/lib/content/coauthors/queries';

export const metadata: Metadata = { title: 'Edit Co-authors' };

export default function AdminCoauthorsPage() {
  return (
    <EditorPage
      title="Edit Co-authors"
      description="The people you write papers with, by their names as author lists write them. Where a paper's author matches one (family name and initials), the research pages link the name to their homepage or ORCID record. Changes are published with Save All Changes."
      loading="Loading co-authors..."
    >
      <Editor />
    </EditorPage>
  );
}

async function Editor() {
  await connection();
  // The layout checked the role on the first load; a client-side navigation renders only this page.
  await requireAdmin();
  let items: Coauthor[];
  try {
    items = await getCoauthorsForEditing();
  } catch (error) {
    console.error('Failed to load co-authors', error);
    return <EditorLoadFailed toast="Failed to load co-authors." what="The co-authors" />;
  }
  return <CoauthorsEditor initial={items} />;
}
