'use client';

import type { ChangeEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { YEAR_RANGE } from '@/lib/validation/about';
import { describedBy, Field } from './field';
import { newEducationRow, rowErrorKey, withCurrent, type EducationRow } from './form';

type TextField = 'institution' | 'degree' | 'field' | 'startYear' | 'endYear';

const TEXT_FIELDS: { field: Exclude<TextField, 'startYear' | 'endYear'>; label: string }[] = [
  { field: 'institution', label: 'Institution' },
  { field: 'degree', label: 'Degree' },
  { field: 'field', label: 'Field of Study' },
];

/**
 * Education entries (docs/product.md §§2 and 4): institution, degree, field of study, start and end year,
 * and Current / In Progress, which empties the end year; each removable, and Add Education.
 */
export function EducationFields({
  rows,
  errors,
  onChange,
  onFieldEdited,
}: {
  rows: EducationRow[];
  errors: Record<string, string>;
  onChange: (rows: EducationRow[]) => void;
  /** Clears the error of one field once it is edited. */
  onFieldEdited: (errorKey: string) => void;
}) {
  const update = (key: string, change: (row: EducationRow) => EducationRow, field: TextField) => {
    onChange(rows.map((row) => (row.key === key ? change(row) : row)));
    onFieldEdited(rowErrorKey('education', key, field));
  };

  return (
    <div className="flex flex-col gap-4">
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">No education entries yet.</p> : null}
      {rows.map((row, index) => {
        const id = (field: string) => `education-${row.key}-${field}`;
        const error = (field: TextField) => errors[rowErrorKey('education', row.key, field)];
        const yearProps = (field: 'startYear' | 'endYear') => ({
          id: id(field),
          type: 'number',
          inputMode: 'numeric' as const,
          min: YEAR_RANGE.min,
          max: YEAR_RANGE.max,
          step: 1,
          value: row[field],
          onChange: (event: ChangeEvent<HTMLInputElement>) => update(row.key, (r) => ({ ...r, [field]: event.target.value }), field),
          'aria-invalid': error(field) ? true : undefined,
          'aria-describedby': describedBy(id(field), { error: error(field) }),
        });
        return (
          <fieldset key={row.key} className="flex flex-col gap-4 rounded-lg border border-border bg-card/50 p-4">
            <legend className="sr-only">Education {index + 1}</legend>
            <div className="flex items-center justify-between gap-2">
              <span aria-hidden className="text-sm font-medium">
                Education {index + 1}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="text-destructive hover:text-destructive"
                onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                aria-label={`Remove education ${index + 1}`}
              >
                <Trash2 aria-hidden />
                Remove
              </Button>
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              {TEXT_FIELDS.map(({ field, label }) => (
                <Field key={field} id={id(field)} label={label} error={error(field)}>
                  <Input
                    id={id(field)}
                    value={row[field]}
                    maxLength={200}
                    onChange={(event) => update(row.key, (r) => ({ ...r, [field]: event.target.value }), field)}
                    aria-invalid={error(field) ? true : undefined}
                    aria-describedby={describedBy(id(field), { error: error(field) })}
                  />
                </Field>
              ))}
            </div>
            <div className="grid items-start gap-4 sm:grid-cols-3">
              <Field id={id('startYear')} label="Start Year" error={error('startYear')}>
                <Input {...yearProps('startYear')} />
              </Field>
              <Field id={id('endYear')} label="End Year" error={error('endYear')}>
                <Input {...yearProps('endYear')} disabled={row.current} placeholder={row.current ? 'Present' : undefined} />
              </Field>
              <div className="flex items-center gap-2 sm:pt-8">
                <input
                  id={id('current')}
                  type="checkbox"
                  checked={row.current}
                  onChange={(event) => update(row.key, (r) => withCurrent(r, event.target.checked, new Date().getFullYear()), 'endYear')}
                  className="size-4 accent-primary"
                />
                <label htmlFor={id('current')} className="text-sm">
                  Current / In Progress
                </label>
              </div>
            </div>
          </fieldset>
        );
      })}
      <div>
        <Button type="button" variant="outline" onClick={() => onChange([...rows, newEducationRow(new Date().getFullYear())])}>
          <Plus aria-hidden />
          Add Education
        </Button>
      </div>
    </div>
  );
}
