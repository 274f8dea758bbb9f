'use client';

import type { ReactNode } from 'react';

import { describedBy, Field } from '@/components/admin/about/field';
import { Input } from '@/components/ui/input';

/** A list editor's select, as wide as its column. */
export const SELECT_CLASSES = 'h-9 w-full rounded-md border border-input bg-input/20 px-3 text-sm';

/** The hint of a field in the site's markup with mathematics (a talk's abstract, a course's description). */
export const MARKUP_HINT = 'Markdown with mathematics: $\\zeta(s)$ inline, $$…$$ on a line of its own.';

/** The keys of an item whose value is text. */
export type TextKey<Item> = { [K in keyof Item]: Item[K] extends string ? K : never }[keyof Item] & string;

export interface TextFieldOptions {
  hint?: string;
  max?: number;
  placeholder?: string;
  type?: string;
  inputMode?: 'url' | 'numeric';
}

/**
 * The text fields of an item form (a talk, a course): `text(key, label, options)` is the labelled input of
 * that key, with its hint and its error beside it, as the form's `id` and `set` (useItemFields) name and write it.
 */
export function itemTextFields<Item>(
  id: (field: string) => string,
  value: Item,
  errors: Record<string, string>,
  set: <K extends keyof Item & string>(key: K, next: Item[K]) => void,
): (key: TextKey<Item>, label: string, options?: TextFieldOptions) => ReactNode {
  return function text(key, label, options = {}) {
    return (
      <Field id={id(key)} label={label} hint={options.hint} error={errors[key]}>
        <Input
          id={id(key)}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          value={value[key] as string}
          placeholder={options.placeholder}
          maxLength={options.max}
          onChange={(event) => set(key, event.target.value as Item[typeof key])}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={describedBy(id(key), { hint: options.hint, error: errors[key] })}
        />
      </Field>
    );
  };
}
