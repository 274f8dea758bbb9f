'use client';

import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { Download, Loader2, Upload } from 'lucide-react';

import { Button } from '@/components/ui/button';
import type { ExportState, ImportState, PreviewSummary } from '@/lib/backup/site-content';
import type { ImportTablePlan } from '@/lib/backup/import';
import { formatBytes } from '@/lib/bytes.mjs';
import { plural } from '@/lib/format';

/**
 * Settings → Site content (issue 36): the export archive of `npm run export` downloaded from the browser, an
 * archive imported with a preview first (as `npm run import` checks it), and the embedded server's backups.
 * The server side is app/admin/site-content/** and lib/backup/site-content.ts.
 */

export interface BackupRow {
  name: string;
  createdAt: string;
  size: number;
  restoreCommand: string;
}

const BASE = '/admin/site-content';
const POLL_MS = 400;

/** The error sentence of a refused request, or a plain one when the answer has none. */
async function errorOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : fallback;
}

/** A refused request: its sentence, and the status it came with (0: the server could not be reached). */
class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init: RequestInit, fallback: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, { ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new RequestError(`${fallback} The server could not be reached.`, 0);
  }
  if (!response.ok) throw new RequestError(await errorOf(response, fallback), response.status);
  const answer = (await response.json()) as T;
  // An answer that arrives after its loop was stopped is not shown.
  init.signal?.throwIfAborted();
  return answer;
}

/** Cancels what an export or import keeps on the server; sent even as the page unloads. */
function release(path: string): void {
  void fetch(`${BASE}${path}`, { method: 'DELETE', keepalive: true }).catch(() => undefined);
}

/** Waits `ms`, or until `signal` aborts (then rejects). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** What a loop of this panel gets from its owner (useOwnedWork): it stops when `signal` aborts. */
export interface Owned {
  signal: AbortSignal;
  /** The request (a path under BASE) that cancels what the loop keeps on the server, if the panel goes; null once nothing is kept. */
  hold(path: string | null): void;
}

/**
 * One client loop at a time, owned by the part of the panel that starts it: aborted when the panel goes
 * (unmounted by a navigation, or the page left or reloaded) or a new loop starts, and what it kept on the
 * server is then cancelled.
 */
function useOwnedWork(): { start(): Owned; hold(path: string | null): void; end(): void } {
  const current = useRef<{ controller: AbortController; held: string | null } | null>(null);
  const work = useMemo(() => {
    function end() {
      const ending = current.current;
      current.current = null;
      ending?.controller.abort();
      if (ending?.held) release(ending.held);
    }
    function start(): Owned {
      end();
      const started = { controller: new AbortController(), held: null as string | null };
      current.current = started;
      return { signal: started.controller.signal, hold: (path) => void (started.held = path) };
    }
    function hold(path: string | null) {
      if (current.current) current.current.held = path;
    }
    return { start, hold, end };
  }, []);
  useEffect(() => {
    window.addEventListener('pagehide', work.end);
    return () => {
      window.removeEventListener('pagehide', work.end);
      work.end();
    };
  }, [work]);
  return work;
}

function ProgressBar({ label, value, max, text }: { label: string; value: number | null; max: number; text: string }) {
  const share = value === null || max <= 0 ? null : Math.min(1, value / max);
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share === null ? undefined : Math.round(share * 100)}
        aria-valuetext={text}
        className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className={`h-full rounded-full bg-primary transition-[width] ${share === null ? 'w-1/3 animate-pulse' : ''}`} style={share === null ? undefined : { width: `${share * 100}%` }} />
      </div>
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}

function Alert({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm whitespace-pre-line">
      {children}
    </p>
  );
}

export type ExportView =
  | { step: 'idle' }
  | { step: 'preparing'; state: ExportState | null }
  | { step: 'downloading'; fileName: string; size: number; sent: number | null }
  | { step: 'downloaded'; fileName: string; size: number }
  | { step: 'failed'; error: string };

