'use client';

import { saveExperienceAction } from '@/app/admin/(guarded)/experience/edit/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { ListEditorShell, type ListEditorConfig } from '@/components/admin/list-editor-shell';
import { useListEditor } from '@/components/admin/use-list-editor';
import { Badge } from '@/components/ui/badge';
import { monthRange } from '@/lib/content/experience/rules';
import type { Experience } from '@/lib/content/experience/types';
import { experienceItemSchema, isTemporaryExperienceId, newExperienceDefaults } from '@/lib/validation/experience';
import { ExperienceItemForm } from './experience-item-form';
import { experienceDraftSchema, formItemFrom, type ExperienceFormItem } from './form';

const EXPERIENCE_EDITOR: ListEditorConfig<ExperienceFormItem, Experience> = {
  draftName: 'experience',
  draftSchema: experienceDraftSchema,
  toForm: formItemFrom,
  newForm: () => formItemFrom(newExperienceDefaults()),
  itemSchema: experienceItemSchema,
  isNew: isTemporaryExperienceId,
  save: (items) => withinBodyLimit(saveExperienceAction)({ items }),
  messages: {
    saved: { title: 'Changes saved', description: 'Your experience page changes have been saved successfully.' },
    logAs: 'Failed to save experience data',
  },
  idPrefix: 'experience',
  labels: {
    allTab: 'All Experience',
    createTab: 'Create New Experience',
    list: 'Experience items',
    empty: 'No experience items found. Add your first one!',
    createHeading: 'New experience',
    createButton: 'Add New Experience',
    added: 'Experience added',
    saveAll: 'Save All Changes',
    edit: 'Edit',
    closeEdit: 'Close',
  },
  addAboveList: true,
  head: (item) => ({
    title: item.title || 'Untitled position',
    subtitle: `${item.company} • ${monthRange(item.startDate, item.endDate || null)}`,
    badges: item.technologies.map((tech) => (
      <Badge key={tech} variant="secondary">
        {tech}
      </Badge>
    )),
  }),
  renderRead: (item) => (
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
  ),
  form: ExperienceItemForm,
};

/**
 * Edit Experience Page (docs/product.md §§2, 4 and 8). The list is edited here and published at once with
 * Save All Changes (or an item's Save Changes): items removed here are deleted, new ones (temporary exp-
 * ids) created, and the stored list is read back.
 */
export function ExperienceEditor({ initial }: { initial: Experience[] }) {
  const editor = useListEditor(EXPERIENCE_EDITOR, initial);
  return <ListEditorShell editor={editor} config={EXPERIENCE_EDITOR} />;
}
