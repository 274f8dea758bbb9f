'use client';

import { useState } from 'react';
import { ExternalLink } from 'lucide-react';

import { deleteProjectAction, saveProjectsAction } from '@/app/admin/(guarded)/projects/edit/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { CollapsibleCard } from '@/components/admin/collapsible-card';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { EditFormActions, ItemActions, ListEditorShell } from '@/components/admin/list-editor-shell';
import { adminToast } from '@/components/admin/toast';
import { cssId, useListEditor } from '@/components/admin/use-list-editor';
import { useSingleFlight } from '@/components/admin/use-single-flight';
import { Badge } from '@/components/ui/badge';
import { CATEGORY_LABELS } from '@/lib/content/projects/rules';
import { PLACEHOLDER_IMAGE, type Project } from '@/lib/content/projects/types';
import { isTemporaryProjectId, newProjectDefaults } from '@/lib/validation/projects';
import { checkItem, formItemFrom, projectsDraftSchema, type ProjectFormItem } from './form';
import { ProjectItemForm } from './project-item-form';

const cardId = (id: string) => `project-item-${cssId(id)}`;

/**
 * Edit Projects (docs/product.md §§2, 4 and 8). Projects are edited here and stored with Save Changes: new
 * ones (temporary proj- ids) are created and get their server ids, stored ones absent from the list are
 * deleted. Removing a saved project deletes it at once; an unsaved one only leaves this page's list.
 */
export function ProjectsEditor({ initial, previews: initialPreviews }: { initial: Project[]; previews: Record<string, string> }) {
  const [previews, setPreviews] = useState(initialPreviews);
  const [deleting, startDeleting] = useSingleFlight();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const editor = useListEditor<ProjectFormItem, Project>({
    draftName: 'projects',
    draftSchema: projectsDraftSchema,
    initial: initial.map(formItemFrom),
    toForm: formItemFrom,
    newForm: () => formItemFrom(newProjectDefaults()),
    checkItem,
    save: async (items) => {
      const result = await withinBodyLimit(saveProjectsAction)({ items });
      if (result.ok) setPreviews(result.data.previews);
      return result;
    },
    messages: {
      saved: { title: 'Your projects have been saved successfully.' },
      failed: (error) => ({ title: `Save failed: ${error || 'There was an error saving your changes'}` }),
      logAs: 'Failed to save projects',
    },
    cardId,
  });
  const busy = editor.saving || deleting;

  const remove = async (item: ProjectFormItem) => {
    if (isTemporaryProjectId(item.id)) {
      editor.removeItem(item.id);
      return;
    }
    if (!(await confirm(`Delete "${item.title}"? It is removed from the site at once.`, { title: 'Delete Project', action: 'Delete' }))) return;
    startDeleting(async () => {
      try {
        const result = await deleteProjectAction(item.id);
        if (!result.ok) {
          adminToast.error(`Delete failed: ${result.error || 'Failed to remove project'}`);
          return;
        }
        editor.removeItem(item.id, { alreadyDeleted: true });
        adminToast.success('Project deleted successfully');
      } catch (error) {
        console.error('Failed to remove project', error);
        adminToast.error('Delete failed: Failed to remove project');
      }
    });
  };

  return (
    <>
      <ListEditorShell
        editor={editor}
        labels={{
          allTab: 'All Projects',
          createTab: 'Create New Project',
          list: 'Projects',
          empty: 'No projects found. Create your first project using the Create New tab.',
          createHeading: 'New project',
          createButton: 'Add Project',
          added: 'Project added',
          createIdPrefix: 'project-new',
          saveAll: 'Save Changes',
        }}
        renderItem={(item) => {
          const open = editor.expanded === item.id;
          const editing = editor.editing === item.id;
          const errors = editor.itemErrors[item.id] ?? {};
          const edited = editor.isEdited(item);
          return (
            <CollapsibleCard
              key={item.id}
              id={cardId(item.id)}
              open={open}
              onToggle={() => editor.toggleExpanded(item.id)}
              title={item.title || 'Untitled Project'}
              badges={
                <>
                  <Badge variant="outline">{CATEGORY_LABELS[item.category]}</Badge>
                  {item.featured ? <Badge>Featured</Badge> : null}
                </>
              }
              status={isTemporaryProjectId(item.id) ? 'New' : edited ? 'Edited' : null}
              invalid={Object.keys(errors).length > 0}
            >
              {editing ? (
                <ProjectItemForm
                  idPrefix={`project-${cssId(item.id)}`}
                  value={item}
                  errors={errors}
                  onChange={(next, field) => editor.changeEdit(item, next, field)}
                  onSubmit={editor.saveAll}
                  actions={<EditFormActions closeLabel="Cancel" onClose={() => editor.toggleEdit(item)} saving={editor.saving} disabled={busy} />}
                />
              ) : (
                <ProjectDetails item={item} preview={edited ? undefined : previews[item.id]} />
              )}
              <ItemActions
                editLabel="Edit Project"
                editing={editing}
                onEdit={() => editor.toggleEdit(item)}
                onDelete={() => void remove(item)}
                disabled={busy}
                deleting={deleting}
              />
            </CollapsibleCard>
          );
        }}
        renderCreateForm={(props) => <ProjectItemForm {...props} />}
      />
      {confirmDialog}
    </>
  );
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
