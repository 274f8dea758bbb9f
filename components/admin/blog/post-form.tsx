'use client';

import { useState } from 'react';
import { X } from 'lucide-react';

import { describedBy, Field, FieldError } from '@/components/admin/about/field';
import { ItemFormFrame, useItemFields, type ItemFormProps } from '@/components/admin/list-editor-shell';
import { MarkupPreview } from '@/components/admin/markup-preview';
import { MarkupTextarea } from '@/components/admin/markup-textarea';
import { adminToast } from '@/components/admin/toast';
import { FileUpload, uploadOne } from '@/components/admin/upload/file-upload';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { BLOG_LIMITS, normaliseSlug } from '@/lib/validation/blog';
import type { Marker } from '@/lib/markup/toolbar';

/** A post as its form holds it: tags as the comma-separated text the admin types. */
export interface PostForm {
  title: string;
  slug: string;
  excerpt: string;
  tags: string;
  coverImage: string;
  content: string;
}

export function emptyPostForm(): PostForm {
  return { title: '', slug: '', excerpt: '', tags: '', coverImage: '', content: '' };
}

const COVER_LABEL = 'Cover Image URL';
const CONTENT_MARKERS: readonly Marker[] = ['heading', 'bold', 'italic', 'link', 'listItem', 'numberedItem', 'code', 'inlineMath', 'displayMath', 'image'];
const CONTENT_HINT =
  "'# ' to '### ' headings, - and 1. lists, ``` code blocks, $x^2$ and $$…$$ formulas. Paste or drop an image to upload it. Ctrl+S saves.";

/** Markdown's image syntax, with brackets in the name made harmless. */
function imageMarkup(name: string, url: string): string {
  return `![${name.replace(/[[\]]/g, '')}](${url})`;
}

/**
 * The Blog Management form (docs/product.md §2): Title, Slug, Excerpt, Tags, Cover Image (address or upload
 * into blog-images) and the Content editor, with the live preview the public page's renderer draws.
 */
export function PostFormFields({ idPrefix, value, errors, onChange, onSubmit, actions }: ItemFormProps<PostForm>) {
  // Uploads finish after the admin typed on: they change the form as it is then, not as it was.
  const { id, set, latest } = useItemFields(idPrefix, value, onChange);
  const [uploads, setUploads] = useState(0);

  const insertImages = (files: File[], at: number) => {
    for (const file of files) {
      const marker = `![Uploading ${file.name.replace(/[[\]]/g, '')}…]()`;
      const content = latest.current.content;
      set('content', content.slice(0, at) + marker + content.slice(at));
      setUploads((n) => n + 1);
      void uploadOne('blog-images', file).then((result) => {
        setUploads((n) => n - 1);
        set('content', latest.current.content.replace(marker, result.ok ? imageMarkup(file.name.replace(/\.[^.]+$/, ''), result.url) : ''));
        if (!result.ok) adminToast.error(result.title, { description: result.description });
      });
    }
  };

  const text = (key: 'title' | 'slug' | 'tags', label: string, hint?: string, max: number = BLOG_LIMITS.title) => (
    <Field id={id(key)} label={label} hint={hint} error={errors[key]}>
      <Input
        id={id(key)}
        value={value[key]}
        maxLength={max}
        onChange={(event) => set(key, event.target.value)}
        onBlur={key === 'slug' ? () => set('slug', normaliseSlug(value.slug)) : undefined}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(id(key), { hint, error: errors[key] })}
      />
    </Field>
  );

  return (
    <ItemFormFrame onSubmit={onSubmit} actions={actions}>
      <div className="grid gap-5 sm:grid-cols-2">
        {text('title', 'Title')}
        <div className="flex flex-col gap-2">
          {text('slug', 'Slug', value.slug ? `Published at /blog/${normaliseSlug(value.slug)}` : 'The address: /blog/{slug}.', BLOG_LIMITS.slug)}
          {!value.slug.trim() && value.title.trim() ? (
            <Button type="button" variant="outline" size="sm" className="self-start" onClick={() => set('slug', normaliseSlug(value.title.replace(/[^\p{L}\p{N}\s-]/gu, '')))}>
              Use the title
            </Button>
          ) : null}
        </div>
      </div>
      <Field id={id('excerpt')} label="Excerpt" hint="The summary on cards and the page's description for search engines." error={errors.excerpt}>
        <Textarea
          id={id('excerpt')}
          rows={2}
          value={value.excerpt}
          maxLength={BLOG_LIMITS.excerpt}
          onChange={(event) => set('excerpt', event.target.value)}
          aria-invalid={errors.excerpt ? true : undefined}
          aria-describedby={describedBy(id('excerpt'), { hint: true, error: errors.excerpt })}
        />
      </Field>
      {text('tags', 'Tags (comma separated)', undefined, BLOG_LIMITS.tag * 10)}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm leading-none font-medium">{COVER_LABEL}</legend>
        <div className="flex gap-2">
          <Input
            id={id('cover')}
            aria-label={COVER_LABEL}
            value={value.coverImage}
            placeholder="/storage/blog-images/… or https://…"
            maxLength={BLOG_LIMITS.url}
            onChange={(event) => set('coverImage', event.target.value)}
            aria-invalid={errors.coverImage ? true : undefined}
            aria-describedby={describedBy(id('cover'), { error: errors.coverImage })}
          />
          {value.coverImage ? (
            <Button type="button" variant="ghost" size="icon" aria-label="Remove cover image" onClick={() => set('coverImage', '')}>
              <X aria-hidden />
            </Button>
          ) : null}
        </div>
        <FieldError id={id('cover')} error={errors.coverImage} />
        <FileUpload
          bucket="blog-images"
          maxFiles={1}
          onUploaded={(urls) => {
            if (urls[0]) set('coverImage', urls[0]);
          }}
        />
      </fieldset>
      <div className="grid gap-4 xl:grid-cols-2">
        <Field id={id('content')} label="Content" hint={CONTENT_HINT} error={errors.content}>
          <MarkupTextarea
            id={id('content')}
            rows={16}
            value={value.content}
            maxLength={BLOG_LIMITS.content}
            markers={CONTENT_MARKERS}
            onValueChange={(next) => set('content', next)}
            onSave={onSubmit}
            onFiles={insertImages}
            className="font-mono text-sm"
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={describedBy(id('content'), { hint: CONTENT_HINT, error: errors.content })}
          />
        </Field>
        <MarkupPreview source={value.content} label="Preview" empty="The post as visitors will see it appears here." />
      </div>
      {uploads > 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          Uploading {uploads} image(s)…
        </p>
      ) : null}
    </ItemFormFrame>
  );
}
