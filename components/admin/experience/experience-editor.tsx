'use client';

import { Plus } from 'lucide-react';

import { saveExperienceAction } from '@/app/admin/(guarded)/experience/edit/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { CollapsibleCard } from '@/components/admin/collapsible-card';
import { EditFormActions, ItemActions, ListEditorShell } from '@/components/admin/list-editor-shell';
import { cssId, useListEditor } from '@/components/admin/use-list-editor';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { monthRange } from '@/lib/content/experience/rules';
import type { Experience } from '@/lib/content/experience/types';
import { isTemporaryExperienceId, newExperienceDefaults } from '@/lib/validation/experience';
import { ExperienceItemForm } from './experience-item-form';
import { checkItem, experienceDraftSchema, formItemFrom } from './form';

const cardId = (id: string) => `experience-item-${cssId(id)}`;

/**
 * Edit Experience Page (docs/product.md §§2, 4 and 8). The list is edited here and published at once with
 * Save All Changes (or an item's Save Changes): items removed here are deleted, new ones (temporary exp-
 * ids) created, and the stored list is read back.
 */
export function ExperienceEditor({ initial }: { initial: Experience[] }) {
  const editor = useListEditor({
    draftName: 'experience',
    draftSchema: experienceDraftSchema,
    initial: initial.map(formItemFrom),
    toForm: formItemFrom,
    newForm: () => formItemFrom(newExperienceDefaults()),
    checkItem,
    save: (items) => withinBodyLimit(saveExperienceAction)({ items }),
    messages: {
      saved: { title: 'Changes saved', description: 'Your experience page changes have been saved successfully.' },
      failed: () => ({ title: 'Save failed', description: 'There was an error saving your changes. Please try again.' }),
      logAs: 'Failed to save experience data',
    },
    cardId,
  });

  return (
    <ListEditorShell
      editor={editor}
      labels={{
        allTab: 'All Experience',
        createTab: 'Create New Experience',
        list: 'Experience items',
        empty: 'No experience items found. Add your first one!',
        createHeading: 'New experience',
        createButton: 'Add New Experience',
        added: 'Experience added',
        createIdPrefix: 'experience-new',
        saveAll: 'Save All Changes',
      }}
      listAction={
        <Button type="button" variant="secondary" onClick={() => editor.changeTab('create')}>
          <Plus aria-hidden />
          Add New Experience
        </Button>
      }
      renderItem={(item) => {
        const open = editor.expanded === item.id;
        const editing = editor.editing === item.id;
        const errors = editor.itemErrors[item.id] ?? {};
        return (
          <CollapsibleCard
            key={item.id}
            id={cardId(item.id)}
            open={open}
            onToggle={() => editor.toggleExpanded(item.id)}
            title={item.title || 'Untitled position'}
            subtitle={`${item.company} • ${monthRange(item.startDate, item.endDate || null)}`}
            badges={item.technologies.map((tech) => (
              <Badge key={tech} variant="secondary">
                {tech}
              </Badge>
            ))}
            status={isTemporaryExperienceId(item.id) ? 'New' : editor.isEdited(item) ? 'Edited' : null}
            invalid={Object.keys(errors).length > 0}
          >
            {editing ? (
              <ExperienceItemForm
                idPrefix={`experience-${cssId(item.id)}`}
                value={item}
                errors={errors}
                onChange={(next, field) => editor.changeEdit(item, next, field)}
                onSubmit={editor.saveAll}
                actions={<EditFormActions closeLabel="Close" onClose={() => editor.toggleEdit(item)} saving={editor.saving} disabled={editor.saving} />}
              />
            ) : (
              <>
                {item.description ? <p className="text-sm whitespace-pre-wrap text-foreground/85">{item.description}</p> : null}
                {item.highlights.length > 0 ? (
                  <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
                    {item.highlights.map((highlight, index) => (
                      <li key={index}>{highlight}</li>
                    ))}
                  </ul>
                ) : null}
              </>
            )}
            <ItemActions
              editLabel="Edit"
              editing={editing}
              onEdit={() => editor.toggleEdit(item)}
              onDelete={() => editor.removeItem(item.id)}
              disabled={editor.saving}
            />
          </CollapsibleCard>
        );
      }}
      renderCreateForm={(props) => <ExperienceItemForm {...props} />}
    />
  );
}
