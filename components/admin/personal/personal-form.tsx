'use client';

import { useState } from 'react';
import { ImagePlus, X } from 'lucide-react';

import { describedBy, Field, FieldError } from '@/components/admin/about/field';
import { ImageThumb } from '@/components/admin/image-thumb';
import { ItemFormFrame, useItemFields, type ItemFormProps } from '@/components/admin/list-editor-shell';
import { RichTextEditor } from '@/components/admin/rich-text-editor';
import { FileUpload } from '@/components/admin/upload/file-upload';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PERSONAL_LIMITS, PERSONAL_TYPES } from '@/lib/validation/personal';

export interface PersonalForm {
  title: string;
  type: string;
  content: string;
  imageUrls: string[];
}

/** docs/product.md §4: after a create the type is back to story. */
export function emptyPersonalForm(): PersonalForm {
  return { title: '', type: 'story', content: '', imageUrls: [] };
}

const TYPE_LABELS: Record<(typeof PERSONAL_TYPES)[number], string> = { story: 'Story', update: 'Update', thought: 'Thought' };
const TITLE_HINT = "Or leave it empty and start the content with a '# ' line: that line becomes the title.";

/** The Personal Posts form (docs/product.md §2): Title, Type, Content (rich editor) and Images. */
export function PersonalFormFields({ idPrefix, value, errors, onChange, onSubmit, actions }: ItemFormProps<PersonalForm>) {
  const { id, set, latest } = useItemFields(idPrefix, value, onChange);
  const [uploading, setUploading] = useState(false);
  return (
    <ItemFormFrame onSubmit={onSubmit} actions={actions}>
      <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <Field id={id('title')} label="Title" hint={TITLE_HINT} error={errors.title}>
          <Input
            id={id('title')}
            value={value.title}
            maxLength={PERSONAL_LIMITS.title}
            onChange={(event) => set('title', event.target.value)}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy(id('title'), { hint: TITLE_HINT, error: errors.title })}
          />
        </Field>
        <Field id={id('type')} label="Type" error={errors.type}>
          <select
            id={id('type')}
            value={value.type}
            onChange={(event) => set('type', event.target.value)}
            className="h-9 rounded-md border border-input bg-input/20 px-3 text-sm"
          >
            {PERSONAL_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="flex flex-col gap-2">
        <Label id={`${id('content')}-label`} htmlFor={id('content')}>
          Content
        </Label>
        <RichTextEditor
          id={id('content')}
          labelledBy={`${id('content')}-label`}
          value={value.content}
          onValueChange={(html) => set('content', html)}
          invalid={Boolean(errors.content)}
          describedBy={describedBy(id('content'), { error: errors.content })}
        />
        <FieldError id={id('content')} error={errors.content} />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm leading-none font-medium">Images</legend>
        {value.imageUrls.length > 0 ? (
          <ul aria-label="Post images" className="flex flex-wrap gap-3">
            {value.imageUrls.map((url, index) => (
              <li key={`${url}-${index}`} className="relative">
                <ImageThumb src={url} alt={`Image ${index + 1}`} className="size-24 rounded-md border border-border object-cover" />
                <Button
                  type="button"
                  variant="destructive"
                  size="icon"
                  className="absolute -top-2 -right-2 size-6 rounded-full"
                  aria-label={`Remove image ${index + 1}`}
                  onClick={() => set('imageUrls', value.imageUrls.filter((_, i) => i !== index))}
                >
                  <X className="size-3.5" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No images.</p>
        )}
        <FieldError id={id('images')} error={errors.imageUrls ?? Object.entries(errors).find(([key]) => key.startsWith('imageUrls.'))?.[1]} />
        <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => setUploading((open) => !open)} aria-expanded={uploading}>
          <ImagePlus aria-hidden />
          {uploading ? 'Hide Upload' : 'Add Images'}
        </Button>
        {uploading ? (
          <FileUpload
            bucket="personal-images"
            onUploaded={(urls) => set('imageUrls', [...latest.current.imageUrls, ...urls].slice(0, PERSONAL_LIMITS.images))}
          />
        ) : null}
      </fieldset>
    </ItemFormFrame>
  );
}
