'use client';

import type { ComponentType, ReactNode } from 'react';
import { Plus } from 'lucide-react';

import { EditFormActions, EditorCard, EditorFrame, SubmitButton, type CardHead, type EditorFrameLabels } from '@/components/admin/editor-frame';
import type { ItemFormProps } from '@/components/admin/list-editor-shell';
import type { ItemEditor, ItemEditorOptions } from '@/components/admin/use-item-editor';
import { cssId } from '@/components/admin/use-list-editor';
import { Button } from '@/components/ui/button';

export interface ItemEditorLabels extends EditorFrameLabels {
  /** A heading above the list, where docs/product.md §2 names one (Blog: 'Blog Posts'). */
  listHeading?: string;
  empty: string;
  /** The empty list's button, which opens the create tab ('Add First Post'). */
  emptyButton: string;
  /** The create form's submit button ('Create Post'). */
  createButton: string;
}

/** What an item editor shows of its items; the rest of its configuration is useItemEditor's. */
export interface ItemEditorView<Item extends { id: string }, Form> {
  /** The start of element ids: `{idPrefix}-{id}` a card and its form, `{idPrefix}-new` the create form. */
  idPrefix: string;
  labels: ItemEditorLabels;
  head: (item: Item) => CardHead;
  /** An open card's body outside edit mode. */
  renderRead: (item: Item, editor: ItemEditor<Item, Form>) => ReactNode;
  /** The item form, for the create tab and an item's edit mode. */
  form: ComponentType<ItemFormProps<Form>>;
}

/** An item editor's whole configuration: one object for useItemEditor and ItemEditorShell. */
export type ItemEditorConfig<Item extends { id: string }, Form> = ItemEditorOptions<Item, Form> & ItemEditorView<Item, Form>;

/**
 * The frame of an editor whose items are saved one at a time (Blog, Personal Posts, Research Papers): the
 * shared frame (components/admin/editor-frame.tsx) with cards expanded one at a time showing their read
 * view, Edit (toggles the item's form) and Delete, and the create form.
 */
export function ItemEditorShell<Item extends { id: string }, Form>({ editor, config }: { editor: ItemEditor<Item, Form>; config: ItemEditorConfig<Item, Form> }) {
  const { labels, idPrefix, head, renderRead, form: ItemForm } = config;
  return (
    <EditorFrame
      editor={editor}
      config={config}
      listTop={labels.listHeading ? <h2 className="text-lg font-semibold">{labels.listHeading}</h2> : null}
      empty={
        <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
          <p>{labels.empty}</p>
          <Button type="button" onClick={() => editor.changeTab('create')}>
            <Plus aria-hidden />
            {labels.emptyButton}
          </Button>
        </div>
      }
      cards={editor.items.map((item) => (
        <EditorCard
          key={item.id}
          editor={editor}
          item={item}
          id={`${idPrefix}-${cssId(item.id)}`}
          head={head(item)}
          status={item.id in editor.edits ? 'Unsaved changes' : null}
          editLabel="Edit"
        >
          {editor.editing === item.id ? (
            <div data-item-form>
              <ItemForm
                idPrefix={`${idPrefix}-${cssId(item.id)}`}
                value={editor.editForm(item)}
                errors={editor.errors}
                onChange={(form, field) => editor.changeEdit(item, form, field)}
                onSubmit={() => editor.submitUpdate(item)}
                actions={<EditFormActions closeLabel="Cancel" onClose={() => editor.discardEdit(item.id)} saving={editor.busy} disabled={editor.busy} />}
              />
            </div>
          ) : (
            renderRead(item, editor)
          )}
        </EditorCard>
      ))}
      createMarker="data-item-form"
      createErrors={editor.errors}
      createActions={
        <>
          <Button type="button" variant="outline" onClick={editor.resetCreating} disabled={editor.busy}>
            Clear
          </Button>
          <SubmitButton label={labels.createButton} icon={<Plus aria-hidden />} saving={editor.busy} disabled={editor.busy} />
        </>
      }
    />
  );
}