function exportText(state: ExportState | null): { value: number | null; max: number; text: string } {
  if (!state || state.phase !== 'preparing' || !state.progress) return { value: null, max: 1, text: 'Reading the content…' };
  const { phase, done, total, bytesDone, bytesTotal } = state.progress;
  if (phase === 'collecting') return { value: done, max: Math.max(total, 1) * 2, text: `Reading the stored files: ${done} of ${total} (${formatBytes(bytesDone)})` };
  return {
    value: Math.max(total, 1) + done,
    max: Math.max(total, 1) * 2,
    text: bytesTotal > 0 ? `Writing the archive: ${formatBytes(bytesDone)} of ${formatBytes(bytesTotal)}` : 'Writing the archive…',
  };
}

/** Hands the prepared archive to the browser's own download (Content-Disposition: attachment). */
function saveToDisk(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Prepares the export, then hands it to the browser's download (`download`) and follows it as the server
 * sends it, until it has all left (or the browser gave up). Stops, and shows nothing more, once the panel
 * goes; what was not handed over yet is held for cancelling.
 */
export async function followExport({ signal, hold }: Owned, show: (view: ExportView) => void, download: (href: string, fileName: string) => void): Promise<void> {
  show({ step: 'preparing', state: null });
  try {
    const { id } = await call<{ id: string }>('/export', { method: 'POST', signal }, 'The export could not be started.');
    hold(`/export/${id}`);
    let handedOver = false;
    for (;;) {
      await pause(POLL_MS, signal);
      let state: ExportState;
      try {
        state = await call<ExportState>(`/export/${id}`, { method: 'GET', signal }, handedOver ? 'The download could not be followed.' : 'The export could not be followed.');
      } catch (error) {
        // Once downloading, no longer followed (the state is kept a minute): the browser's own download bar still shows it.
        if (handedOver && !signal.aborted) return;
        throw error;
      }
      if (state.phase === 'failed') throw new Error(state.error);
      if (state.phase === 'preparing') show({ step: 'preparing', state });
      if (state.phase === 'ready' && !handedOver) {
        handedOver = true;
        // The browser's download goes on whatever the page does: nothing left to cancel.
        hold(null);
        show({ step: 'downloading', fileName: state.fileName, size: state.size, sent: null });
        download(`${BASE}/export/${id}/download`, state.fileName);
      }
      if (state.phase === 'downloading') show({ step: 'downloading', fileName: state.fileName, size: state.size, sent: state.sent });
      if (state.phase === 'downloaded') {
        show({ step: 'downloaded', fileName: state.fileName, size: state.size });
        return;
      }
    }
  } catch (error) {
    if (signal.aborted) return;
    hold(null);
    show({ step: 'failed', error: error instanceof Error ? error.message : 'The export failed.' });
  }
}

function ExportPart() {
  const [view, setView] = useState<ExportView>({ step: 'idle' });
  const work = useOwnedWork();
  const start = () => followExport(work.start(), setView, saveToDisk);

  const busy = view.step === 'preparing' || view.step === 'downloading';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold">Export</h3>
        <p className="text-sm text-muted-foreground">
          Every page, post, paper and stored file in one archive, the one <code>npm run export</code> writes. Accounts, sessions and roles are never in it.
        </p>
      </div>
      <div>
        <Button type="button" onClick={start} disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
          {view.step === 'preparing' ? 'Preparing export...' : view.step === 'downloading' ? 'Downloading export...' : 'Download export'}
        </Button>
      </div>
      {view.step === 'preparing' ? <ProgressBar label="Export progress" {...exportText(view.state)} /> : null}
      {view.step === 'downloading' ? (
        <ProgressBar label="Download progress" value={view.sent} max={view.size} text={`Downloading ${view.fileName}: ${formatBytes(view.sent ?? 0)} of ${formatBytes(view.size)}`} />
      ) : null}
      {view.step === 'downloaded' ? (
        <p role="status" className="text-sm">
          {`Downloaded ${view.fileName} (${formatBytes(view.size)}). Keep it somewhere safe: it is the whole site's content.`}
        </p>
      ) : null}
      {view.step === 'failed' ? <Alert>{view.error}</Alert> : null}
    </div>
  );
}

