'use client';

import { useId, useState, useTransition } from 'react';
import { FileUp, Loader2, Upload, X } from 'lucide-react';

import { importBibtexAction, previewBibtexAction } from '@/app/admin/(guarded)/research/edit/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { describedBy, Field } from '@/components/admin/about/field';
import { adminToast } from '@/components/admin/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import type { ImportEntry, ImportPreview } from '@/lib/content/research/bibtex-import';
import { BIBTEX_LIMITS } from '@/lib/content/research/bibtex-limits';
import { STATUS_BADGES } from '@/lib/content/research/rules';
import type { ResearchPaper } from '@/lib/content/research/types';
import { formatLongDate } from '@/lib/format';
import { checkBibtexText } from '@/lib/validation/bibtex';
import { settleAction } from '@/lib/action-result';

const UNREACHABLE = 'The server could not be reached. The BibTeX is kept here; please try again.';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * BibTeX import in the Research Papers editor (issue 14): paste or choose a .bib file, preview the papers
 * its entries become (fields, status; duplicates of papers on the site flagged and not importable;
 * unreadable entries listed with the reason), untick what is not wanted, import in one transaction.
 * The text stays until the import succeeds.
 */
export function BibtexImport({ onImported }: { onImported: (papers: ResearchPaper[]) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [pending, startPending] = useTransition();

  const sourceId = `${id}-source`;
  const fileId = `${id}-file`;

  const changeText = (value: string) => {
    setText(value);
    setError(undefined);
    // The preview's entries are places in the text it was made from.
    setPreview(null);
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > BIBTEX_LIMITS.chars * 4) {
      setError(`"${file.name}" is too large to import at once; split it into smaller files.`);
      return;
    }
    changeText(await file.text());
  };

  const runPreview = () => {
    if (pending) return;
    const checked = checkBibtexText(text);
    if (!checked.ok) {
      setError(checked.error);
      document.getElementById(sourceId)?.focus();
      return;
    }
    startPending(async () => {
      const result = await settleAction(() => withinBodyLimit(previewBibtexAction)(text), UNREACHABLE, 'BibTeX preview');
      if (!result.ok) {
        setError(result.error);
        adminToast.error('Error', { description: result.error });
        return;
      }
      setPreview(result.data);
      setTicked(new Set(result.data.entries.filter((entry) => !entry.duplicate).map((entry) => entry.ref)));
    });
  };

  const runImport = () => {
    if (pending || !preview || ticked.size === 0) return;
    const refs = [...ticked];
    startPending(async () => {
      const result = await settleAction(() => withinBodyLimit(importBibtexAction)(text, refs), UNREACHABLE, 'BibTeX import');
      if (!result.ok) {
        adminToast.error('Error', { description: result.error });
        return;
      }
      const { created, skipped } = result.data;
      adminToast.success(`Imported ${plural(created.length, 'paper')}`, {
        description: skipped > 0 ? `${plural(skipped, 'entry', 'entries')} skipped: already on the site.` : undefined,
      });
      onImported(created);
      setText('');
      setPreview(null);
      setTicked(new Set());
      setOpen(false);
    });
  };

  const toggle = (ref: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(ref)) next.delete(ref);
      else next.add(ref);
      return next;
    });

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
      <Field id={sourceId} label="BibTeX" error={error}>
        <Textarea
          id={sourceId}
          rows={8}
          value={text}
          spellCheck={false}
          placeholder="@article{key, author = {…}, title = {…}, journal = {…}, year = {…}}"
          className="font-mono text-xs"
          onChange={(event) => changeText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(sourceId, { error })}
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
  const boxId = `bibtex-entry-${entry.ref}`;
  const badge = STATUS_BADGES[paper.status];
  const fields: [string, string][] = [
    ['Authors', paper.authors.join(', ')],
    ['Date', formatLongDate(paper.date)],
    ['Journal/Publication', paper.journal],
    ...(paper.doi ? ([['DOI', paper.doi]] as [string, string][]) : []),
    ...(paper.arxivId ? ([['arXiv ID', paper.arxivId]] as [string, string][]) : []),
    ...(paper.link ? ([['Link', paper.link]] as [string, string][]) : []),
    ...(paper.tags.length > 0 ? ([['Tags', paper.tags.join(', ')]] as [string, string][]) : []),
    ...(paper.abstract ? ([['Abstract', paper.abstract.length > 240 ? `${paper.abstract.slice(0, 240)}…` : paper.abstract]] as [string, string][]) : []),
  ];
  return (
    <li data-bibtex-entry={entry.key} className="flex gap-3 rounded-lg border border-border p-3">
      <input
        id={boxId}
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-primary"
        checked={checked}
        disabled={entry.duplicate !== null}
        onChange={onToggle}
        aria-describedby={entry.duplicate ? `${boxId}-duplicate` : undefined}
      />
      <div className="flex min-w-0 flex-col gap-2">
        <label htmlFor={boxId} className="font-medium">
          {paper.title}
        </label>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="outline" className={badge.className}>
            {badge.label}
          </Badge>
          <code className="font-mono">
            @{entry.type}
            {'{'}
            {entry.key}
            {'}'}
          </code>
        </div>
        {entry.duplicate ? (
          <p id={`${boxId}-duplicate`} className="text-sm text-amber-300">
            Duplicate, not imported: {entry.duplicate.reason}
          </p>
        ) : null}
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {fields.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </li>
  );
}
