'use client';

import { useId, useState } from 'react';
import { Fingerprint, Loader2, Plus, Search, X } from 'lucide-react';

import { importLookedUpAction, lookupIdentifiersAction, type LookupImportResult } from '@/app/admin/(guarded)/research/edit/actions';
import { describedBy, Field } from '@/components/admin/about/field';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import type { ResearchPaper } from '@/lib/content/research/types';
import { plural } from '@/lib/format';
import type { LookupEntry, LookupResult } from '@/lib/scholarly/types';
import { withinBodyLimit } from '@/lib/validation/action-body';
import { checkLookupText, type LookupMode } from '@/lib/validation/paper-lookup';
import { previewFields } from './paper-fields';
import { PreviewPaper, usePreviewImport } from './preview-import';

const UNREACHABLE = 'The server could not be reached. What you pasted is kept here; please try again.';

/**
 * "Add by identifier" in the Research Papers editor (issue 34): paste DOIs, arXiv ids or an ORCID iD, see
 * each paper as it will be saved (its source named; those on the site already flagged and not offered),
 * untick what is not wanted, choose the status, and add them in one transaction. The text stays until the
 * papers are added; a source that fails is named beside the identifier and the rest still come.
 */
/** `ownerOrcid`: the ORCID iD of the About page's profile links, offered as the one to look up. */
export function IdentifierImport({ onImported, ownerOrcid = null }: { onImported: (papers: ResearchPaper[]) => void; ownerOrcid?: string | null }) {
  const id = useId();
  const sourceId = `${id}-source`;
  const [mode, setMode] = useState<LookupMode>('as-source');
  const importer = usePreviewImport({
      sourceId,
      clearOnChange: false,
      unreachable: UNREACHABLE,
      label: 'identifier',
      check: checkLookupText,
      preview: (source) => withinBodyLimit(lookupIdentifiersAction)(source),
      ...addLookedUp(mode),
      onImported,
    });
  const { open, setOpen, text, changeText, error, preview: result, pending, runPreview: runLookup } = importer;

  if (!open) {
    return (
      <div>
        <Button type="button" variant="outline" onClick={() => setOpen(true)}>
          <Fingerprint aria-hidden />
          Add by identifier
        </Button>
      </div>
    );
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold">
            Add by identifier
          </h2>
          <p className="text-sm text-muted-foreground">
            Paste DOIs, arXiv ids or an ORCID iD, one or many (on lines, or separated by commas or spaces). The papers come from Crossref, DataCite, arXiv and
            ORCID; nothing is saved until you choose.
          </p>
        </div>
        <Button type="button" variant="ghost" size="icon" aria-label="Close Add by identifier" onClick={() => setOpen(false)} disabled={pending}>
          <X aria-hidden />
        </Button>
      </div>
      <Field id={sourceId} label="Identifiers" error={error}>
        <Textarea
          id={sourceId}
          rows={4}
          value={text}
          spellCheck={false}
          placeholder={'10.1007/BF01700692\n2403.01234v2\nhttps://orcid.org/0000-0002-1825-0097'}
          className="font-mono text-xs"
          onChange={(event) => changeText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) runLookup();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(sourceId, { error })}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={runLookup} disabled={pending}>
          {pending && !result ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />}
          {pending && !result ? 'Looking up...' : 'Look up'}
        </Button>
        {ownerOrcid ? (
          <Button type="button" variant="outline" onClick={() => changeText(`https://orcid.org/${ownerOrcid}`)} disabled={pending}>
            <Fingerprint aria-hidden />
            Use my ORCID iD ({ownerOrcid})
          </Button>
        ) : null}
      </div>
      <LookupPreview name={`${id}-mode`} state={importer} mode={mode} onMode={setMode} />
    </section>
  );
}

/**
 * A lookup's second step, as usePreviewImport takes it (Add by identifier, and the works found on the owner's
 * ORCID profile): the ticked papers that are not on the site, added as `mode` says, and the toast that says so.
 */
export function addLookedUp(mode: LookupMode) {
  return {
    importTicked: (_source: string, found: LookupResult, refs: string[]) =>
      withinBodyLimit(importLookedUpAction)(
        found.entries.filter((entry) => refs.includes(entry.ref) && !entry.duplicate).map((entry) => entry.paper),
        mode,
      ),
    done: ({ created, skipped }: LookupImportResult) => ({
      title: `Added ${plural(created.length, 'paper')}`,
      description: skipped > 0 ? `${plural(skipped, 'paper')} skipped: already on the site.` : undefined,
    }),
  };
}