export type ImportView =
  | { step: 'idle' }
  | { step: 'uploading'; file: File; sent: number }
  | { step: 'checking'; file: File }
  | { step: 'previewed'; file: File; id: string; preview: PreviewSummary }
  | { step: 'importing'; file: File; mode: 'replace' | 'merge' }
  | { step: 'done'; summary: string; backup: { file: string; restoreCommand: string } | null }
  /** `id`: the import the server still keeps (a confirm refused before it began), which Cancel removes. */
  | { step: 'failed'; error: string; id?: string };

interface ImportAnswer {
  rows: Record<string, number>;
  filesWritten: number;
  filesPresent: number;
  backup: { file: string; restoreCommand: string } | null;
}

function PreviewTable({ preview, labels, mode }: { preview: PreviewSummary; labels: Record<string, string>; mode: 'replace' | 'merge' }) {
  const plan = preview.modes[mode];
  if (!plan.ok) return null;
  const rows = Object.entries(plan.tables) as [string, ImportTablePlan][];
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{`What the import does with each kind of content (${mode})`}</caption>
      <thead className="text-muted-foreground">
        <tr>
          <th scope="col" className="py-1.5 pr-3 font-medium">Content</th>
          <th scope="col" className="py-1.5 pr-3 font-medium">In the archive</th>
          <th scope="col" className="py-1.5 pr-3 font-medium">Added</th>
          <th scope="col" className="py-1.5 pr-3 font-medium">Replaced</th>
          <th scope="col" className="py-1.5 font-medium">{mode === 'replace' ? 'Removed' : 'Left as they are'}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([table, counts]) => (
          <tr key={table} className="border-t border-border">
            <th scope="row" className="py-1.5 pr-3 font-normal">{labels[table] ?? table}</th>
            <td className="py-1.5 pr-3 tabular-nums">{counts.inArchive}</td>
            <td className="py-1.5 pr-3 tabular-nums">{counts.added}</td>
            <td className="py-1.5 pr-3 tabular-nums">{counts.replaced}</td>
            <td className="py-1.5 tabular-nums">{mode === 'replace' ? counts.removed : counts.left}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Uploads `file` in the server's parts, and answers the preview of the import (null when the upload or the
 * archive was refused, which is shown). Stops, and shows nothing more, once the panel goes; the import on
 * the server is held for cancelling until it is confirmed.
 */
export async function uploadArchive({ signal, hold }: Owned, file: File, show: (view: ImportView) => void): Promise<{ id: string; preview: PreviewSummary } | null> {
  show({ step: 'uploading', file, sent: 0 });
  let id: string | null = null;
  try {
    const started = await call<{ id: string; chunkBytes: number }>(
      '/import',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ size: file.size }), signal },
      'The upload could not be started.',
    );
    id = started.id;
    hold(`/import/${id}`);
    let state: ImportState = { phase: 'uploading', received: 0, size: file.size };
    for (let offset = 0; offset < file.size; offset += started.chunkBytes) {
      const part = file.slice(offset, Math.min(file.size, offset + started.chunkBytes));
      if (offset + part.size >= file.size) show({ step: 'checking', file });
      state = await call<ImportState>(
        `/import/${id}?offset=${offset}`,
        { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: part, signal },
        'The upload failed; nothing was imported.',
      );
      if (state.phase === 'uploading') show({ step: 'uploading', file, sent: state.received });
    }
    if (state.phase !== 'previewed') throw new Error('The archive could not be checked; nothing was imported.');
    return { id, preview: state.preview };
  } catch (error) {
    if (signal.aborted) return null;
    // The server forgets a refused or broken upload; one left waiting is cancelled here.
    hold(null);
    if (id) release(`/import/${id}`);
    show({ step: 'failed', error: error instanceof Error ? error.message : 'The upload failed; nothing was imported.' });
    return null;
  }
}

