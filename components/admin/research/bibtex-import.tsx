'use client';

import { useId, useState } from 'react';
import { FileUp, Loader2, Upload, X } from 'lucide-react';

import { importBibtexAction, previewBibtexAction } from '@/app/admin/(guarded)/research/edit/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { describedBy, Field } from '@/components/admin/about/field';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import type { ImportEntry, ImportPreview } from '@/lib/content/research/bibtex-import';
import { BIBTEX_LIMITS } from '@/lib/content/research/bibtex-limits';
import type { ResearchPaper } from '@/lib/content/research/types';
import { plural } from '@/lib/format';
import { checkBibtexText } from '@/lib/validation/bibtex';
import { previewFields } from './paper-fields';
import { PreviewPaper, usePreviewImport } from './preview-import';

const UNREACHABLE = 'The server could not be reached. The BibTeX is kept here; please try again.';

/**
 * BibTeX import in the Research Papers editor (issue 14): paste or choose a .bib file, preview the papers
 * its entries become (fields, status; duplicates of papers on the site flagged and not importable;
 * unreadable entries listed with the reason), untick what is not wanted, import in one transaction.
 * The text stays until the import succeeds.
 */
export function BibtexImport({ onImported }: { onImported: (papers: ResearchPaper[]) => void }) {
  const id = useId();
  const sourceId = `${id}-source`;
  const fileId = `${id}-file`;
  const { open, setOpen, text, changeText, error, preview, setPreview, ticked, toggle, pending, runPreview, runImport } = usePreviewImport({
    sourceId,
    clearOnChange: true,
    unreachable: UNREACHABLE,
    label: 'BibTeX',
    check: checkBibtexText,
    preview: (source) => withinBodyLimit(previewBibtexAction)(source),
    importTicked: (source, _preview, refs) => withinBodyLimit(importBibtexAction)(source, refs),
    done: ({ created, skipped }) => ({
      title: `Imported ${plural(created.length, 'paper')}`,
      description: skipped > 0 ? `${plural(skipped, 'entry', 'entries')} skipped: already on the site.` : undefined,
    }),
    onImported,
  });
  const [fileError, setFileError] = useState<string | undefined>();

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > BIBTEX_LIMITS.chars * 4) {
      setFileError(`"${file.name}" is too large to import at once; split it into smaller files.`);
      return;
    }
    setFileError(undefined);
    changeText(await file.text());
  };

  if (!open) {
    return (
      <div>
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          <FileUp aria-hidden />
          Import BibTeX
        </Button>
      </div>
    );
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold">
            Import BibTeX
          </h2>
          <p className="text-sm text-muted-foreground">Paste a .bib file or choose one; you choose which entries become papers.</p>
        </div>
        <Button type="button" variant="ghost" size="icon" aria-label="Close BibTeX import" onClick={() => setOpen(false)} disabled={pending}>
          <X aria-hidden />
        </Button>
      </div>
      <Field id={sourceId} label="BibTeX" error={fileError ?? error}>
        <Textarea
          id={sourceId}
          rows={8}
          value={text}
          spellCheck={false}
          placeholder="@article{key, author = {…}, title = {…}, journal = {…}, year = {…}}"
          className="font-mono text-xs"
          onChange={(event) => {
            setFileError(undefined);
            changeText(event.target.value);
          }}
          aria-invalid={(fileError ?? error) ? true : undefined}
          aria-describedby={describedBy(sourceId, { error: fileError ?? error })}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={fileId} className="text-sm font-medium">
          Or choose a .bib file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".bib,.bibtex,text/x-bibtex,application/x-bibtex,text/plain"
          className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-transparent file:px-3 file:py-1.5 file:text-sm"
          onChange={(event) => {
            void chooseFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={runPreview} disabled={pending}>
          {pending && !preview ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
          {pending && !preview ? 'Reading...' : 'Preview'}
        </Button>
      </div>
      {preview ? <PreviewList preview={preview} ticked={ticked} onToggle={toggle} /> : null}
      {preview && preview.entries.length > 0 ? (
        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
          <Button type="button" onClick={runImport} disabled={pending || ticked.size === 0}>
            {pending ? <Loader2 className="animate-spin" aria-hidden /> : <FileUp aria-hidden />}
            {pending ? 'Importing...' : `Import ${plural(ticked.size, 'paper')}`}
          </Button>
          <Button type="button" variant="outline" onClick={() => setPreview(null)} disabled={pending}>
            Cancel
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function PreviewList({ preview, ticked, onToggle }: { preview: ImportPreview; ticked: Set<string>; onToggle: (ref: string) => void }) {
  return (
    <div className="flex flex-col gap-4">
      {preview.problems.length > 0 ? (
        <div role="status" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="font-medium">{plural(preview.problems.length, 'entry', 'entries')} cannot be imported:</p>
          <ul aria-label="Entries that cannot be imported" className="mt-2 flex list-disc flex-col gap-1 pl-5">
            {preview.problems.map((problem, index) => (
              <li key={`${problem.key ?? ''}-${index}`}>
                {problem.key ? <code className="font-mono text-xs">{problem.key}</code> : null}
                {problem.key ? ': ' : null}
                {problem.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.entries.length > 0 ? (
        <ul aria-label="Entries to import" className="flex flex-col gap-3">
          {preview.entries.map((entry) => (
            <PreviewEntry key={entry.ref} entry={entry} checked={ticked.has(entry.ref)} onToggle={() => onToggle(entry.ref)} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function PreviewEntry({ entry, checked, onToggle }: { entry: ImportEntry; checked: boolean; onToggle: () => void }) {
  const { paper } = entry;
  return (
    <PreviewPaper
      data-bibtex-entry={entry.key}
      boxId={`bibtex-entry-${entry.ref}`}
      title={paper.title}
      status={paper.status}
      origin={
        <code className="font-mono">
          @{entry.type}
          {'{'}
          {entry.key}
          {'}'}
        </code>
      }
      duplicate={entry.duplicate ? `Duplicate, not imported: ${entry.duplicate.reason}` : null}
      checked={checked}
      onToggle={onToggle}
      fields={previewFields(paper, [
        ['Link', paper.link],
        ['Tags', paper.tags.join(', ')],
      ])}
    />
  );
}