/** What LookupPreview needs of a panel's usePreviewImport. */
export interface LookupPreviewState {
  preview: LookupResult | null;
  setPreview: (preview: null) => void;
  ticked: Set<string>;
  toggle: (ref: string) => void;
  pending: boolean;
  runImport: () => void;
}

/**
 * A lookup's preview (Add by identifier, and the works found on the owner's ORCID profile): the papers as they
 * will be saved, ticked, then "Add them as" (as their source says, or drafts) and Add / Cancel when any is offered.
 */
export function LookupPreview({
  name,
  state,
  mode,
  onMode,
}: {
  /** The mode radios' group name, unique in the page. */
  name: string;
  /** The panel's usePreviewImport: its preview (nothing is shown without one), ticks and import. */
  state: LookupPreviewState;
  mode: LookupMode;
  onMode: (mode: LookupMode) => void;
}) {
  const { preview: result, ticked, toggle: onToggle, pending, runImport: onImport, setPreview } = state;
  if (!result) return null;
  const onCancel = () => setPreview(null);
  const offered = result.entries.filter((entry) => !entry.duplicate);
  return (
    <>
      <LookupList result={result} ticked={ticked} onToggle={onToggle} mode={mode} />
      {offered.length > 0 ? (
        <div className="flex flex-col gap-4 border-t border-border pt-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Add them as</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={name} className="size-4 accent-primary" checked={mode === 'as-source'} onChange={() => onMode('as-source')} />
              Published or preprint, as their source says
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name={name} className="size-4 accent-primary" checked={mode === 'draft'} onChange={() => onMode('draft')} />
              Drafts, to check before they show on the site
            </label>
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" onClick={onImport} disabled={pending || ticked.size === 0}>
              {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
              {pending ? 'Adding...' : `Add ${plural(ticked.size, 'paper')}`}
            </Button>
            <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
    </>
  );
}

function LookupList({ result, ticked, onToggle, mode }: { result: LookupResult; ticked: Set<string>; onToggle: (ref: string) => void; mode: LookupMode }) {
  return (
    <div className="flex flex-col gap-4">
      {result.notices.length > 0 || result.orcid ? (
        <div role="status" className="flex flex-col gap-1 rounded-lg border border-border bg-muted/20 p-3 text-sm">
          {result.orcid ? (
            <p>
              Works of <span className="font-medium">{result.orcid.name || 'this profile'}</span> (ORCID {result.orcid.id}): {plural(result.orcid.works, 'work')}.
            </p>
          ) : null}
          {result.notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </div>
      ) : null}
      {result.problems.length > 0 ? (
        <div role="status" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <p className="font-medium">{plural(result.problems.length, 'identifier')} could not be added:</p>
          <ul aria-label="Identifiers that could not be added" className="mt-2 flex list-disc flex-col gap-1 pl-5">
            {result.problems.map((problem, index) => (
              <li key={`${problem.identifier}-${index}`}>
                <code className="font-mono text-xs break-all">{problem.identifier}</code>: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.entries.length > 0 ? (
        <ul aria-label="Papers found" className="flex flex-col gap-3">
          {result.entries.map((entry) => (
            <LookupItem key={entry.ref} entry={entry} checked={ticked.has(entry.ref)} onToggle={() => onToggle(entry.ref)} mode={mode} />
          ))}
        </ul>
      ) : result.problems.length === 0 ? (
        <p className="text-sm text-muted-foreground">No papers were found.</p>
      ) : null}
    </div>
  );
}

/** One paper as it will be saved: the status shown is the one it gets (Draft when added as drafts). */
function LookupItem({ entry, checked, onToggle, mode }: { entry: LookupEntry; checked: boolean; onToggle: () => void; mode: LookupMode }) {
  const { paper } = entry;
  return (
    <PreviewPaper
      data-lookup-entry={entry.identifier}
      boxId={`lookup-entry-${entry.ref}`}
      title={paper.title}
      status={mode === 'draft' ? 'draft' : paper.status}
      origin={
        <span>
          from {entry.source} · <code className="font-mono break-all">{entry.identifier}</code>
        </span>
      }
      duplicate={entry.duplicate ? `Not added: ${entry.duplicate.reason}` : null}
      checked={checked}
      onToggle={onToggle}
      fields={previewFields(paper)}
    />
  );
}
