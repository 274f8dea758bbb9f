'use client';

import { useState } from 'react';
import { ExternalLink } from 'lucide-react';

import { deleteProjectAction, saveProjectsAction } from '@/app/admin/(guarded)/projects/edit/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { ListEditorShell, type ListEditorConfig } from '@/components/admin/list-editor-shell';
import { useListEditor } from '@/components/admin/use-list-editor';
import { Badge } from '@/components/ui/badge';
import { CATEGORY_LABELS } from '@/lib/content/projects/rules';
import { PLACEHOLDER_IMAGE, type Project } from '@/lib/content/projects/types';
import { isTemporaryProjectId, newProjectDefaults, projectItemSchema } from '@/lib/validation/projects';
import { formItemFrom, projectsDraftSchema, type ProjectFormItem } from './form';
import { ProjectItemForm } from './project-item-form';

/**
 * Edit Projects (docs/product.md §§2, 4 and 8). Projects are edited here and stored with Save Changes: new
 * ones (temporary proj- ids) are created and get their server ids, stored ones absent from the list are
 * deleted. Removing a saved project deletes it at once; an unsaved one only leaves this page's list.
 */
export function ProjectsEditor({ initial, previews: initialPreviews }: { initial: Project[]; previews: Record<string, string> }) {
  const [previews, setPreviews] = useState(initialPreviews);
  const config: ListEditorConfig<ProjectFormItem, Project> = {
    draftName: 'projects',
    draftSchema: projectsDraftSchema,
    toForm: formItemFrom,
    newForm: () => formItemFrom(newProjectDefaults()),
    itemSchema: projectItemSchema,
    isNew: isTemporaryProjectId,
    save: async (items) => {
      const result = await withinBodyLimit(saveProjectsAction)({ items });
      if (result.ok) setPreviews(result.data.previews);
      return result;
    },
    deleteNow: {
      remove: deleteProjectAction,
      deleteTitle: 'Delete Project',
      confirmDelete: (item) => `Delete "${item.title}"? It is removed from the site at once.`,
      deleted: 'Project deleted successfully',
      failed: (error) => `Delete failed: ${error || 'Failed to remove project'}`,
      logAs: 'Failed to remove project',
    },
    messages: {
      saved: { title: 'Your projects have been saved successfully.' },
      failed: (error) => ({ title: `Save failed: ${error || 'There was an error saving your changes'}` }),
      logAs: 'Failed to save projects',
    },
    idPrefix: 'project',
    labels: {
      allTab: 'All Projects',
      createTab: 'Create New Project',
      list: 'Projects',
      empty: 'No projects found. Create your first project using the Create New tab.',
      createHeading: 'New project',
      createButton: 'Add Project',
      added: 'Project added',
      saveAll: 'Save Changes',
      edit: 'Edit Project',
      closeEdit: 'Cancel',
    },
    head: (item) => ({
      title: item.title || 'Untitled Project',
      badges: (
        <>
          <Badge variant="outline">{CATEGORY_LABELS[item.category]}</Badge>
          {item.featured ? <Badge>Featured</Badge> : null}
        </>
      ),
    }),
    renderRead: (item, editor) => <ProjectDetails item={item} preview={editor.isEdited(item) ? undefined : previews[item.id]} />,
    form: ProjectItemForm,
  };
  const editor = useListEditor(config, initial);
  return <ListEditorShell editor={editor} config={config} />;
}

/** The expanded card: description (safe HTML once saved), image, technologies and links. */
function ProjectDetails({ item, preview }: { item: ProjectFormItem; preview: string | undefined }) {
  const links = [
    { href: item.github, label: 'GitHub' },
    { href: item.link, label: 'Live Site' },
  ].filter((link) => link.href);
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      {/* eslint-disable-next-line @next/next/no-img-element -- admin preview of any stored or pasted address */}
      <img src={item.image || PLACEHOLDER_IMAGE} alt="" className="aspect-video w-full max-w-56 shrink-0 rounded-lg border border-border object-cover" />
      <div className="flex min-w-0 flex-col gap-3">
        {preview !== undefined ? (
          // Sanitised on the server (lib/sanitize.ts) from the stored description.
          <div
            className="text-sm text-foreground/85 [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        ) : (
          <p className="text-sm whitespace-pre-wrap text-foreground/85">{item.description}</p>
        )}
        {item.technologies.length > 0 ? (
          <div className="flex flex-wrap gap-1.5">
            {item.technologies.map((tech) => (
              <Badge key={tech} variant="secondary">
                {tech}
              </Badge>
            ))}
          </div>
        ) : null}
        {links.length > 0 ? (
          <div className="flex flex-wrap gap-3 text-sm">
            {links.map((link) => (
              <a
                key={link.label}
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              >
                {link.label} <ExternalLink className="size-3.5" aria-hidden />
              </a>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
