'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { Loader2, Pencil, Plus, Save, Trash2 } from 'lucide-react';

import { RestoredDraftNotice, SaveFailedNotice } from '@/components/admin/editor-notices';
import { SaveBar } from '@/components/admin/save-bar';
import { adminToast } from '@/components/admin/toast';
import type { EditorTab, ListEditor } from '@/components/admin/use-list-editor';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

export interface ListEditorLabels {
  allTab: string;
  createTab: string;
  /** The accessible name of the list of cards. */
  list: string;
  empty: string;
  createHeading: string;
  /** The create form's submit button. */
  createButton: string;
  /** The sticky bar's save button. */
  saveAll: string;
  /** The toast after the create form's item joined the list ('Experience added'). */
  added: string;
  /** The prefix of the create form's field ids. */
  createIdPrefix: string;
}

/**
 * The frame of an editor whose list is stored with one save (Experience, Projects): restored-draft and
 * failure notices, the list and create tabs (a tab change scrolls to the top), the empty text, the create
 * form and the sticky save bar.
 */
export function ListEditorShell<Item extends { id: string }>({
  editor,
  labels,
  listAction,
  renderItem,
  renderCreateForm,
}: {
  editor: ListEditor<Item>;
  labels: ListEditorLabels;
  listAction?: ReactNode;
  renderItem: (item: Item) => ReactNode;
  /** The item form, for the create tab. */
  renderCreateForm: (props: ItemFormProps<Item>) => ReactNode;
}) {
  const addCreated = () => {
    if (!editor.addCreated()) return;
    editor.setAnnouncement(`${labels.added}. ${labels.saveAll} to publish it.`);
    adminToast.info(labels.added, { description: `${labels.saveAll} to publish it.` });
  };
  const createActions = (
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
  );
  return (
    <div className="flex flex-col gap-6">
      {editor.restored ? <RestoredDraftNotice savedAt={editor.restored.savedAt} onDiscard={editor.discardDraft} /> : null}
      {editor.failure ? <SaveFailedNotice title="Save failed" message={editor.failure} /> : null}

      <Tabs value={editor.tab} onValueChange={(value) => editor.changeTab(value as EditorTab)}>
        <TabsList>
          <TabsTrigger value="all">{labels.allTab}</TabsTrigger>
          <TabsTrigger value="create">{labels.createTab}</TabsTrigger>
        </TabsList>

        <TabsContent value="all" className="mt-4 flex flex-col gap-4">
          {listAction ? <div className="flex justify-end">{listAction}</div> : null}
          {editor.items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-muted-foreground">{labels.empty}</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label={labels.list}>
              {editor.items.map(renderItem)}
            </ul>
          )}
        </TabsContent>

        <TabsContent value="create" className="mt-4">
          <section data-create-form aria-label={labels.createHeading} className="rounded-xl border border-border bg-card p-4 sm:p-6">
            <h2 className="mb-4 text-lg font-semibold">{labels.createHeading}</h2>
            {renderCreateForm({
              idPrefix: labels.createIdPrefix,
              value: editor.creating,
              errors: editor.createErrors,
              onChange: editor.changeCreating,
              onSubmit: addCreated,
              actions: createActions,
            })}
          </section>
        </TabsContent>
      </Tabs>

      <SaveBar
        saving={editor.saving}
        saveLabel={labels.saveAll}
        onCancel={editor.cancel}
        onSave={editor.saveAll}
        status={editor.listChanged ? `Unsaved changes: ${labels.saveAll} to publish them.` : 'All changes saved.'}
      />
      <p aria-live="polite" className="sr-only">
        {editor.announcement}
      </p>
    </div>
  );
}

/** An expanded card's buttons: Edit (toggles the item's edit mode) and Delete. */
export function ItemActions({
  editLabel,
  editing,
  onEdit,
  onDelete,
  disabled,
  deleting = false,
}: {
  editLabel: string;
  editing: boolean;
  onEdit: () => void;
  onDelete: () => void;
  disabled: boolean;
  deleting?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" size="sm" onClick={onEdit} aria-pressed={editing}>
        <Pencil aria-hidden />
        {editLabel}
      </Button>
      <Button type="button" variant="destructive" size="sm" onClick={onDelete} disabled={disabled}>
        {deleting ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
        Delete
      </Button>
    </div>
  );
}

/** The edit form's buttons: close edit mode, and save (which says 'Saving...' while it runs). */
export function EditFormActions({ closeLabel, onClose, saving, disabled }: { closeLabel: string; onClose: () => void; saving: boolean; disabled: boolean }) {
  return (
    <>
      <Button type="button" variant="outline" onClick={onClose} disabled={disabled}>
        {closeLabel}
      </Button>
      <Button type="submit" disabled={disabled}>
        {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
        {saving ? 'Saving...' : 'Save Changes'}
      </Button>
    </>
  );
}

/** The props every item form of a list editor takes. */
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
