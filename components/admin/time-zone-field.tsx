'use client';

import { useState } from 'react';

import { describedBy, Field } from '@/components/admin/about/field';
import { Input } from '@/components/ui/input';

/** Every zone this browser knows, for the time zone fields' suggestions. */
function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/** A time zone: typed, with the browser's zones as suggestions; the server checks it against its own. */
export function TimeZoneField({
  id = 'settings-time-zone',
  label = 'Time Zone',
  hint = 'An IANA name such as Europe/London, America/New_York or Asia/Tokyo.',
  field,
}: {
  id?: string;
  label?: string;
  hint?: string;
  field: { value: string; error?: string; onChange: (value: string) => void };
}) {
  const [zones] = useState(timeZones);
  return (
    <Field id={id} label={label} hint={hint} error={field.error}>
      <Input
        id={id}
        list={`${id}-zones`}
        value={field.value}
        maxLength={64}
        autoComplete="off"
        onChange={(event) => field.onChange(event.target.value)}
        aria-invalid={field.error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error: field.error })}
      />
      <datalist id={`${id}-zones`}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </Field>
  );
}
