'use client';

import { Input } from '@/components/ui/input';
import { ABOUT_LIMITS } from '@/lib/validation/about';
import { describedBy, Field } from './field';

/**
 * The owner's name and role line, side by side: the About editor's first fields, and the Welcome's
 * (components/admin/welcome-form.tsx), which names the role line as the first run asks for it.
 */
export function NameFields({
  name,
  title,
  errors,
  titleLabel,
  titleHint,
  required,
  onChange,
}: {
  name: string;
  title: string;
  errors: Record<string, string>;
  titleLabel: string;
  titleHint: string;
  /** Marks the name as required to the browser too (the server requires it in any case). */
  required?: boolean;
  onChange: (key: 'name' | 'title', value: string) => void;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field id="about-name" label="Name" error={errors.name}>
        <Input
          id="about-name"
          value={name}
          maxLength={ABOUT_LIMITS.name}
          autoComplete="name"
          required={required}
          onChange={(event) => onChange('name', event.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('about-name', { error: errors.name })}
        />
      </Field>
      <Field id="about-title" label={titleLabel} hint={titleHint} error={errors.title}>
        <Input
          id="about-title"
          value={title}
          maxLength={ABOUT_LIMITS.title}
          placeholder="Mathematics PhD Student & Researcher"
          onChange={(event) => onChange('title', event.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy('about-title', { hint: titleHint, error: errors.title })}
        />
      </Field>
    </div>
  );
}
