'use client';

import { ItemFormFrame, useItemFields, type ItemFormProps } from '@/components/admin/list-editor-shell';
import { describedBy, Field } from '@/components/admin/about/field';
import { Input } from '@/components/ui/input';
import { CV_ENTRY_CATEGORIES } from '@/lib/cv/types';
import { CV_CATEGORY_LABELS, CV_LIMITS } from '@/lib/validation/cv';
import type { CvFormItem } from './form';

const DATE_HINT = 'A year (2024), a month (2024-03) or a day (2024-03-14).';
const END_HINT = 'Leave blank for a single date; give an end for a range (2022 to 2024).';
const DESCRIPTION_HINT = 'One line. $…$ formulas are shown as readable text on the CV.';

/**
 * The fields of one CV row: Section (Honours & Awards, Service), Title, Place, From and To
 * (a year, a month or a day), Link and a one-line Description. Used by the create tab and each card's edit mode.
 */
export function CvEntryForm({ idPrefix, value, errors, onChange, onSubmit, actions }: ItemFormProps<CvFormItem>) {
  const { id, set } = useItemFields(idPrefix, value, onChange);
  const text = (key: 'title' | 'place' | 'start' | 'end' | 'url' | 'description', label: string, max: number, hint?: string, extra?: { inputMode?: 'numeric' | 'url'; placeholder?: string }) => (
    <Field id={id(key)} label={label} hint={hint} error={errors[key]}>
      <Input
        id={id(key)}
        value={value[key]}
        maxLength={max}
        inputMode={extra?.inputMode}
        placeholder={extra?.placeholder}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(id(key), { hint, error: errors[key] })}
      />
    </Field>
  );

  return (
    <ItemFormFrame onSubmit={onSubmit} actions={actions}>
      <div className="grid gap-5 sm:grid-cols-[14rem_minmax(0,1fr)]">
        <Field id={id('category')} label="Section" error={errors.category}>
          <select
            id={id('category')}
            value={value.category}
            onChange={(event) => set('category', event.target.value)}
            className="h-9 rounded-md border border-input bg-input/20 px-3 text-sm"
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={describedBy(id('category'), { error: errors.category })}
          >
            {CV_ENTRY_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CV_CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </Field>
        {text('title', 'Title', CV_LIMITS.title)}
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        {text('start', 'From', 10, DATE_HINT, { inputMode: 'numeric', placeholder: '2024' })}
        {text('end', 'To', 10, END_HINT, { inputMode: 'numeric' })}
        {text('place', 'Place', CV_LIMITS.place)}
      </div>
      {text('url', 'Link', CV_LIMITS.url, undefined, { inputMode: 'url', placeholder: 'https://' })}
      {text('description', 'Description', CV_LIMITS.description, DESCRIPTION_HINT)}
    </ItemFormFrame>
  );
}
