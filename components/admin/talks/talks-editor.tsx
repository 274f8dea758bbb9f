'use client';

import { useMemo } from 'react';

import { deleteTalkAction, saveTalksAction } from '@/app/admin/(guarded)/talks/edit/actions';
import { ListEditorShell, type ItemFormProps, type ListEditorConfig } from '@/components/admin/list-editor-shell';
import { useListEditor } from '@/components/admin/use-list-editor';
import { Badge } from '@/components/ui/badge';
import { formatTalkDate } from '@/lib/content/talks/rules';
import { TALK_KIND_LABELS, type Talk, type TalkPaperChoice } from '@/lib/content/talks/types';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { isTemporaryTalkId, newTalkDefaults, talkItemSchema } from '@/lib/validation/talks';
import { formItemFrom, talksDraftSchema, type TalkFormItem } from './form';
import { TalkItemForm } from './talk-item-form';

/**
 * Edit Talks (docs/product.md, "Talks"). Talks are edited here and stored with Save Changes, as projects are:
 * new ones (temporary talk- ids) are created, stored ones absent from the list deleted. Removing a saved talk
 * deletes it at once.
 */
export function TalksEditor({ initial, papers, timeZone, today }: { initial: Talk[]; papers: TalkPaperChoice[]; timeZone: string; today: string }) {
  // One component for the editor's life: a new one each render would remount the form and lose the focus.
  const Form = useMemo(
    () =>
      function TalkForm(props: ItemFormProps<TalkFormItem>) {
        return <TalkItemForm {...props} papers={papers} siteTimeZone={timeZone} />;
      },
    [papers, timeZone],
  );
  const paperTitles = useMemo(() => new Map(papers.map((paper) => [paper.id, paper.title])), [papers]);
  const config: ListEditorConfig<TalkFormItem, Talk> = {
    draftName: 'talks',
    draftSchema: talksDraftSchema,
    toForm: formItemFrom,
    newForm: () => formItemFrom(newTalkDefaults(today)),
    itemSchema: talkItemSchema,
    isNew: isTemporaryTalkId,
    save: (items) => withinBodyLimit(saveTalksAction)({ items }),
    deleteNow: {
      remove: deleteTalkAction,
      deleteTitle: 'Delete Talk',
      confirmDelete: (item) => `Delete "${item.title}"? It is removed from the site at once.`,
      deleted: 'Talk deleted successfully',
      failed: (error) => `Delete failed: ${error || 'Failed to remove talk'}`,
      logAs: 'Failed to remove talk',
    },
    messages: {
      saved: { title: 'Your talks have been saved successfully.' },
      failed: (error) => ({ title: `Save failed: ${error || 'There was an error saving your changes'}` }),
      logAs: 'Failed to save talks',
    },
    idPrefix: 'talk',
    labels: {
      allTab: 'All Talks',
      createTab: 'Create New Talk',
      list: 'Talks',
      empty: 'No talks found. Add your first talk using the Create New tab.',
      createHeading: 'New talk',
      createButton: 'Add Talk',
      added: 'Talk added',
      saveAll: 'Save Changes',
      edit: 'Edit Talk',
      closeEdit: 'Cancel',
    },
    head: (item) => ({
      title: item.title || 'Untitled talk',
      badges: (
        <>
          <Badge variant="outline">{formatTalkDate(item.start, item.end || null)}</Badge>
          {item.kind ? <Badge variant="secondary">{TALK_KIND_LABELS[item.kind]}</Badge> : null}
        </>
      ),
    }),
    renderRead: (item) => (
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {[
          ['Event', item.eventName],
          ['Where', [item.venue, item.city, item.country].filter(Boolean).join(', ')],
          ['Time', item.startTime ? `${item.startTime}${item.endTime ? `–${item.endTime}` : ''} (${item.timeZone || timeZone})` : ''],
          ['Paper', item.paperId ? (paperTitles.get(item.paperId) ?? '') : ''],
          ['Slides', item.slidesUrl],
          ['Video', item.videoUrl],
        ]
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
      </dl>
    ),
    form: Form,
  };
  const editor = useListEditor(config, initial);
  return <ListEditorShell editor={editor} config={config} />;
}
