'use client';

import { useState, useTransition, type ReactNode } from 'react';

import { adminToast } from '@/components/admin/toast';
import { Badge } from '@/components/ui/badge';
import { settleAction, type ActionResult } from '@/lib/action-result';
import { STATUS_BADGES } from '@/lib/content/research/rules';
import type { PaperStatus, ResearchPaper } from '@/lib/content/research/types';

/**
 * What the Research Papers editor's two imports share (BibTeX, issue 14; Add by identifier, issue 34): a
 * text read on the server into a preview of papers, some ticked, the ticked ones added in one transaction;
 * and the preview's one paper, as it will be saved (its fields: paper-fields.ts's previewFields).
 */

interface Previewed {
  entries: readonly { ref: string; duplicate: unknown }[];
}

interface Imported {
  created: ResearchPaper[];
  skipped: number;
}

/**
 * The state of a preview-then-import panel. The text stays until the import succeeds; a refusal of the
 * text is shown beside it (focused), the server's refusals also in a toast; every entry that is not a
 * duplicate starts ticked.
 */
export function usePreviewImport<P extends Previewed, R extends Imported>(options: {
  sourceId: string;
  /** Why a preview's entries are places in its text (BibTeX): a change to the text drops the preview. */
  clearOnChange: boolean;
  unreachable: string;
  check: (text: string) => { ok: true } | { ok: false; error: string };
  preview: (text: string) => Promise<ActionResult<P>>;
  importTicked: (text: string, preview: P, refs: string[]) => Promise<ActionResult<R>>;
  done: (result: R) => { title: string; description?: string };
  onImported: (papers: ResearchPaper[]) => void;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [preview, setPreview] = useState<P | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [pending, startPending] = useTransition();

  const changeText = (value: string) => {
    setText(value);
    setError(undefined);
    if (options.clearOnChange) setPreview(null);
  };

  const runPreview = () => {
    if (pending) return;
    const checked = options.check(text);
    if (!checked.ok) {
      setError(checked.error);
      document.getElementById(options.sourceId)?.focus();
      return;
    }
    startPending(async () => {
      const result = await settleAction(() => options.preview(text), options.unreachable, `${options.label} preview`);
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
      const result = await settleAction(() => options.importTicked(text, preview, refs), options.unreachable, `${options.label} import`);
      if (!result.ok) {
        adminToast.error('Error', { description: result.error });
        return;
      }
      const toast = options.done(result.data);
      adminToast.success(toast.title, toast.description ? { description: toast.description } : undefined);
      options.onImported(result.data.created);
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

  return { open, setOpen, text, changeText, error, preview, setPreview, ticked, toggle, pending, runPreview, runImport };
}

/**
 * One previewed paper: its tick box (disabled for a duplicate, which says why), title, status badge, a line
 * saying where it came from, and its fields.
 */
export function PreviewPaper({
  boxId,
  title,
  status,
  origin,
  duplicate,
  checked,
  onToggle,
  fields,
  ...data
}: {
  boxId: string;
  title: string;
  status: PaperStatus;
  origin: ReactNode;
  duplicate: ReactNode | null;
  checked: boolean;
  onToggle: () => void;
  fields: [string, string][];
} & Record<`data-${string}`, string>) {
  const badge = STATUS_BADGES[status];
  return (
    <li {...data} className="flex gap-3 rounded-lg border border-border p-3">
      <input
        id={boxId}
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-primary"
        checked={checked && duplicate === null}
        disabled={duplicate !== null}
        onChange={onToggle}
        aria-describedby={duplicate !== null ? `${boxId}-duplicate` : undefined}
      />
      <div className="flex min-w-0 flex-col gap-2">
        <label htmlFor={boxId} className="font-medium break-words">
          {title}
        </label>
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="outline" className={badge.className}>
            {badge.label}
          </Badge>
          {origin}
        </div>
        {duplicate !== null ? (
          <p id={`${boxId}-duplicate`} className="text-sm text-amber-300">
            {duplicate}
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
