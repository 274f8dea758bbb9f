'use client';

import { Plus, X } from 'lucide-react';

import { ItemFormFrame, useItemFields, type ItemFormProps } from '@/components/admin/list-editor-shell';
import { describedBy, Field, FieldError } from '@/components/admin/about/field';
import { MarkupTextarea } from '@/components/admin/markup-textarea';
import { TagsField } from '@/components/admin/tags-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { EXPERIENCE_LIMITS, currentYearMonth } from '@/lib/validation/experience';
import type { ExperienceFormItem } from './form';

const END_HINT = 'Leave blank (or tick Current position) while you still hold it.';

/**
 * The fields of one experience item (docs/product.md §2): Job Title, Company, Location, Start and End month
 * pickers (a blank end means current; the end picker cannot go before the start), Description in the
 * simple editor, Highlights and Technologies. Used by the create tab and by each card's edit mode.
 */
export function ExperienceItemForm({
  idPrefix,
  value,
  errors,
  onChange,
  onSubmit,
  actions,
}: ItemFormProps<ExperienceFormItem>) {
  const { id, set } = useItemFields(idPrefix, value, onChange);
  const text = (key: 'title' | 'company' | 'location', label: string, autoComplete?: string) => (
    <Field id={id(key)} label={label} error={errors[key]}>
      <Input
        id={id(key)}
        value={value[key]}
        maxLength={EXPERIENCE_LIMITS.text}
        autoComplete={autoComplete}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(id(key), { error: errors[key] })}
      />
    </Field>
  );
  const current = value.endDate === '';

  return (
    <ItemFormFrame onSubmit={onSubmit} actions={actions}>
      <div className="grid gap-5 sm:grid-cols-2">
        {text('title', 'Job Title', 'organization-title')}
        {text('company', 'Company', 'organization')}
        {text('location', 'Location')}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('start')} label="Start Date" error={errors.startDate}>
          <Input
            id={id('start')}
            type="month"
            value={value.startDate}
            min="1900-01"
            max={value.endDate || '2100-12'}
            onChange={(event) => set('startDate', event.target.value)}
            aria-invalid={errors.startDate ? true : undefined}
            aria-describedby={describedBy(id('start'), { error: errors.startDate })}
          />
        </Field>
        <div className="flex flex-col gap-2">
          <Label htmlFor={id('end')}>End Date</Label>
          <Input
            id={id('end')}
            type="month"
            value={value.endDate}
            // The picker offers no month before the start; a typed one is refused with a message.
            min={value.startDate || '1900-01'}
            max="2100-12"
            onChange={(event) => set('endDate', event.target.value)}
            aria-invalid={errors.endDate ? true : undefined}
            aria-describedby={describedBy(id('end'), { hint: END_HINT, error: errors.endDate })}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={current}
              onChange={(event) => set('endDate', event.target.checked ? '' : maxMonth(value.startDate, currentYearMonth()))}
            />
            Current position
          </label>
          <p id={`${id('end')}-hint`} className="text-xs text-muted-foreground">
            {END_HINT}
          </p>
          <FieldError id={id('end')} error={errors.endDate} />
        </div>
      </div>
      <Field id={id('description')} label="Description" error={errors.description}>
        <MarkupTextarea
          id={id('description')}
          rows={5}
          value={value.description}
          maxLength={EXPERIENCE_LIMITS.description}
          onValueChange={(next) => set('description', next)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy(id('description'), { error: errors.description })}
        />
      </Field>
      <HighlightsField idPrefix={id('highlight')} highlights={value.highlights} error={errors.highlights} onChange={(next) => set('highlights', next)} />
      <TagsField
        id={id('technology')}
        label="Technologies"
        values={value.technologies}
        onChange={(next) => set('technologies', next)}
        error={errors.technologies}
        placeholder="e.g. Lean 4"
        maxLength={EXPERIENCE_LIMITS.technology}
        emptyText="No technologies yet."
      />
    </ItemFormFrame>
  );
}

/** The later of two year-months: unticking Current gives an end that is not before the start. */
function maxMonth(a: string, b: string): string {
  return a > b ? a : b;
}

function HighlightsField({
  idPrefix,
  highlights,
  error,
  onChange,
}: {
  idPrefix: string;
  highlights: string[];
  error?: string;
  onChange: (next: string[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">Highlights</legend>
      {highlights.length === 0 ? <p className="text-sm text-muted-foreground">No highlights yet.</p> : null}
      <ul className="flex flex-col gap-2">
        {highlights.map((highlight, index) => (
          // Highlights are free text and may repeat; their position is their identity while editing.
          <li key={index} className="flex gap-2">
            <Input
              id={`${idPrefix}-${index}`}
              aria-label={`Highlight ${index + 1}`}
              value={highlight}
              maxLength={EXPERIENCE_LIMITS.highlight}
              onChange={(event) => onChange(highlights.map((h, i) => (i === index ? event.target.value : h)))}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove highlight ${index + 1}`}
              onClick={() => onChange(highlights.filter((_, i) => i !== index))}
            >
              <X aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <FieldError id={idPrefix} error={error} />
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="self-start"
        disabled={highlights.length >= EXPERIENCE_LIMITS.highlights}
        onClick={() => onChange([...highlights, ''])}
      >
        <Plus aria-hidden />
        Add Highlight
      </Button>
    </fieldset>
  );
}
