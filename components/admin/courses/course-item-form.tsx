'use client';

import { Plus, Trash2 } from 'lucide-react';

import { describedBy, Field, FieldError } from '@/components/admin/about/field';
import { itemTextFields, MARKUP_HINT, SELECT_CLASSES } from '@/components/admin/item-text-field';
import { ItemFormFrame, useItemFields, type ItemFormProps } from '@/components/admin/list-editor-shell';
import { TagsField } from '@/components/admin/tags-field';
import { FileUpload } from '@/components/admin/upload/file-upload';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { COURSE_ROLES, COURSE_ROLE_LABELS } from '@/lib/content/courses/types';
import { COURSE_LIMITS } from '@/lib/validation/courses';
import type { CourseFormItem } from './form';

const DATE_HINT = 'A year (2023), a month (2023-09) or a day (2023-09-18).';
const END_HINT = 'The last year you taught it (2026); blank for a single year.';
const MATERIALS_HINT = 'A syllabus, notes or problem sheets: each an uploaded PDF (/storage/…) or an https:// address, with its name.';

/**
 * The fields of one course (docs/product.md, "Teaching"): title, code, institution, role, level, the years,
 * the terms, the description, the materials (each typed or uploaded), whether it has its own page, and the
 * CV's one line.
 */
export function CourseItemForm({ idPrefix, value, errors, onChange, onSubmit, actions }: ItemFormProps<CourseFormItem>) {
  const { id, set, latest } = useItemFields(idPrefix, value, onChange);

  const text = itemTextFields(id, value, errors, set);

  /** The rows as they are when the change runs, so an upload that ends after typing keeps the typing. */
  const setMaterials = (change: (rows: CourseFormItem['materials']) => CourseFormItem['materials']) => set('materials', change(latest.current.materials));
  const materialsId = id('materials');

  return (
    <ItemFormFrame onSubmit={onSubmit} actions={actions}>
      {text('title', 'Title', { max: COURSE_LIMITS.title, placeholder: 'Number Theory' })}
      <div className="grid gap-5 sm:grid-cols-2">
        {text('code', 'Code', { max: COURSE_LIMITS.code, placeholder: 'MATH10071' })}
        {text('institution', 'Institution', { max: COURSE_LIMITS.institution, placeholder: 'University of Edinburgh' })}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('role')} label="Role" error={errors.role}>
          <select id={id('role')} value={value.role} onChange={(event) => set('role', event.target.value as CourseFormItem['role'])} className={SELECT_CLASSES}>
            <option value="">Not stated</option>
            {COURSE_ROLES.map((role) => (
              <option key={role} value={role}>
                {COURSE_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
        {text('level', 'Level', { max: COURSE_LIMITS.level, placeholder: 'Undergraduate, third year' })}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {text('start', 'From', { hint: DATE_HINT, max: 10, placeholder: '2023' })}
        {text('end', 'To', { hint: END_HINT, max: 10 })}
      </div>
      <TagsField
        id={id('term')}
        label="Terms"
        values={value.terms}
        onChange={(next) => set('terms', next)}
        error={errors.terms}
        placeholder="e.g. Autumn 2024"
        maxLength={COURSE_LIMITS.term}
        emptyText="No terms yet."
      />
      <Field id={id('description')} label="Description" hint={MARKUP_HINT} error={errors.description}>
        <Textarea
          id={id('description')}
          rows={6}
          value={value.description}
          maxLength={COURSE_LIMITS.description}
          onChange={(event) => set('description', event.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy(id('description'), { hint: MARKUP_HINT, error: errors.description })}
        />
      </Field>
      <fieldset className="flex flex-col gap-3" aria-describedby={describedBy(materialsId, { hint: MATERIALS_HINT, error: errors.materials })}>
        <legend className="mb-2 text-sm leading-none font-medium">Materials</legend>
        <p id={`${materialsId}-hint`} className="text-xs text-muted-foreground">
          {MATERIALS_HINT}
        </p>
        {value.materials.map((material, index) => {
          const rowId = `${materialsId}-${index}`;
          return (
            <fieldset key={index} className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
              <legend className="px-1 text-xs text-muted-foreground">{`Material ${index + 1}`}</legend>
              <Field id={`${rowId}-label`} label="Name">
                <Input
                  id={`${rowId}-label`}
                  value={material.label}
                  placeholder="Syllabus"
                  maxLength={COURSE_LIMITS.materialLabel}
                  onChange={(event) => setMaterials((rows) => rows.map((row, at) => (at === index ? { ...row, label: event.target.value } : row)))}
                />
              </Field>
              <Field id={`${rowId}-url`} label="Address">
                <Input
                  id={`${rowId}-url`}
                  value={material.url}
                  placeholder="https://example.org/syllabus.pdf"
                  maxLength={COURSE_LIMITS.url}
                  onChange={(event) => setMaterials((rows) => rows.map((row, at) => (at === index ? { ...row, url: event.target.value } : row)))}
                />
              </Field>
              <Button type="button" variant="outline" onClick={() => setMaterials((rows) => rows.filter((_, at) => at !== index))}>
                <Trash2 aria-hidden />
                {`Remove Material ${index + 1}`}
              </Button>
            </fieldset>
          );
        })}
        <FieldError id={materialsId} error={errors.materials} />
        <Button
          type="button"
          variant="secondary"
          className="self-start"
          disabled={value.materials.length >= COURSE_LIMITS.materials}
          onClick={() => setMaterials((rows) => [...rows, { label: '', url: '' }])}
        >
          <Plus aria-hidden />
          Add Material
        </Button>
        <p className="text-xs text-muted-foreground">Or upload PDFs: each becomes a material to name.</p>
        <FileUpload
          bucket="research-papers"
          onUploaded={(urls) => setMaterials((rows) => [...rows, ...urls.map((url) => ({ label: '', url }))].slice(0, COURSE_LIMITS.materials))}
        />
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" checked={value.hasPage} onChange={(event) => set('hasPage', event.target.checked)} />
        Own page (the course links to a page of its own with its description and materials)
      </label>
      {text('note', 'CV Note', { hint: 'One line under the course on the CV.', max: COURSE_LIMITS.note })}
    </ItemFormFrame>
  );
}
