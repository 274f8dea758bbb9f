'use client';

import { describedBy, Field } from '@/components/admin/about/field';
import { ItemFormFrame, useItemFields, type ItemFormProps } from '@/components/admin/list-editor-shell';
import { MarkupPreview } from '@/components/admin/markup-preview';
import { FileUpload } from '@/components/admin/upload/file-upload';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { KIND_FIELDS, PAPER_KINDS, PAPER_KIND_LABELS, VENUE_FIELD_LABELS, type VenueField } from '@/lib/content/research/kinds';
import { PAPER_LINKS, PAPER_NOTE_MAX, type PaperLinkKey } from '@/lib/content/research/links';
import { STATUS_BADGES } from '@/lib/content/research/rules';
import { isPaperKind } from '@/lib/content/research/types';
import { PAPER_STATUSES, RESEARCH_LIMITS } from '@/lib/validation/research';

/** A paper as its form holds it: authors, editors and tags as the comma-separated text the admin types. */
export interface PaperForm {
  kind: string;
  title: string;
  journal: string;
  authors: string;
  date: string;
  abstract: string;
  link: string;
  pdfUrl: string;
  tags: string;
  doi: string;
  arxivId: string;
  status: string;
  volume: string;
  issue: string;
  pages: string;
  articleNumber: string;
  publisher: string;
  editors: string;
  edition: string;
  isbn: string;
  institution: string;
  reportNumber: string;
  eventName: string;
  eventPlace: string;
  eventStart: string;
  eventEnd: string;
  codeUrl: string;
  dataUrl: string;
  slidesUrl: string;
  videoUrl: string;
  posterUrl: string;
  publishedUrl: string;
  note: string;
  selected: boolean;
}

/** The id of the list of the research-papers bucket's files the Links fields offer (research-editor.tsx renders it). */
export const PAPER_FILES_LIST = 'research-paper-files';

/** Each venue field's input: its longest value, its type, and an example. */
const VENUE_INPUTS: Record<VenueField, { max: number; type?: 'date'; placeholder?: string }> = {
  volume: { max: RESEARCH_LIMITS.volume, placeholder: '241' },
  issue: { max: RESEARCH_LIMITS.issue, placeholder: '3' },
  pages: { max: RESEARCH_LIMITS.pages, placeholder: '1–37' },
  articleNumber: { max: RESEARCH_LIMITS.articleNumber, placeholder: 'e123' },
  publisher: { max: RESEARCH_LIMITS.publisher },
  editors: { max: RESEARCH_LIMITS.editor * 10, placeholder: 'A. Editor, B. Editor' },
  edition: { max: RESEARCH_LIMITS.edition, placeholder: '2' },
  isbn: { max: RESEARCH_LIMITS.isbn, placeholder: '978-3-16-148410-0' },
  institution: { max: RESEARCH_LIMITS.institution },
  reportNumber: { max: RESEARCH_LIMITS.reportNumber },
  eventName: { max: RESEARCH_LIMITS.eventName },
  eventPlace: { max: RESEARCH_LIMITS.eventPlace, placeholder: 'Bristol, United Kingdom' },
  eventStart: { max: 10, type: 'date' },
  eventEnd: { max: 10, type: 'date' },
};