function ImportPart({ labels }: { labels: Record<string, string> }) {
  const [view, setView] = useState<ImportView>({ step: 'idle' });
  const [chosen, setChosen] = useState<File | null>(null);
  const [mode, setMode] = useState<'replace' | 'merge'>('replace');
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const work = useOwnedWork();
  // A file chosen before the page was interactive (a slow connection) is in the field, but React saw no
  // change event for it: take it when the page becomes interactive.
  useEffect(() => {
    const early = input.current?.files?.[0];
    if (early) setChosen(early);
  }, []);

  async function upload(file: File) {
    const uploaded = await uploadArchive(work.start(), file, setView);
    if (!uploaded) return;
    const { id, preview } = uploaded;
    setMode(!preview.modes.replace.ok && preview.modes.merge.ok ? 'merge' : 'replace');
    setView({ step: 'previewed', file, id, preview });
  }

  async function confirm(id: string, file: File) {
    // Once it runs, the import ends by itself on the server, whatever the page does.
    work.hold(null);
    setView({ step: 'importing', file, mode });
    try {
      const answer = await call<ImportAnswer>(
        `/import/${id}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) },
        'The import failed; nothing was imported.',
      );
      const rows = Object.values(answer.rows).reduce((sum, n) => sum + n, 0);
      setView({
        step: 'done',
        summary: `Imported ${file.name}: ${plural(rows, 'row')} (${mode === 'replace' ? 'replacing the site\'s content' : 'merged into the site\'s content'}), ${plural(answer.filesWritten, 'file')} stored, ${answer.filesPresent} already there. The public pages show it now.`,
        backup: answer.backup,
      });
      setChosen(null);
    } catch (error) {
      // Gone (404), or run and refused or failed (422, 500): the server forgot it. Otherwise (a session
      // expired, say) it still waits there, to be cancelled here or when the panel goes.
      const kept = !(error instanceof RequestError && [404, 422, 500].includes(error.status));
      if (kept) work.hold(`/import/${id}`);
      setView({ step: 'failed', error: error instanceof Error ? error.message : 'The import failed; nothing was imported.', id: kept ? id : undefined });
    }
  }

  function cancel(id: string) {
    work.hold(null);
    release(`/import/${id}`);
    setView({ step: 'idle' });
    setChosen(null);
  }

  function choose(file: File | undefined) {
    if (!file) return;
    setChosen(file);
    setView({ step: 'idle' });
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  const busy = view.step === 'uploading' || view.step === 'checking' || view.step === 'importing';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold">Import</h3>
        <p className="text-sm text-muted-foreground">
          An export archive of this or another site, checked whole before anything is written (as <code>npm run import</code> checks it). You see what it
          would change, then choose.
        </p>
      </div>
      {view.step === 'previewed' || busy ? null : (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          className={`flex flex-col items-start gap-3 rounded-lg border border-dashed p-4 ${dragging ? 'border-primary bg-primary/5' : 'border-border'}`}
        >
          <label htmlFor="site-content-archive" className="text-sm font-medium">
            Export archive (.tar.gz): drop it here or choose it
          </label>
          <input
            ref={input}
            id="site-content-archive"
            type="file"
            accept=".tar.gz,.tgz,application/gzip,application/x-gzip"
            onChange={(event) => choose(event.target.files?.[0])}
            className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1.5 file:text-sm"
          />
          {chosen ? (
            <Button type="button" onClick={() => upload(chosen)}>
              <Upload aria-hidden />
              {`Upload and check ${chosen.name} (${formatBytes(chosen.size)})`}
            </Button>
          ) : null}
        </div>
      )}
      {view.step === 'uploading' ? (
        <ProgressBar label="Upload progress" value={view.sent} max={view.file.size} text={`Uploading ${view.file.name}: ${formatBytes(view.sent)} of ${formatBytes(view.file.size)}`} />
      ) : null}
      {view.step === 'checking' ? <ProgressBar label="Upload progress" value={null} max={1} text={`Checking ${view.file.name}: every entry, checksum, row and file…`} /> : null}
      {view.step === 'previewed' ? (
        <div className="flex flex-col gap-4 rounded-lg border border-border p-4">
          <p className="text-sm">
            {`${view.file.name}: exported ${view.preview.exportedAt.replace('T', ' ').slice(0, 16)} UTC by version ${view.preview.appVersion} (${view.preview.source.database}, ${view.preview.source.storage} storage). ` +
              `${plural(view.preview.files.total, 'stored file')} (${formatBytes(view.preview.files.bytes)}): ${view.preview.files.written} new to this site, ${view.preview.files.present} already here.`}
          </p>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">How to import</legend>
            {(['replace', 'merge'] as const).map((each) => {
              const plan = view.preview.modes[each];
              return (
                <label key={each} className="flex items-start gap-2 text-sm">
                  <input type="radio" name="import-mode" value={each} checked={mode === each} disabled={!plan.ok} onChange={() => setMode(each)} className="mt-1" />
                  <span>
                    {each === 'replace' ? 'Replace: the site\'s content becomes the archive\'s' : 'Merge: add the archive to the site\'s content (rows with the same id are replaced)'}
                    {plan.ok ? null : <span className="block text-destructive">{`Not possible: ${plan.refusal}`}</span>}
                  </span>
                </label>
              );
            })}
          </fieldset>
          <PreviewTable preview={view.preview} labels={labels} mode={mode} />
          <p className="text-sm text-muted-foreground">Stored files are never overwritten or deleted. Accounts and roles are not touched.</p>
          <div className="flex flex-wrap gap-3">
            <Button type="button" onClick={() => confirm(view.id, view.file)} disabled={!view.preview.modes[mode].ok}>
              {mode === 'replace' ? 'Replace the site\'s content' : 'Merge into the site'}
            </Button>
            <Button type="button" variant="outline" onClick={() => cancel(view.id)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {view.step === 'importing' ? <ProgressBar label="Import progress" value={null} max={1} text={`Importing ${view.file.name}: a backup first, then every row in one transaction…`} /> : null}
      {view.step === 'done' ? (
        <div role="status" className="flex flex-col gap-2 rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm">
          <p>{view.summary}</p>
          {view.backup ? (
            <p>
              {`A backup was taken right before: ${view.backup.file}. To go back to it, stop the server and run `}
              <code className="break-all">{view.backup.restoreCommand}</code>
            </p>
          ) : null}
        </div>
      ) : null}
      {view.step === 'failed' ? <Alert>{view.error}</Alert> : null}
      {view.step === 'failed' && view.id ? (
        <div>
          <Button type="button" variant="outline" onClick={() => cancel(view.id!)}>
            Cancel the import
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Backups({ backups }: { backups: BackupRow[] | null }) {
  if (backups === null) {
    return (
      <p className="text-sm text-muted-foreground">
        This site runs on a database server: its backups are the provider&apos;s (or <code>pg_dump</code>&apos;s). The export above is a copy of the content you can keep.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">Backups</h3>
      <p className="text-sm text-muted-foreground">
        Taken by this server after changes and right before an import. They hold the whole database (with password hashes), so they stay on the server: restore
        one with the command beside it, with the server stopped.
      </p>
      {backups.length === 0 ? (
        <p className="text-sm">No backups yet.</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {backups.map((backup) => (
            <li key={backup.name} className="flex flex-col gap-0.5 border-t border-border pt-2">
              <span>
                <span className="font-medium">{backup.name}</span>
                {` · ${backup.createdAt.replace('T', ' ').slice(0, 19)} UTC · ${formatBytes(backup.size)}`}
              </span>
              <code className="text-xs break-all text-muted-foreground">{backup.restoreCommand}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function SiteContent({ labels, backups }: { labels: Record<string, string>; backups: BackupRow[] | null }) {
  return (
    <div className="flex flex-col gap-8">
      <ExportPart />
      <ImportPart labels={labels} />
      <Backups backups={backups} />
    </div>
  );
}
