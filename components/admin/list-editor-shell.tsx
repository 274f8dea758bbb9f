'use client';

import { useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Plus } from 'lucide-react';

import { EditFormActions, EditorCard, EditorFrame, type CardHead } from '@/components/admin/editor-frame';
import { SaveFailedNotice } from '@/components/admin/editor-notices';
import { SaveBar } from '@/components/admin/save-bar';
import { cssId, type ListEditor, type ListEditorOptions } from '@/components/admin/use-list-editor';
import { Button } from '@/components/ui/button';

/** What a list editor shows of its items; the rest of its configuration is useListEditor's. */
export interface ListEditorView<Item extends { id: string }> {
  head: (item: Item) => CardHead;
  /** An open card's body outside edit mode. */
  renderRead: (item: Item, editor: ListEditor<Item>) => ReactNode;
  /** The item form, for the create tab and an item's edit mode. */
  form: ComponentType<ItemFormProps<Item>>;
  /** Buttons of an open card between its body and Edit / Delete (the CV's Move up and Move down). */
  renderActions?: (item: Item, editor: ListEditor<Item>) => ReactNode;
  /** An add button above the list, named as the create form's, that opens the create tab. */
  addAboveList?: boolean;
}

/** A list editor's whole configuration: one object for useListEditor and ListEditorShell. */
export type ListEditorConfig<Item extends { id: string }, Stored> = ListEditorOptions<Item, Stored> & ListEditorView<Item>;

/**
 * The frame of an editor whose list is stored with one save (Experience, Projects, the CV): the shared
 * frame (components/admin/editor-frame.tsx) with the failure notice, the cards (open / edit, their
 * errors and status, Edit and Delete, the edit form's buttons), the create form and the sticky save bar.
 */
export function ListEditorShell<Item extends { id: string }, Stored>({ editor, config }: { editor: ListEditor<Item>; config: ListEditorConfig<Item, Stored> }) {
  const { labels, idPrefix, head, renderRead, renderActions, form: ItemForm } = config;
  return (
    <EditorFrame
      editor={editor}
      config={config}
      notice={editor.failure ? <SaveFailedNotice title="Save failed" message={editor.failure} /> : null}
      listTop={
        config.addAboveList ? (
          <div className="flex justify-end">
            <Button type="button" variant="secondary" onClick={() => editor.changeTab('create')}>
              <Plus aria-hidden />
              {labels.createButton}
            </Button>
          </div>
        ) : null
      }
      empty={<p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-muted-foreground">{labels.empty}</p>}
      cards={editor.items.map((item) => {
        const errors = editor.itemErrors[item.id] ?? {};
        return (
          <EditorCard
            key={item.id}
            editor={editor}
            item={item}
            id={editor.cardId(item.id)}
            head={head(item)}
            status={editor.status(item)}
            invalid={Object.keys(errors).length > 0}
            editLabel={labels.edit}
            deleting={editor.deleting}
          >
            {editor.editing === item.id ? (
              <ItemForm
                idPrefix={`${idPrefix}-${cssId(item.id)}`}
                value={item}
                errors={errors}
                onChange={(next, field) => editor.changeEdit(item, next, field)}
                onSubmit={editor.saveAll}
                actions={<EditFormActions closeLabel={labels.closeEdit} onClose={() => editor.toggleEdit(item)} saving={editor.saving} disabled={editor.busy} />}
              />
            ) : (
              renderRead(item, editor)
            )}
            {renderActions?.(item, editor)}
          </EditorCard>
        );
      })}
      createMarker="data-create-form"
      createErrors={editor.createErrors}
      createActions={
        <>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              editor.resetCreating();
              editor.changeTab('all');
            }}
          >
            Cancel
          </Button>
          <Button type="submit">
            <Plus aria-hidden />
            {labels.createButton}
          </Button>
        </>
      }
      footer={
        <SaveBar
          saving={editor.saving}
          saveLabel={labels.saveAll}
          onCancel={editor.cancel}
          onSave={editor.saveAll}
          status={editor.listChanged ? `Unsaved changes: ${labels.saveAll} to publish them.` : 'All changes saved.'}
        />
      }
    />
  );
}

/** The props every item form takes, in a list editor or an item editor. */
export interface ItemFormProps<Item> {
  idPrefix: string;
  value: Item;
  errors: Record<string, string>;
  onChange: (next: Item, edited: keyof Item & string) => void;
  onSubmit: () => void;
  actions: ReactNode;
}

/** An item form's element: validated by the editor (noValidate), its buttons at the end. */
export function ItemFormFrame({ onSubmit, actions, children }: { onSubmit: () => void; actions: ReactNode; children: ReactNode }) {
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className="flex flex-wrap justify-end gap-3">{actions}</div>
    </form>
  );
}

/**
 * An item form's helpers: the id of a field's control, and a setter for one field. The setter writes over
 * the form as it is when it runs, so an upload that finishes after the admin typed on keeps the typing.
 */
export function useItemFields<Item>(idPrefix: string, value: Item, onChange: ItemFormProps<Item>['onChange']) {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return {
    id: (field: string) => `${idPrefix}-${field}`,
    set: <K extends keyof Item & string>(key: K, next: Item[K]) => {
      latest.current = { ...latest.current, [key]: next };
      onChange(latest.current, key);
    },
    /** The form as it is now, for callbacks that run later. */
    latest,
  };
}
