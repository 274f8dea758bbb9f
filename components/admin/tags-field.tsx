'use client';

import { useState, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isNewEntry } from '@/lib/validation/lists';
import { describedBy, FieldError } from './about/field';

/**
 * A list of short texts shown as removable badges (skills, technologies): added with the Add button or
 * Enter. Blank text and an entry already in the list (ignoring case) are not added.
 */
export function TagsField({
  id,
  label,
  values,
  onChange,
  error,
  placeholder,
  maxLength = 80,
  emptyText,
  hint = 'Press Enter or Add after each one.',
  listLabel = `${label} list`,
}: {
  id: string;
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  error?: string;
  placeholder?: string;
  maxLength?: number;
  emptyText: string;
  hint?: string;
  listLabel?: string;
}) {
  const [text, setText] = useState('');

  const add = () => {
    const entry = text.trim();
    if (isNewEntry(values, entry)) onChange([...values, entry]);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the entry; it must not submit the whole form.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    add();
  };

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          placeholder={placeholder}
          maxLength={maxLength}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, error })}
        />
        <Button type="button" variant="secondary" onClick={add}>
          <Plus aria-hidden />
          Add
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={id} error={error} />
      {values.length > 0 ? (
        <ul aria-label={listLabel} className="flex flex-wrap gap-2">
          {values.map((value) => (
            <li key={value}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-2.5 text-sm">
                {value}
                <button
                  type="button"
                  onClick={() => onChange(values.filter((v) => v !== value))}
                  aria-label={`Remove ${value}`}
                  className="rounded-sm p-0.5 text-muted-foreground hover:bg-background/60 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      )}
    </div>
  );
}
