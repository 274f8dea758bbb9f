'use client';

import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { FileText, Loader2, Upload, UploadCloud, X } from 'lucide-react';

import { adminToast } from '@/components/admin/toast';
import { Button } from '@/components/ui/button';
import { BUCKET_FOLDERS, type Bucket } from '@/lib/storage/buckets';
import { formatBytes } from '@/lib/bytes.mjs';
import { cn } from '@/lib/utils';
import { DEFAULT_MAX_FILES, UPLOAD_ACCEPT, isAllowedDeclaredType, kindOfDeclaredType, sizeProblem, type UploadResult } from '@/lib/validation/upload';
import { uploadFailureMessage, uploadMessages } from './upload-messages';

type Pending = {
  id: string;
  file: File;
  /** Object URL of an image's thumbnail; revoked when the file leaves the list. */
  preview: string | null;
  progress: number | null;
  error: string | null;
};

type Availability = { state: 'checking' } | { state: 'ready' } | { state: 'unavailable'; message: string };
type Checked = { bucket: Bucket } & Availability;

export interface FileUploadProps {
  bucket: Bucket;
  /** docs/product.md §5: 10 by default, 1 for the single-image pickers (profile and project images). */
  maxFiles?: number;
  /** The public URLs of the files just stored, for editors that put them in a form. */
  onUploaded?: (urls: string[]) => void;
  className?: string;
}

/** One file to POST /api/upload, with upload progress (XMLHttpRequest: fetch reports none). */
function sendFile(bucket: Bucket, file: File, onProgress: (fraction: number) => void): Promise<{ status: number; body: UploadResult | null }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/upload');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: (xhr.response as UploadResult | null) ?? null });
    xhr.onerror = () => resolve({ status: 0, body: { ok: false, status: 0, error: 'The connection was lost during the upload. Please try again.' } });
    const form = new FormData();
    form.set('bucket', bucket);
    form.set('file', file);
    xhr.send(form);
  });
}

/**
 * The access token lives 15 minutes, and only admin paths receive the refresh token, so an admin who kept
 * this page open longer reaches /api/upload signed out. Renewing goes through the admin area's own route
 * (it rotates the refresh token and sets a new access token); a session that is really gone stays gone.
 */
async function renewSession(): Promise<void> {
  await fetch('/admin/auth/refresh?next=/admin', { cache: 'no-store', redirect: 'manual' }).catch(() => undefined);
}

/** Runs a request, and once more after renewing the session when it was refused as signed out. */
async function withRenewal<T extends { status: number }>(send: () => Promise<T>): Promise<T> {
  const first = await send();
  if (first.status !== 401 && first.status !== 403) return first;
  await renewSession();
  return await send();
}

/**
 * One file straight to a bucket, outside the upload box (an image pasted or dropped into the blog's
 * content): the same checks, the same session renewal and the same failure texts.
 */
export async function uploadOne(bucket: Bucket, file: File): Promise<{ ok: true; url: string } | { ok: false; title: string; description: string }> {
  if (!isAllowedDeclaredType(file.type)) return { ok: false, title: 'Upload failed', description: uploadMessages.skipped };
  const problem = sizeProblem(file.name, file.size, kindOfDeclaredType(file.type));
  if (problem) return { ok: false, title: 'Upload failed', description: problem };
  const { status, body } = await withRenewal(() => sendFile(bucket, file, () => undefined));
  if (body?.ok) return { ok: true, url: body.url };
  return { ok: false, ...uploadFailureMessage(status, body?.error, bucket) };
}

function singleOrDefault(bucket: Bucket): number {
  return BUCKET_FOLDERS[bucket] ? 1 : DEFAULT_MAX_FILES;
}

/**
 * The upload box of the admin area (docs/product.md §§4, 5 and 8): files are picked or dropped into a
 * pending list, each removable, and uploaded on Upload; the list clears after success. Nothing is
 * uploaded while the bucket cannot be reached.
 */
