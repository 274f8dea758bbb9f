import type { Metadata } from 'next';
import { connection } from 'next/server';

import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { ProjectsEditor } from '@/components/admin/projects/projects-editor';
import { requireAdmin } from '@/lib/auth/guard';
import { getProjectsForEditing, type SavedProjects } from '@/lib/content/projects/queries';

export const metadata: Metadata = { title: 'Edit Projects' };

export default function AdminProjectsEditPage() {
  return (
    <EditorPage
      title="Edit Projects"
      description="Projects, their images and links. Featured projects appear on the home page."
      loading="Loading projects..."
    >
      <Editor />
    </EditorPage>
  );
}

async function Editor() {
  await connection();
  // The layout checked the role on the first load; a client-side navigation renders only this page.
  await requireAdmin();
  let projects: SavedProjects;
  try {
    projects = await getProjectsForEditing();
  } catch (error) {
    const message = error instanceof Error && error.message ? error.message : 'Unable to load project data';
    console.error('Error fetching projects', error);
    // docs/product.md §8: 'Error fetching projects: {message or Unable to load project data}'.
    return <EditorLoadFailed toast={`Error fetching projects: ${message}`} what="The projects" />;
  }
  return <ProjectsEditor initial={projects.items} previews={projects.previews} />;
}
