'use client';

import { useState, useTransition, type FormEvent } from 'react';
import { Loader2, Save } from 'lucide-react';

import { saveTeachingGroupingAction } from '@/app/admin/(guarded)/teaching/edit/actions';
import { adminToast } from '@/components/admin/toast';
import { Button } from '@/components/ui/button';
import { settleAction } from '@/lib/action-result';
import type { TeachingGrouping } from '@/lib/content/courses/types';

const CHOICES: readonly { value: TeachingGrouping; label: string }[] = [
  { value: 'institution', label: 'Institution' },
  { value: 'year', label: 'Year' },
];

/**
 * "Group the teaching page by" (docs/product.md, "Admin Teaching editor"): the one setting of /teaching, saved
 * on its own, apart from the course list's Save Changes.
 */
export function TeachingGroupingForm({ initial }: { initial: TeachingGrouping }) {
  const [value, setValue] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [saving, startSaving] = useTransition();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const sent = value;
    startSaving(async () => {
      const result = await settleAction(() => saveTeachingGroupingAction({ grouping: sent }), 'The server could not be reached. Please try again.', 'Failed to save the grouping');
      if (result.ok) {
        setSaved(result.data.grouping);
        adminToast.success('Grouping saved', { description: 'The teaching page uses it from the next request.' });
        return;
      }
      adminToast.error('Failed to save the grouping', { description: result.error });
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-end sm:justify-between">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Group the teaching page by</legend>
        <div className="flex flex-wrap gap-5">
          {CHOICES.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="teaching-grouping"
                value={choice.value}
                className="size-4 accent-primary"
                checked={value === choice.value}
                onChange={() => setValue(choice.value)}
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" disabled={saving || value === saved} className="self-start">
        {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
        {saving ? 'Saving...' : 'Save Grouping'}
      </Button>
    </form>
  );
}
