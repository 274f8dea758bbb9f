'use client';

import { Plus, Trash2 } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { describedBy, Field } from './field';
import { newInterestRow, rowErrorKey, type InterestRow } from './form';

/** Research interests (docs/product.md §2): title, a three-row description, Remove, Add Research Interest. */
export function ResearchInterestsFields({
  rows,
  errors,
  onChange,
  onFieldEdited,
}: {
  rows: InterestRow[];
  errors: Record<string, string>;
  onChange: (rows: InterestRow[]) => void;
  onFieldEdited: (errorKey: string) => void;
}) {
  const update = (key: string, field: 'title' | 'description', value: string) => {
    onChange(rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
    onFieldEdited(rowErrorKey('researchInterests', key, field));
  };

  return (
    <div className="flex flex-col gap-4">
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No research interests yet: the public page shows four default ones until you add your own.</p>
      ) : null}
      {rows.map((row, index) => {
        const id = (field: string) => `interest-${row.key}-${field}`;
        const error = (field: 'title' | 'description') => errors[rowErrorKey('researchInterests', row.key, field)];
        return (
          <fieldset key={row.key} className="flex flex-col gap-4 rounded-lg border border-border bg-card/50 p-4">
            <legend className="sr-only">Research Interest {index + 1}</legend>
            <div className="flex items-center justify-between gap-2">
              <span aria-hidden className="text-sm font-medium">
                Research Interest {index + 1}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="text-destructive hover:text-destructive"
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                aria-label={`Remove research interest ${index + 1}`}
              >
                <Trash2 aria-hidden />
                Remove
              </Button>
            </div>
            <Field id={id('title')} label="Title" error={error('title')}>
              <Input
                id={id('title')}
                value={row.title}
                maxLength={200}
                onChange={(event) => update(row.key, 'title', event.target.value)}
                aria-invalid={error('title') ? true : undefined}
                aria-describedby={describedBy(id('title'), { error: error('title') })}
              />
            </Field>
            <Field id={id('description')} label="Description" error={error('description')}>
              <Textarea
                id={id('description')}
                rows={3}
                value={row.description}
                maxLength={2000}
                onChange={(event) => update(row.key, 'description', event.target.value)}
                aria-invalid={error('description') ? true : undefined}
                aria-describedby={describedBy(id('description'), { error: error('description') })}
              />
            </Field>
          </fieldset>
        );
      })}
      <div>
        <Button type="button" variant="outline" onClick={() => onChange([...rows, newInterestRow()])}>
          <Plus aria-hidden />
          Add Research Interest
        </Button>
      </div>
    </div>
  );
}