export function FileUpload({ bucket, maxFiles, onUploaded, className }: FileUploadProps) {
  const limit = maxFiles ?? singleOrDefault(bucket);
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  // A result for another bucket (the media library switches buckets) counts as still checking.
  const availability: Availability = checked && checked.bucket === bucket ? checked : { state: 'checking' };
  const [announcement, setAnnouncement] = useState('');
  const previews = useRef(new Set<string>());

  useEffect(() => {
    let cancelled = false;
    const setAvailability = (result: Availability) => setChecked({ ...result, bucket });
    withRenewal(() => fetch(`/api/upload?bucket=${encodeURIComponent(bucket)}`, { cache: 'no-store' }))
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as { ok: boolean; state?: string; error?: string } | null;
        if (cancelled) return;
        if (response.ok && body?.ok && body.state === 'ready') setAvailability({ state: 'ready' });
        else if (response.ok && body?.ok) setAvailability({ state: 'unavailable', message: uploadMessages.unavailable(bucket) });
        else if (response.status === 403) setAvailability({ state: 'unavailable', message: uploadFailureMessage(403, body?.error, bucket).description });
        else setAvailability({ state: 'unavailable', message: uploadMessages.systemError(body?.error ?? `HTTP ${response.status}`) });
      })
      .catch((error: unknown) => {
        if (!cancelled) setAvailability({ state: 'unavailable', message: uploadMessages.systemError(error instanceof Error ? error.message : String(error)) });
      });
    return () => {
      cancelled = true;
    };
  }, [bucket]);

  // Every thumbnail URL still alive is released when the box goes away.
  useEffect(() => {
    const urls = previews.current;
    return () => {
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
    };
  }, []);

  const release = useCallback((items: Pending[]) => {
    for (const item of items) {
      if (item.preview) {
        URL.revokeObjectURL(item.preview);
        previews.current.delete(item.preview);
      }
    }
  }, []);

  const addFiles = useCallback(
    (files: File[]) => {
      if (files.length === 0) return;
      const allowed = files.filter((file) => isAllowedDeclaredType(file.type));
      if (allowed.length < files.length) adminToast.warning(uploadMessages.skipped);
      const sized = allowed.filter((file) => {
        const problem = sizeProblem(file.name, file.size, kindOfDeclaredType(file.type));
        if (problem) adminToast.error(problem);
        return !problem;
      });
      if (sized.length === 0) return;
      if (pending.length + sized.length > limit) {
        adminToast.error(uploadMessages.tooMany(limit));
        return;
      }
      const added = sized.map((file): Pending => {
        const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
        if (preview) previews.current.add(preview);
        return { id: crypto.randomUUID(), file, preview, progress: null, error: null };
      });
      setPending((current) => [...current, ...added]);
      setAnnouncement(`${added.length} file(s) ready to upload.`);
    },
    [limit, pending.length],
  );

  // A file chosen before the page's script ran (a slow connection; the box is in the server's HTML) is
  // already in the input, and its change event went by with nobody listening: take it as the box starts.
  // (Later runs find the input empty: taking files always clears it.)
  useEffect(() => {
    const input = inputRef.current;
    if (!input?.files?.length) return;
    addFiles(Array.from(input.files));
    input.value = '';
  }, [addFiles]);

  const remove = (id: string) => {
    setPending((current) => {
      release(current.filter((item) => item.id === id));
      return current.filter((item) => item.id !== id);
    });
  };

  const upload = async () => {
    if (availability.state !== 'ready' || pending.length === 0 || uploading) return;
    setUploading(true);
    const urls: string[] = [];
    const done = new Set<string>();
    let firstFailure: ReturnType<typeof uploadFailureMessage> | null = null;
    for (const item of pending) {
      setPending((current) => current.map((p) => (p.id === item.id ? { ...p, progress: 0, error: null } : p)));
      const { status, body } = await withRenewal(() =>
        sendFile(bucket, item.file, (fraction) =>
          setPending((current) => current.map((p) => (p.id === item.id ? { ...p, progress: fraction } : p))),
        ),
      );
      if (body?.ok) {
        urls.push(body.url);
        done.add(item.id);
        continue;
      }
      const failure = uploadFailureMessage(status, body?.error, bucket);
      firstFailure ??= failure;
      setPending((current) => current.map((p) => (p.id === item.id ? { ...p, progress: null, error: failure.description } : p)));
    }
    // What was stored leaves the list; what failed stays, with its reason, to be retried or removed.
    setPending((current) => {
      release(current.filter((p) => done.has(p.id)));
      return current.filter((p) => !done.has(p.id));
    });
    setUploading(false);
    if (urls.length > 0) {
      adminToast.success(uploadMessages.success(urls.length));
      setAnnouncement(uploadMessages.success(urls.length));
      onUploaded?.(urls);
    }
    if (firstFailure) {
      adminToast.error(firstFailure.title, { description: firstFailure.description });
      setAnnouncement(`${firstFailure.title}. ${firstFailure.description}`);
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (availability.state === 'unavailable' || uploading) return;
    addFiles(Array.from(event.dataTransfer.files));
  };

  const blocked = availability.state === 'unavailable';
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          if (!blocked) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-input bg-input/10 px-4 py-8 text-center text-sm text-muted-foreground transition-colors',
          'hover:border-primary/60 hover:bg-primary/5 focus-within:ring-[3px] focus-within:ring-ring data-[dragging]:border-primary data-[dragging]:bg-primary/10',
          blocked && 'pointer-events-none cursor-not-allowed opacity-60',
        )}
      >
        <UploadCloud aria-hidden="true" className="size-8 text-primary" />
        <span className="font-medium text-foreground">{limit === 1 ? 'Drop a file here or click to choose' : 'Drop files here or click to choose'}</span>
        <span>JPEG, PNG, GIF, WebP (up to 10 MB) or PDF (up to 50 MB){limit > 1 ? ` · at most ${limit} at once` : ''}</span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple={limit > 1}
          disabled={blocked || uploading}
          className="sr-only"
          data-testid="file-upload-input"
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
            // The same file can be picked again after it was removed.
            event.target.value = '';
          }}
        />
      </label>

      {availability.state === 'checking' && (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Loader2 aria-hidden="true" className="size-3 animate-spin" /> Checking storage…
        </p>
      )}
      {availability.state === 'unavailable' && (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {availability.message}
        </p>
      )}

      {pending.length > 0 && (
        <ul aria-label="Files to upload" className="flex flex-col gap-2">
          {pending.map((item) => (
            <li key={item.id} className="flex items-center gap-3 rounded-md border border-border bg-card px-3 py-2">
              {item.preview ? (
                // An object URL of a local file: next/image cannot optimise it and need not.
                // eslint-disable-next-line @next/next/no-img-element
                <img src={item.preview} alt="" className="size-10 shrink-0 rounded object-cover" />
              ) : (
                <FileText aria-hidden="true" className="size-10 shrink-0 p-2 text-muted-foreground" />
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{item.file.name}</p>
                <p className="text-xs text-muted-foreground">{formatBytes(item.file.size)}</p>
                {item.progress !== null && (
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${item.file.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(item.progress * 100)}
                    className="mt-1 h-1.5 overflow-hidden rounded-full bg-muted"
                  >
                    <div className="h-full bg-primary transition-[width]" style={{ width: `${Math.round(item.progress * 100)}%` }} />
                  </div>
                )}
                {item.error && <p className="mt-1 text-xs text-destructive">{item.error}</p>}
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                disabled={uploading}
                onClick={() => remove(item.id)}
                aria-label={`Remove ${item.file.name}`}
              >
                <X aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}

      <div className="flex items-center gap-3">
        <Button type="button" onClick={upload} disabled={blocked || availability.state === 'checking' || uploading || pending.length === 0}>
          {uploading ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
          {uploading ? 'Uploading...' : 'Upload'}
        </Button>
        {pending.length > 0 && !uploading && (
          <span className="text-xs text-muted-foreground">
            {pending.length} of {limit} file(s) selected
          </span>
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
