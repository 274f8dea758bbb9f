'use client';

import { useCallback, useMemo, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { ChevronDown, Loader2, Pencil, Plus, Save, Trash2 } from 'lucide-react';

import { saveExperienceAction } from '@/app/admin/(guarded)/experience/edit/actions';
import { RestoredDraftNotice, SaveFailedNotice } from '@/components/admin/editor-notices';
import { SaveBar } from '@/components/admin/save-bar';
import { adminToast } from '@/components/admin/toast';
import { useEditorDraft } from '@/components/admin/use-editor-draft';
import { confirmLeave, useUnsavedWarning } from '@/components/admin/use-unsaved-warning';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ActionResult } from '@/lib/action-result';
import { monthRange } from '@/lib/content/experience/rules';
import type { Experience, SavedExperience } from '@/lib/content/experience/types';
import { isTemporaryExperienceId, newExperienceDefaults } from '@/lib/validation/experience';
import { ExperienceItemForm } from './experience-item-form';
import { checkItem, errorsByItem, experienceDraftSchema, formItemFrom, sameItems, type ExperienceDraft, type ExperienceFormItem } from './form';

const DRAFT = 'experience';
const SAVE_FAILED = 'Save failed';
const SAVE_FAILED_TEXT = 'There was an error saving your changes. Please try again.';

type Tab = 'all' | 'create';

/**
 * Edit Experience Page (spec sections 2, 4 and 8). The list is edited here and published at once with
 * Save All Changes (or an item's Save Changes): items removed here are deleted, new ones (temporary exp-
 * ids) created, and the stored list is read back. Typed work is kept as a draft in this browser until it
 * is saved, and leaving with unsaved changes asks first.
 */
