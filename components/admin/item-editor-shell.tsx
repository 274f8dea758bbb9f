'use client';

import type { ReactNode } from 'react';
import { Loader2, Plus, Save } from 'lucide-react';

import { CollapsibleCard } from '@/components/admin/collapsible-card';
import { RestoredDraftNotice } from '@/components/admin/editor-notices';
import { ItemActions, type EditorTab } from '@/components/admin/editor-frame';
import type { ItemFormProps } from '@/components/admin/list-editor-shell';
import type { ItemEditor } from '@/components/admin/use-item-editor';
import { cssId } from '@/components/admin/use-list-editor';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export interface ItemEditorLabels {
  allTab: string;
  createTab: string;
  /** The accessible name of the list of cards. */
  list: string;
  /** A heading above the list, where docs/product.md §2 names one (Blog: 'Blog Posts'). */
  listHeading?: string;
  empty: string;
  /** The empty list's button, which opens the create tab ('Add First Post'). */
  emptyButton: string;
  createHeading: string;
  createButton: string;
  /** What the card prefix of element ids is ('paper', 'post'). */
  idPrefix: string;
}

export interface CardHead {
  title: string;
  subtitle?: ReactNode;
  badges?: ReactNode;
}

/**
 * The frame of an editor whose items are saved one at a time (Blog, Personal Posts, Research Papers):
 * the restored-draft notice, the list and create tabs, cards selected one at a time with their read view,
 * Edit (toggles the item's form) and Delete, and the create form.
 */
export function ItemEditorShell<Item extends { id: string }, Form>({
  editor,
  labels,
  head,
  renderRead,
  renderForm,
}: {
  editor: ItemEditor<Item, Form>;
  labels: ItemEditorLabels;
  head: (item: Item) => CardHead;
  renderRead: (item: Item) => ReactNode;
  renderForm: (props: ItemFormProps<Form>) => ReactNode;
}) {
  const saveButton = (label: string) => (
    <Button type="submit" disabled={editor.busy}>
      {editor.busy ? <Loader2 className="animate-spin" aria-hidden /> : label === 'Save Changes' ? <Save aria-hidden /> : <Plus aria-hidden />}
      {editor.busy ? 'Saving...' : label}
    </Button>
  );
  return (
    <div className="flex flex-col gap-6">
      {editor.restored ? <RestoredDraftNotice savedAt={editor.restored.savedAt} onDiscard={editor.discardDraft} /> : null}
      <Tabs value={editor.tab} onValueChange={(value) => editor.changeTab(value as EditorTab)}>
        <TabsList>
          <TabsTrigger value="all">{labels.allTab}</TabsTrigger>
          <TabsTrigger value="create">{labels.createTab}</TabsTrigger>
        </TabsList>

        <TabsContent value="all" className="mt-4 flex flex-col gap-4">
          {labels.listHeading ? <h2 className="text-lg font-semibold">{labels.listHeading}</h2> : null}
          {editor.items.length === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
              <p>{labels.empty}</p>
              <Button type="button" onClick={() => editor.changeTab('create')}>
                <Plus aria-hidden />
                {labels.emptyButton}
              </Button>
            </div>
          ) : (
            <ul className="flex flex-col gap-3" aria-label={labels.list}>
              {editor.items.map((item) => {
                const open = editor.expanded === item.id;
                const editing = editor.editing === item.id;
                const { title, subtitle, badges } = head(item);
                return (
                  <CollapsibleCard
                    key={item.id}
                    id={`${labels.idPrefix}-${cssId(item.id)}`}
                    open={open}
                    onToggle={() => editor.toggleExpanded(item.id)}
                    title={title}
                    subtitle={subtitle}
                    badges={badges}
                    status={item.id in editor.edits ? 'Unsaved changes' : null}
                  >
                    {editing ? (
                      <div data-item-form>
                        {renderForm({
                          idPrefix: `${labels.idPrefix}-${cssId(item.id)}`,
                          value: editor.editForm(item),
                          errors: editor.errors,
                          onChange: (form, field) => editor.changeEdit(item, form, field),
                          onSubmit: () => editor.submitUpdate(item),
                          actions: (
                            <>
                              <Button type="button" variant="outline" onClick={() => editor.discardEdit(item.id)} disabled={editor.busy}>
                                Cancel
                              </Button>
                              {saveButton('Save Changes')}
                            </>
                          ),
                        })}
                      </div>
                    ) : (
                      renderRead(item)
                    )}
                    <ItemActions
                      editLabel="Edit"
                      editing={editing}
                      onEdit={() => editor.toggleEdit(item)}
                      onDelete={() => void editor.submitDelete(item)}
                      disabled={editor.busy}
                    />
                  </CollapsibleCard>
                );
              })}
            </ul>
          )}
        </TabsContent>

        <TabsContent value="create" className="mt-4">
          <section data-item-form aria-label={labels.createHeading} className="rounded-xl border border-border bg-card p-4 sm:p-6">
            <h2 className="mb-4 text-lg font-semibold">{labels.createHeading}</h2>
            {renderForm({
              idPrefix: `${labels.idPrefix}-new`,
              value: editor.creating,
              errors: editor.errors,
              onChange: editor.changeCreating,
              onSubmit: editor.submitCreate,
              actions: (
                <>
                  <Button type="button" variant="outline" onClick={editor.resetCreating} disabled={editor.busy}>
                    Clear
                  </Button>
                  {saveButton(labels.createButton)}
                </>
              ),
            })}
          </section>
        </TabsContent>
      </Tabs>
      <p aria-live="polite" className="sr-only">
        {editor.announcement}
      </p>
      {editor.confirmDialog}
    </div>
  );
}
