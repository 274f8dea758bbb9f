'use client';

import { ArrowDown, ArrowUp, Plus } from 'lucide-react';

import { saveCvEntriesAction } from '@/app/admin/(guarded)/cv/edit/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { CollapsibleCard } from '@/components/admin/collapsible-card';
import { EditFormActions, ItemActions, ListEditorShell } from '@/components/admin/list-editor-shell';
import { cssId, useListEditor } from '@/components/admin/use-list-editor';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cvEntryDates } from '@/lib/cv/rules';
import { CV_SECTION_TITLES, type CvEntry, type CvEntryCategory } from '@/lib/cv/types';
import { CV_CATEGORY_LABELS, isTemporaryCvId, newCvEntryDefaults } from '@/lib/validation/cv';
import { CvEntryForm } from './cv-entry-form';
import { checkItem, cvDraftSchema, formItemFrom, type CvFormItem } from './form';

const cardId = (id: string) => `cv-item-${cssId(id)}`;

function sectionTitle(category: string): string {
  return CV_SECTION_TITLES[category as CvEntryCategory] ?? category;
}

/**
 * Edit CV (docs/product.md, "The CV"): the CV-only rows, edited here and published at once with Save All
 * Changes. Their order within a section is the CV's: Move up and Move down swap a row with its neighbour in
 * the same section, stored with the next save.
 */
export function CvEditor({ initial }: { initial: CvEntry[] }) {
  const editor = useListEditor({
    draftName: 'cv',
    draftSchema: cvDraftSchema,
    initial: initial.map(formItemFrom),
    toForm: formItemFrom,
    newForm: () => formItemFrom(newCvEntryDefaults()),
    checkItem,
    save: (items) => withinBodyLimit(saveCvEntriesAction)({ items }),
    messages: {
      saved: { title: 'Changes saved', description: 'Your CV entries have been saved successfully.' },
      failed: () => ({ title: 'Save failed', description: 'There was an error saving your changes. Please try again.' }),
      logAs: 'Failed to save CV entries',
    },
    cardId,
  });

  /** The neighbour in the same section, above (-1) or below (+1), or undefined at the section's end. */
  const neighbour = (item: CvFormItem, by: -1 | 1): CvFormItem | undefined => {
    const section = editor.items.filter((other) => other.category === item.category);
    return section[section.indexOf(item) + by];
  };
  const move = (item: CvFormItem, by: -1 | 1) => {
    const other = neighbour(item, by);
    if (!other) return;
    editor.swapItems(item.id, other.id, `${item.title || 'Entry'} moved ${by < 0 ? 'up' : 'down'} in ${sectionTitle(item.category)}.`);
  };

  return (
    <ListEditorShell
      editor={editor}
      labels={{
        allTab: 'All CV Entries',
        createTab: 'Create New Entry',
        list: 'CV entries',
        empty: 'No CV entries found. Add your first award, talk, course or service role!',
        createHeading: 'New CV entry',
        createButton: 'Add New Entry',
        added: 'CV entry added',
        createIdPrefix: 'cv-new',
        saveAll: 'Save All Changes',
      }}
      listAction={
        <Button type="button" variant="secondary" onClick={() => editor.changeTab('create')}>
          <Plus aria-hidden />
          Add New Entry
        </Button>
      }
      renderItem={(item) => {
        const open = editor.expanded === item.id;
        const editing = editor.editing === item.id;
        const errors = editor.itemErrors[item.id] ?? {};
        const title = item.title || 'Untitled entry';
        return (
          <CollapsibleCard
            key={item.id}
            id={cardId(item.id)}
            open={open}
            onToggle={() => editor.toggleExpanded(item.id)}
            title={title}
            subtitle={[cvEntryDates({ start: item.start, end: item.end || null }), item.place].filter(Boolean).join(' • ')}
            badges={<Badge variant="secondary">{CV_CATEGORY_LABELS[item.category as CvEntryCategory] ?? item.category}</Badge>}
            status={isTemporaryCvId(item.id) ? 'New' : editor.isEdited(item) ? 'Edited' : null}
            invalid={Object.keys(errors).length > 0}
          >
            {editing ? (
              <CvEntryForm
                idPrefix={`cv-${cssId(item.id)}`}
                value={item}
                errors={errors}
                onChange={(next, field) => editor.changeEdit(item, next, field)}
                onSubmit={editor.saveAll}
                actions={<EditFormActions closeLabel="Close" onClose={() => editor.toggleEdit(item)} saving={editor.saving} disabled={editor.saving} />}
              />
            ) : item.description ? (
              <p className="text-sm text-foreground/85">{item.description}</p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => move(item, -1)} disabled={editor.saving || !neighbour(item, -1)}>
                <ArrowUp aria-hidden />
                Move up
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={() => move(item, 1)} disabled={editor.saving || !neighbour(item, 1)}>
                <ArrowDown aria-hidden />
                Move down
              </Button>
            </div>
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
      renderCreateForm={(props) => <CvEntryForm {...props} />}
    />
  );
}