export function ExperienceEditor({ initial }: { initial: Experience[] }) {
  const router = useRouter();
  const [saved, setSaved] = useState<ExperienceFormItem[]>(() => initial.map(formItemFrom));
  const [items, setItems] = useState<ExperienceFormItem[]>(saved);
  const [creating, setCreating] = useState<ExperienceFormItem>(() => formItemFrom(newExperienceDefaults()));
  const [createTouched, setCreateTouched] = useState(false);
  const [createErrors, setCreateErrors] = useState<Record<string, string>>({});
  const [itemErrors, setItemErrors] = useState<Record<string, Record<string, string>>>({});
  const [tab, setTab] = useState<Tab>('all');
  const [expanded, setExpanded] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();
  const [announcement, setAnnouncement] = useState('');

  const listChanged = !sameItems(items, saved);
  const dirty = listChanged || createTouched;
  useUnsavedWarning(dirty);

  const draftValue = useMemo<ExperienceDraft>(() => ({ items, creating: createTouched ? creating : null }), [items, creating, createTouched]);
  const draft = useEditorDraft({
    name: DRAFT,
    schema: experienceDraftSchema,
    current: draftValue,
    dirty,
    basedOn: null,
    restore: useCallback(
      (value: ExperienceDraft) => {
        if (sameItems(value.items, saved) && !value.creating) return false;
        setItems(value.items);
        if (value.creating) {
          setCreating(value.creating);
          setCreateTouched(true);
        }
        return true;
      },
      [saved],
    ),
  });

  const changeTab = (next: Tab) => {
    setTab(next);
    // Spec section 2: a tab change scrolls to the top.
    window.scrollTo({ top: 0 });
  };

  const updateItem = (id: string, next: ExperienceFormItem, field: keyof ExperienceFormItem) => {
    setItems((current) => current.map((item) => (item.id === id ? next : item)));
    setItemErrors((current) => withoutField(current, id, field));
  };

  const removeItem = (id: string) => {
    setItems((current) => current.filter((item) => item.id !== id));
    if (expanded === id) setExpanded(null);
    if (editing === id) setEditing(null);
    setAnnouncement('Item removed. It is deleted when you save.');
  };

  const addCreated = () => {
    const errors = checkItem(creating);
    setCreateErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid('#experience-create');
      return;
    }
    setItems((current) => [creating, ...current]);
    setExpanded(creating.id);
    setCreating(formItemFrom(newExperienceDefaults()));
    setCreateTouched(false);
    setAnnouncement('Experience added to the list. Save All Changes to publish it.');
    adminToast.info('Experience added', { description: 'Save All Changes to publish it.' });
    changeTab('all');
  };

  const saveAll = () => {
    if (saving) return;
    const sent = items;
    const local: Record<string, Record<string, string>> = {};
    for (const item of sent) {
      const errors = checkItem(item);
      if (Object.keys(errors).length > 0) local[item.id] = errors;
    }
    if (Object.keys(local).length > 0) {
      showItemErrors(local, 'Please correct the highlighted fields.');
      return;
    }
    startSaving(async () => {
      let result: ActionResult<SavedExperience>;
      try {
        result = await saveExperienceAction({ items: sent });
      } catch (error) {
        console.error('Failed to save experience data', error);
        result = { ok: false, error: 'The server could not be reached. Your changes are kept here; please try again.' };
      }
      if (result.ok) {
        const next = result.data.items.map(formItemFrom);
        setSaved(next);
        setItems(next);
        setItemErrors({});
        setFailure(null);
        setEditing(null);
        setExpanded((current) => (current ? (result.data.created[current] ?? current) : null));
        draft.forget();
        setAnnouncement('Changes saved.');
        adminToast.success('Changes saved', { description: 'Your experience page changes have been saved successfully.' });
        router.refresh();
        return;
      }
      console.error('Failed to save experience data', result.error, result.fieldErrors ?? {});
      showItemErrors(result.fieldErrors ? errorsByItem(result.fieldErrors, sent) : {}, result.error);
    });
  };

  const showItemErrors = (errors: Record<string, Record<string, string>>, message: string) => {
    setItemErrors(errors);
    setFailure(message);
    setAnnouncement(`${SAVE_FAILED}. ${message}`);
    adminToast.error(SAVE_FAILED, { description: SAVE_FAILED_TEXT });
    const first = Object.keys(errors)[0];
    if (first) {
      setTab('all');
      setExpanded(first);
      setEditing(first);
      focusFirstInvalid(`#experience-item-${cssId(first)}`);
    }
  };

  const cancel = () => {
    if (!confirmLeave(dirty)) return;
    draft.finish();
    router.push('/admin');
  };

  const discardDraft = () => {
    draft.forget();
    setItems(saved);
    setCreating(formItemFrom(newExperienceDefaults()));
    setCreateTouched(false);
    setItemErrors({});
    setCreateErrors({});
    setFailure(null);
  };

  return (
    <div className="flex flex-col gap-6">
      {draft.restored ? <RestoredDraftNotice savedAt={draft.restored.savedAt} onDiscard={discardDraft} /> : null}
      {failure ? <SaveFailedNotice title={SAVE_FAILED} message={failure} /> : null}

      <Tabs value={tab} onValueChange={(value) => changeTab(value as Tab)}>
        <TabsList>
          <TabsTrigger value="all">All Experience</TabsTrigger>
          <TabsTrigger value="create">Create New Experience</TabsTrigger>
        </TabsList>

        <TabsContent value="all" className="mt-4 flex flex-col gap-4">
          <div className="flex justify-end">
            <Button type="button" variant="secondary" onClick={() => changeTab('create')}>
              <Plus aria-hidden />
              Add New Experience
            </Button>
          </div>
          {items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
              No experience items found. Add your first one!
            </p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Experience items">
              {items.map((item) => {
                const open = expanded === item.id;
                const isEditing = editing === item.id;
                const baseline = saved.find((s) => s.id === item.id);
                const status = isTemporaryExperienceId(item.id) ? 'New' : baseline && !sameItems([baseline], [item]) ? 'Edited' : null;
                const errors = itemErrors[item.id] ?? {};
                return (
                  <li key={item.id} id={`experience-item-${cssId(item.id)}`} className="rounded-xl border border-border bg-card">
                    <button
                      type="button"
                      aria-expanded={open}
                      onClick={() => setExpanded(open ? null : item.id)}
                      className="flex w-full items-start justify-between gap-4 rounded-xl p-4 text-left hover:bg-muted/30 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      <span className="flex min-w-0 flex-col gap-1">
                        <span className="flex flex-wrap items-center gap-2">
                          <span className="font-semibold">{item.title || 'Untitled position'}</span>
                          {status ? <Badge variant="outline">{status}</Badge> : null}
                          {Object.keys(errors).length > 0 ? <Badge variant="destructive">Needs attention</Badge> : null}
                        </span>
                        <span className="text-sm text-muted-foreground">
                          {item.company} • {monthRange(item.startDate, item.endDate || null)}
                        </span>
                        {item.technologies.length > 0 ? (
                          <span className="mt-1 flex flex-wrap gap-1.5">
                            {item.technologies.map((tech) => (
                              <Badge key={tech} variant="secondary">
                                {tech}
                              </Badge>
                            ))}
                          </span>
                        ) : null}
                      </span>
                      <ChevronDown className={`mt-1 size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
                    </button>
                    {open ? (
                      <div className="flex flex-col gap-4 border-t border-border p-4">
                        {isEditing ? (
                          <ExperienceItemForm
                            idPrefix={`experience-${cssId(item.id)}`}
                            value={item}
                            errors={errors}
                            onChange={(next, field) => updateItem(item.id, next, field)}
                            onSubmit={saveAll}
                            actions={
                              <>
                                <Button type="button" variant="outline" onClick={() => setEditing(null)} disabled={saving}>
                                  Close
                                </Button>
                                <Button type="submit" disabled={saving}>
                                  {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
                                  {saving ? 'Saving...' : 'Save Changes'}
                                </Button>
                              </>
                            }
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
                        <div className="flex flex-wrap gap-2">
                          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(isEditing ? null : item.id)} aria-pressed={isEditing}>
                            <Pencil aria-hidden />
                            Edit
                          </Button>
                          <Button type="button" variant="destructive" size="sm" onClick={() => removeItem(item.id)} disabled={saving}>
                            <Trash2 aria-hidden />
                            Delete
                          </Button>
                        </div>
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </TabsContent>

        <TabsContent value="create" className="mt-4">
          <section id="experience-create" aria-labelledby="experience-create-heading" className="rounded-xl border border-border bg-card p-4 sm:p-6">
            <h2 id="experience-create-heading" className="mb-4 text-lg font-semibold">
              New experience
            </h2>
            <ExperienceItemForm
              idPrefix="experience-new"
              value={creating}
              errors={createErrors}
              onChange={(next, field) => {
                setCreating(next);
                setCreateTouched(true);
                setCreateErrors((current) => withoutKey(current, field));
              }}
              onSubmit={addCreated}
              actions={
                <>
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => {
                      setCreating(formItemFrom(newExperienceDefaults()));
                      setCreateTouched(false);
                      setCreateErrors({});
                      changeTab('all');
                    }}
                  >
                    Cancel
                  </Button>
                  <Button type="submit">
                    <Plus aria-hidden />
                    Add New Experience
                  </Button>
                </>
              }
            />
          </section>
        </TabsContent>
      </Tabs>

      <SaveBar
        saving={saving}
        saveLabel="Save All Changes"
        onCancel={cancel}
        onSave={saveAll}
        status={listChanged ? 'Unsaved changes: Save All Changes to publish them.' : 'All changes saved.'}
      />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** A temporary or saved id as the tail of an element id (they hold only letters, digits and hyphens). */
function cssId(id: string): string {
  return id.replace(/[^\w-]/g, '');
}

function withoutKey(errors: Record<string, string>, key: string): Record<string, string> {
  if (!(key in errors)) return errors;
  const next = { ...errors };
  delete next[key];
  return next;
}

function withoutField(errors: Record<string, Record<string, string>>, id: string, field: string) {
  const forItem = errors[id];
  if (!forItem || !(field in forItem)) return errors;
  return { ...errors, [id]: withoutKey(forItem, field) };
}

/** After the next paint, focuses the first field marked invalid inside `scope`. */
function focusFirstInvalid(scope: string) {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`${scope} [aria-invalid="true"]`)?.focus());
}
