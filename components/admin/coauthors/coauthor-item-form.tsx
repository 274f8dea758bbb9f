'use client';

import { ItemFormFrame, useItemFields, type ItemFormProps } from '@/components/admin/list-editor-shell';
import { describedBy, Field } from '@/components/admin/about/field';
import { Input } from '@/components/ui/input';
import { COAUTHOR_LIMITS } from '@/lib/validation/coauthors';
import type { CoauthorFormItem } from './form';

const NAME_HINT = "As author lists write it. Papers' authors match by family name and initials, accents aside: for Emmy Noether, E. Noether and Noether, Emmy match too.";
const ORCID_HINT = 'Optional; its https://orcid.org/ address works too. The name links to the homepage, else to the ORCID record.';

/**
 * The fields of one co-author: Name, Homepage and ORCID iD. Used by the create tab and each card's edit
 * mode; each field's error shows beneath it.
 */
export function CoauthorItemForm({ idPrefix, value, errors, onChange, onSubmit, actions }: ItemFormProps<CoauthorFormItem>) {
  const { id, set } = useItemFields(idPrefix, value, onChange);
  const text = (
    key: 'name' | 'homepage' | 'orcid',
    label: string,
    max: number,
    extra: { hint?: string; inputMode?: 'url'; placeholder?: string; autoComplete?: string } = {},
  ) => (
    <Field id={id(key)} label={label} hint={extra.hint} error={errors[key]}>
      <Input
        id={id(key)}
        value={value[key]}
        maxLength={max}
        inputMode={extra.inputMode}
        placeholder={extra.placeholder}
        autoComplete={extra.autoComplete}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(id(key), { hint: extra.hint, error: errors[key] })}
      />
    </Field>
  );

  return (
    <ItemFormFrame onSubmit={onSubmit} actions={actions}>
      {text('name', 'Name', COAUTHOR_LIMITS.name, { hint: NAME_HINT, autoComplete: 'off' })}
      <div className="grid gap-5 sm:grid-cols-2">
        {text('homepage', 'Homepage', COAUTHOR_LIMITS.homepage, { inputMode: 'url', placeholder: 'https://' })}
        {text('orcid', 'ORCID iD', COAUTHOR_LIMITS.orcid, { hint: ORCID_HINT, placeholder: '0000-0002-1825-0097' })}
      </div>
    </ItemFormFrame>
  );
}