/** The Research Papers form (docs/product.md §2): every field, the abstract previewed with its mathematics. */
export function PaperFormFields({ idPrefix, value, errors, onChange, onSubmit, actions }: ItemFormProps<PaperForm>) {
  const { id, set } = useItemFields(idPrefix, value, onChange);
  const shape = KIND_FIELDS[isPaperKind(value.kind) ? value.kind : 'article'];
  const text = (
    key: 'title' | 'journal' | 'authors' | 'tags' | 'link' | 'doi' | 'arxivId' | 'note' | PaperLinkKey | VenueField,
    label: string,
    options: { hint?: string; max: number; type?: string; placeholder?: string; list?: string },
  ) => (
    <Field id={id(key)} label={label} hint={options.hint} error={errors[key]}>
      <Input
        id={id(key)}
        type={options.type ?? 'text'}
        value={value[key]}
        maxLength={options.max}
        placeholder={options.placeholder}
        list={options.list}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(id(key), { hint: options.hint, error: errors[key] })}
      />
    </Field>
  );
  return (
    <ItemFormFrame onSubmit={onSubmit} actions={actions}>
      {text('title', 'Title', { max: RESEARCH_LIMITS.title })}
      <Field id={id('kind')} label="Type" hint="The fields below are the ones this kind of work has." error={errors.kind}>
        <select
          id={id('kind')}
          value={value.kind}
          onChange={(event) => set('kind', event.target.value)}
          aria-describedby={describedBy(id('kind'), { hint: true, error: errors.kind })}
          className="h-9 rounded-md border border-input bg-input/20 px-3 text-sm"
        >
          {PAPER_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {PAPER_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        {shape.venue ? text('journal', shape.venue, { max: RESEARCH_LIMITS.journal }) : null}
        {text('authors', 'Authors (comma separated)', { max: RESEARCH_LIMITS.author * 10, placeholder: 'A. Author, B. Author' })}
      </div>
      {text('note', 'Note', { max: PAPER_NOTE_MAX, placeholder: 'Equal contribution', hint: 'Shown with the authors: equal contribution, alphabetical order, an award. Optional.' })}
      {shape.fields.length > 0 ? (
        <div className="grid gap-5 sm:grid-cols-2">
          {shape.fields.map((field) => (
            <div key={field} className={field === 'editors' || field === 'publisher' || field === 'institution' || field === 'eventName' ? 'sm:col-span-2' : undefined}>
              {text(field, VENUE_FIELD_LABELS[field], VENUE_INPUTS[field])}
            </div>
          ))}
        </div>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('date')} label="Date" error={errors.date}>
          <Input
            id={id('date')}
            type="date"
            value={value.date}
            onChange={(event) => set('date', event.target.value)}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={describedBy(id('date'), { error: errors.date })}
          />
        </Field>
        <Field id={id('status')} label="Status" error={errors.status}>
          <select
            id={id('status')}
            value={value.status}
            onChange={(event) => set('status', event.target.value)}
            className="h-9 rounded-md border border-input bg-input/20 px-3 text-sm"
          >
            {PAPER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_BADGES[status].label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={id('abstract')} label="Abstract" hint="Mathematics in $…$ or $$…$$ is typeset, as in the preview below." error={errors.abstract}>
        <Textarea
          id={id('abstract')}
          rows={4}
          value={value.abstract}
          maxLength={RESEARCH_LIMITS.abstract}
          onChange={(event) => set('abstract', event.target.value)}
          aria-invalid={errors.abstract ? true : undefined}
          aria-describedby={describedBy(id('abstract'), { hint: true, error: errors.abstract })}
        />
      </Field>
      <MarkupPreview source={value.abstract} label="Abstract preview" />
      {text('link', 'Link', { type: 'url', max: RESEARCH_LIMITS.url, placeholder: 'https://arxiv.org/abs/…', hint: 'Where the paper can be read; blank for none.' })}
      <div className="grid gap-5 sm:grid-cols-2">
        {text('doi', 'DOI', { max: RESEARCH_LIMITS.doi * 2, placeholder: '10.1007/BF01700692', hint: 'Optional; a doi.org address works too.' })}
        {text('arxivId', 'arXiv ID', { max: RESEARCH_LIMITS.arxivId * 2, placeholder: '2403.01234', hint: 'Optional; an arxiv.org address works too.' })}
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm leading-none font-medium">PDF</legend>
        {value.pdfUrl ? (
          <p className="flex flex-wrap items-center gap-3 text-sm">
            <a href={value.pdfUrl} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-4">
              Current PDF
            </a>
            <Button type="button" variant="outline" size="sm" onClick={() => set('pdfUrl', '')}>
              Remove PDF
            </Button>
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">No PDF yet: the site shows Download PDF once one is uploaded.</p>
        )}
        <FileUpload
          bucket="research-papers"
          maxFiles={1}
          onUploaded={(urls) => {
            if (urls[0]) set('pdfUrl', urls[0]);
          }}
        />
        {errors.pdfUrl ? <p className="text-sm text-destructive">{errors.pdfUrl}</p> : null}
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm leading-none font-medium">Links</legend>
        <p className="text-sm text-muted-foreground">Each optional: an http(s) address, or a file of the site&apos;s own: each field offers the PDFs of the Media library&apos;s research-papers folder (upload slides or a poster there), or paste its /storage/ address.</p>
        <div className="grid gap-5 sm:grid-cols-2">
          {PAPER_LINKS.map((link) => (
            <div key={link.key}>{text(link.key, link.label, { max: RESEARCH_LIMITS.url, placeholder: 'https://…', list: PAPER_FILES_LIST })}</div>
          ))}
        </div>
      </fieldset>
      {text('tags', 'Tags (comma separated)', { max: RESEARCH_LIMITS.tag * 10, placeholder: 'number theory, L-functions' })}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" checked={value.selected} onChange={(event) => set('selected', event.target.checked)} />
        Selected (listed under Selected Publications on the home page)
      </label>
    </ItemFormFrame>
  );
}
