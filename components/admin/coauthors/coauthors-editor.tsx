'use client';

import { saveCoauthorsAction } from '@/app/admin/(guarded)/research/coauthors/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { ListEditorShell, type ListEditorConfig } from '@/components/admin/list-editor-shell';
import { useListEditor } from '@/components/admin/use-list-editor';
import type { Coauthor } from '@/lib/content/coauthors/types';
import { coauthorItemSchema, isTemporaryCoauthorId, newCoauthorDefaults } from '@/lib/validation/coauthors';
import { CoauthorItemForm } from './coauthor-item-form';
import { coauthorDraftSchema, formItemFrom, type CoauthorFormItem } from './form';

const COAUTHORS_EDITOR: ListEditorConfig<CoauthorFormItem, Coauthor> = {
  draftName: 'coauthors',
  draftSchema: coauthorDraftSchema,
  toForm: formItemFrom,
  newForm: () => formItemFrom(newCoauthorDefaults()),
  itemSchema: coauthorItemSchema,
  isNew: isTemporaryCoauthorId,
  save: (items) => withinBodyLimit(saveCoauthorsAction)({ items }),
  messages: {
    saved: { title: 'Changes saved', description: 'Your co-authors have been saved successfully.' },
    logAs: 'Failed to save co-authors',
  },
  idPrefix: 'coauthor',
  labels: {
    allTab: 'All Co-authors',
    createTab: 'Create New Co-author',
    list: 'Co-authors',
    empty: 'No co-authors yet. Add the people you write papers with, and the research pages link their names.',
    createHeading: 'New co-author',
    createButton: 'Add New Co-author',
    added: 'Co-author added',
    saveAll: 'Save All Changes',
    edit: 'Edit',
    closeEdit: 'Close',
  },
  addAboveList: true,
  head: (item) => ({
    title: item.name || 'Unnamed co-author',
    subtitle: [item.homepage, item.orcid ? `ORCID ${item.orcid}` : ''].filter(Boolean).join(' • '),
  }),
  renderRead: (item) =>
    item.homepage || item.orcid ? (
      <dl className="grid gap-x-4 gap-y-1 text-sm text-foreground/85 sm:grid-cols-[8rem_minmax(0,1fr)]">
        {item.homepage ? (
          <>
            <dt className="text-muted-foreground">Homepage</dt>
            <dd className="break-all">{item.homepage}</dd>
          </>
        ) : null}
        {item.orcid ? (
          <>
            <dt className="text-muted-foreground">ORCID iD</dt>
            <dd>{item.orcid}</dd>
          </>
        ) : null}
      </dl>
    ) : (
      <p className="text-sm text-muted-foreground">No homepage or ORCID iD: the name is shown as written, without a link.</p>
    ),
  form: CoauthorItemForm,
};

/**
 * Edit Co-authors (docs/product.md, "Admin Co-authors"): the co-author list, edited here and published at
 * once with Save All Changes. A name listed twice is refused beside the second; the list's order is kept.
 */
export function CoauthorsEditor({ initial }: { initial: Coauthor[] }) {
  const editor = useListEditor(COAUTHORS_EDITOR, initial);
  return <ListEditorShell editor={editor} config={COAUTHORS_EDITOR} />;
}
