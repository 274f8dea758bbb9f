'use client';

import { ArrowDown, ArrowUp } from 'lucide-react';

import { saveCvEntriesAction } from '@/app/admin/(guarded)/cv/edit/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { ListEditorShell, type ListEditorConfig } from '@/components/admin/list-editor-shell';
import { useListEditor, type ListEditor } from '@/components/admin/use-list-editor';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cvEntryDates } from '@/lib/cv/rules';
import { CV_SECTION_TITLES, type CvEntry, type CvEntryCategory } from '@/lib/cv/types';
import { CV_CATEGORY_LABELS, cvEntryItemSchema, isTemporaryCvId, newCvEntryDefaults } from '@/lib/validation/cv';
import { CvEntryForm } from './cv-entry-form';
import { cvDraftSchema, formItemFrom, type CvFormItem } from './form';

function sectionTitle(category: string): string {
  return CV_SECTION_TITLES[category as CvEntryCategory] ?? category;
}

/** The neighbour in the same section, above (-1) or below (+1), or undefined at the section's end. */
function neighbour(editor: ListEditor<CvFormItem>, item: CvFormItem, by: -1 | 1): CvFormItem | undefined {
  const section = editor.items.filter((other) => other.category === item.category);
  return section[section.indexOf(item) + by];
}

/** Move up and Move down: a row swaps with its neighbour in the same section, stored with the next save. */
function MoveButtons({ editor, item }: { editor: ListEditor<CvFormItem>; item: CvFormItem }) {
  const move = (by: -1 | 1) => {
    const other = neighbour(editor, item, by);
    if (!other) return;
    editor.swapItems(item.id, other.id, `${item.title || 'Entry'} moved ${by < 0 ? 'up' : 'down'} in ${sectionTitle(item.category)}.`);
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" size="sm" onClick={() => move(-1)} disabled={editor.saving || !neighbour(editor, item, -1)}>
        <ArrowUp aria-hidden />
        Move up
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={() => move(1)} disabled={editor.saving || !neighbour(editor, item, 1)}>
        <ArrowDown aria-hidden />
        Move down
      </Button>
    </div>
  );
}

const CV_EDITOR: ListEditorConfig<CvFormItem, CvEntry> = {
  draftName: 'cv',
  draftSchema: cvDraftSchema,
  toForm: formItemFrom,
  newForm: () => formItemFrom(newCvEntryDefaults()),
  itemSchema: cvEntryItemSchema,
  isNew: isTemporaryCvId,
  save: (items) => withinBodyLimit(saveCvEntriesAction)({ items }),
  messages: {
    saved: { title: 'Changes saved', description: 'Your CV entries have been saved successfully.' },
    logAs: 'Failed to save CV entries',
  },
  idPrefix: 'cv',
  labels: {
    allTab: 'All CV Entries',
    createTab: 'Create New Entry',
    list: 'CV entries',
    empty: 'No CV entries found. Add your first award or service role!',
    createHeading: 'New CV entry',
    createButton: 'Add New Entry',
    added: 'CV entry added',
    saveAll: 'Save All Changes',
    edit: 'Edit',
    closeEdit: 'Close',
  },
  addAboveList: true,
  head: (item) => ({
    title: item.title || 'Untitled entry',
    subtitle: [cvEntryDates({ start: item.start, end: item.end || null }), item.place].filter(Boolean).join(' • '),
    badges: <Badge variant="secondary">{CV_CATEGORY_LABELS[item.category as CvEntryCategory] ?? item.category}</Badge>,
  }),
  renderRead: (item) => (item.description ? <p className="text-sm text-foreground/85">{item.description}</p> : null),
  renderActions: (item, editor) => <MoveButtons editor={editor} item={item} />,
  form: CvEntryForm,
};

/**
 * Edit CV (docs/product.md, "The CV"): the CV-only rows, edited here and published at once with Save All
 * Changes. Their order within a section is the CV's: Move up and Move down swap a row with its neighbour in
 * the same section, stored with the next save.
 */
export function CvEditor({ initial }: { initial: CvEntry[] }) {
  const editor = useListEditor(CV_EDITOR, initial);
  return <ListEditorShell editor={editor} config={CV_EDITOR} />;
}
