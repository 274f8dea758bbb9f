'use client';

import { useState } from 'react';
import { X } from 'lucide-react';

import { ItemFormFrame, useItemFields, type ItemFormProps } from '@/components/admin/list-editor-shell';
import { describedBy, Field } from '@/components/admin/about/field';
import { TagsField } from '@/components/admin/tags-field';
import { FileUpload } from '@/components/admin/upload/file-upload';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { CATEGORY_LABELS } from '@/lib/content/projects/rules';
import { PLACEHOLDER_IMAGE, PROJECT_CATEGORIES } from '@/lib/content/projects/types';
import { PROJECT_LIMITS } from '@/lib/validation/projects';
import type { ProjectFormItem } from './form';

const DESCRIPTION_HINT = 'Plain text, or simple HTML: <strong>, <em>, <a href="…">, lists. Anything else is removed when saved.';
const URL_HINT = 'A full address starting with https://, or blank.';

/**
 * The fields of one project (docs/product.md §2): title, description, category, technologies, image (one
 * upload into project-images/projects, with preview and remove), live site link, GitHub link, featured.
 */
export function ProjectItemForm({
  idPrefix,
  value,
  errors,
  onChange,
  onSubmit,
  actions,
}: ItemFormProps<ProjectFormItem>) {
  const { id, set } = useItemFields(idPrefix, value, onChange);
  const [broken, setBroken] = useState<string | null>(null);
  const wanted = value.image || PLACEHOLDER_IMAGE;
  const shown = broken === wanted ? PLACEHOLDER_IMAGE : wanted;

  const url = (key: 'link' | 'github', label: string, placeholder: string) => (
    <Field id={id(key)} label={label} hint={URL_HINT} error={errors[key]}>
      <Input
        id={id(key)}
        type="url"
        inputMode="url"
        value={value[key]}
        placeholder={placeholder}
        maxLength={PROJECT_LIMITS.url}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(id(key), { hint: URL_HINT, error: errors[key] })}
      />
    </Field>
  );

  return (
    <ItemFormFrame onSubmit={onSubmit} actions={actions}>
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <Field id={id('title')} label="Title" error={errors.title}>
          <Input
            id={id('title')}
            value={value.title}
            maxLength={PROJECT_LIMITS.title}
            onChange={(event) => set('title', event.target.value)}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy(id('title'), { error: errors.title })}
          />
        </Field>
        <Field id={id('category')} label="Category" error={errors.category}>
          <select
            id={id('category')}
            value={value.category}
            onChange={(event) => set('category', event.target.value as ProjectFormItem['category'])}
            className="h-9 rounded-md border border-input bg-input/20 px-3 text-sm"
            aria-invalid={errors.category ? true : undefined}
          >
            {PROJECT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={id('description')} label="Description" hint={DESCRIPTION_HINT} error={errors.description}>
        <Textarea
          id={id('description')}
          rows={5}
          value={value.description}
          maxLength={PROJECT_LIMITS.description}
          onChange={(event) => set('description', event.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy(id('description'), { hint: DESCRIPTION_HINT, error: errors.description })}
        />
      </Field>
      <TagsField
        id={id('technology')}
        label="Technologies"
        values={value.technologies}
        onChange={(next) => set('technologies', next)}
        error={errors.technologies}
        placeholder="e.g. SageMath"
        maxLength={PROJECT_LIMITS.technology}
        emptyText="No technologies yet."
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm leading-none font-medium">Image</legend>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="aspect-video w-full max-w-64 shrink-0 overflow-hidden rounded-lg border border-border bg-muted">
            {/* Any stored or pasted address: next/image would need every host configured. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={shown} alt="Project image preview" className="size-full object-cover" onError={() => setBroken(wanted)} />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <FileUpload
              bucket="project-images"
              maxFiles={1}
              onUploaded={(urls) => {
                if (urls[0]) set('image', urls[0]);
              }}
            />
            {value.image ? (
              <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => set('image', '')}>
                <X aria-hidden />
                Remove Image
              </Button>
            ) : null}
            {errors.image ? (
              <p id={`${id('image')}-error`} className="text-sm text-destructive">
                {errors.image}
              </p>
            ) : null}
          </div>
        </div>
      </fieldset>
      <div className="grid gap-5 sm:grid-cols-2">
        {url('link', 'Live Site URL', 'https://example.org')}
        {url('github', 'GitHub URL', 'https://github.com/you/project')}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" checked={value.featured} onChange={(event) => set('featured', event.target.checked)} />
        Featured (shown on the home page)
      </label>
    </ItemFormFrame>
  );
}
