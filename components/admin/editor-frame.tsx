'use client';

import type { ComponentType, ReactNode } from 'react';
import { Loader2, Pencil, Save, Trash2 } from 'lucide-react';

import { CollapsibleCard } from '@/components/admin/collapsible-card';
import { RestoredDraftNotice } from '@/components/admin/editor-notices';
import type { ItemFormProps } from '@/components/admin/list-editor-shell';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/** An editor's two tabs: its list, and the create form. */
export type EditorTab = 'all' | 'create';

export interface EditorFrameLabels {
  allTab: string;
  createTab: string;
  /** The accessible name of the list of cards. */
  list: string;
  createHeading: string;
}

/** A card's header: the item's title, the line under it and its badges. */
export interface CardHead {
  title: string;
  subtitle?: ReactNode;
  badges?: ReactNode;
}

/** What the frame reads of an editor's state (useListEditor and useItemEditor both answer it). */
interface FrameState<Form> {
  tab: EditorTab;
  changeTab: (next: EditorTab) => void;
  restored: { savedAt: string } | null;
  discardDraft: () => void;
  items: readonly unknown[];
  creating: Form;
  changeCreating: (form: Form, field: string) => void;
  submitCreate: () => void;
  announcement: string;
  confirmDialog: ReactNode;
}

/**
 * The frame both editor shells share (docs/product.md §2): the restored-draft notice, the list and create
 * tabs, the cards (or the empty text), the create form in its section, what follows the tabs, the live
 * region announcing what happened, and the delete confirmation.
 */
export function EditorFrame<Form>({
  editor,
  config,
  notice,
  listTop,
  empty,
  cards,
  createMarker,
  createErrors,
  createActions,
  footer,
}: {
  editor: FrameState<Form>;
  /** What both editors' configurations hold: the frame's labels, the start of element ids, the item form. */
  config: { labels: EditorFrameLabels; idPrefix: string; form: ComponentType<ItemFormProps<Form>> };
  /** Below the restored-draft notice (a list editor's last failed save). */
  notice?: ReactNode;
  /** Above the cards (a heading, or a button opening the create tab). */
  listTop?: ReactNode;
  empty: ReactNode;
  cards: ReactNode;
  /** The create section's data attribute, where the editor looks for the first invalid field. */
  createMarker: 'data-create-form' | 'data-item-form';
  /** The create form's errors and buttons (its fields' ids start `{idPrefix}-new`). */
  createErrors: Record<string, string>;
  createActions: ReactNode;
  /** Below the tabs (a list editor's save bar). */
  footer?: ReactNode;
}) {
  const { labels, idPrefix, form: ItemForm } = config;
  return (
    <div className="flex flex-col gap-6">
      {editor.restored ? <RestoredDraftNotice savedAt={editor.restored.savedAt} onDiscard={editor.discardDraft} /> : null}
      {notice}
      <Tabs value={editor.tab} onValueChange={(value) => editor.changeTab(value as EditorTab)}>
        <TabsList>
          <TabsTrigger value="all">{labels.allTab}</TabsTrigger>
          <TabsTrigger value="create">{labels.createTab}</TabsTrigger>
        </TabsList>

        <TabsContent value="all" className="mt-4 flex flex-col gap-4">
          {listTop}
          {editor.items.length === 0 ? (
            empty
          ) : (
            <ul className="flex flex-col gap-3" aria-label={labels.list}>
              {cards}
            </ul>
          )}
        </TabsContent>

        <TabsContent value="create" className="mt-4">
          <section {...{ [createMarker]: true }} aria-label={labels.createHeading} className="rounded-xl border border-border bg-card p-4 sm:p-6">
            <h2 className="mb-4 text-lg font-semibold">{labels.createHeading}</h2>
            <ItemForm
              idPrefix={`${idPrefix}-new`}
              value={editor.creating}
              errors={createErrors}
              onChange={editor.changeCreating}
              onSubmit={editor.submitCreate}
              actions={createActions}
            />
          </section>
        </TabsContent>
      </Tabs>
      {footer}
      <p aria-live="polite" className="sr-only">
        {editor.announcement}
      </p>
      {editor.confirmDialog}
    </div>
  );
}

/** What a card reads of an editor's state (useListEditor and useItemEditor both answer it). */
interface CardState<Item> {
  expanded: string | null;
  editing: string | null;
  busy: boolean;
  toggleExpanded: (id: string) => void;
  toggleEdit: (item: Item) => void;
  submitDelete: (item: Item) => Promise<void>;
}

/**
 * An item's card in either shell: its header opens and closes it; open, it shows `children` (the read view
 * or the edit form, and any buttons of the editor's own), then Edit and Delete.
 */
export function EditorCard<Item extends { id: string }>({
  editor,
  item,
  id,
  head,
  status,
  invalid,
  editLabel,
  deleting,
  children,
}: {
  editor: CardState<Item>;
  item: Item;
  id: string;
  head: CardHead;
  status: string | null;
  invalid?: boolean;
  editLabel: string;
  deleting?: boolean;
  children: ReactNode;
}) {
  return (
    <CollapsibleCard id={id} open={editor.expanded === item.id} onToggle={() => editor.toggleExpanded(item.id)} {...head} status={status} invalid={invalid}>
      {children}
      <ItemActions
        editLabel={editLabel}
        editing={editor.editing === item.id}
        onEdit={() => editor.toggleEdit(item)}
        onDelete={() => void editor.submitDelete(item)}
        disabled={editor.busy}
        deleting={deleting}
      />
    </CollapsibleCard>
  );
}

/** An expanded card's buttons: Edit (toggles the item's edit mode) and Delete. */
function ItemActions({
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

/** A form's submit button, which says 'Saving...' (with a spinner for its icon) while a save runs. */
export function SubmitButton({ label, icon, saving, disabled }: { label: string; icon: ReactNode; saving: boolean; disabled: boolean }) {
  return (
    <Button type="submit" disabled={disabled}>
      {saving ? <Loader2 className="animate-spin" aria-hidden /> : icon}
      {saving ? 'Saving...' : label}
    </Button>
  );
}

/** The edit form's buttons: close edit mode, and Save Changes. */
export function EditFormActions({ closeLabel, onClose, saving, disabled }: { closeLabel: string; onClose: () => void; saving: boolean; disabled: boolean }) {
  return (
    <>
      <Button type="button" variant="outline" onClick={onClose} disabled={disabled}>
        {closeLabel}
      </Button>
      <SubmitButton label="Save Changes" icon={<Save aria-hidden />} saving={saving} disabled={disabled} />
    </>
  );
}
