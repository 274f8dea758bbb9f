'use client';

import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { Copy, ExternalLink, FileText, Loader2, Trash2 } from 'lucide-react';

import { deleteFileAction, findReferencesAction } from '@/app/admin/(guarded)/media/actions';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { adminToast } from '@/components/admin/toast';
import { FileUpload } from '@/components/admin/upload/file-upload';
import { FallbackImage } from '@/components/site/fallback-image';
import { Button } from '@/components/ui/button';
import { BUCKET_LABELS, type Bucket } from '@/lib/storage/buckets';
import type { StoredObject } from '@/lib/storage/types';
import type { ContentReference } from '@/lib/storage/references';
import { formatBytes } from '@/lib/bytes.mjs';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Confirming = { file: StoredObject; references: ContentReference[] | null; referenceError: string | null };

/** One bucket of the media library: its upload box and its files, each with copy-URL and delete. */
export function MediaLibrary({ bucket, files, listError }: { bucket: Bucket; files: StoredObject[]; listError: string | null }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [deleting, startDelete] = useTransition();
  const [refreshing, startRefresh] = useTransition();

  const copy = async (file: StoredObject) => {
    const absolute = new URL(file.url, window.location.origin).href;
    try {
      await navigator.clipboard.writeText(absolute);
      adminToast.success('Public URL copied to the clipboard.', { description: absolute });
    } catch {
      // Clipboard access can be refused (permissions, insecure origin): show the address to copy by hand.
      adminToast.info('Copy this public URL:', { description: absolute, duration: 15_000 });
    }
  };

  const askDelete = async (file: StoredObject) => {
    setConfirming({ file, references: null, referenceError: null });
    const result = await findReferencesAction({ bucket, path: file.path });
    setConfirming((current) =>
      current?.file.path === file.path
        ? { file, references: result.ok ? result.data : [], referenceError: result.ok ? null : result.error }
        : current,
    );
  };

  const confirmDelete = () => {
    if (!confirming) return;
    const { file } = confirming;
    startDelete(async () => {
      const result = await deleteFileAction({ bucket, path: file.path });
      if (result.ok) {
        adminToast.success(`Deleted ${file.name}.`);
        setConfirming(null);
        router.refresh();
      } else {
        adminToast.error(result.error);
      }
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="upload-heading" className="rounded-lg border border-border bg-card p-4">
        <h2 id="upload-heading" className="mb-3 text-lg font-semibold">
          Upload to {BUCKET_LABELS[bucket]}
        </h2>
        <FileUpload bucket={bucket} maxFiles={10} onUploaded={() => startRefresh(() => router.refresh())} />
      </section>

      <section aria-labelledby="files-heading" className="flex flex-col gap-3">
        <h2 id="files-heading" className="flex items-center gap-2 text-lg font-semibold">
          Files in {bucket}
          <span className="text-sm font-normal text-muted-foreground">({files.length})</span>
          {refreshing && <Loader2 aria-label="Refreshing" className="size-4 animate-spin text-muted-foreground" />}
        </h2>
        {listError && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {listError}
          </p>
        )}
        {!listError && files.length === 0 && <p className="text-sm text-muted-foreground">No files in this bucket yet.</p>}
        {files.length > 0 && (
          <ul aria-label={`Files in ${bucket}`} className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {files.map((file) => (
              <li key={file.path} className="flex gap-3 rounded-lg border border-border bg-card p-3">
                <div className="relative size-20 shrink-0 overflow-hidden rounded-md bg-muted">
                  {file.contentType.startsWith('image/') ? (
                    <FallbackImage src={file.url} alt="" fill sizes="80px" className="object-cover" />
                  ) : (
                    <FileText aria-hidden="true" className="size-full p-5 text-muted-foreground" />
                  )}
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <p className="truncate text-sm font-medium" title={file.path}>
                    {file.path}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatBytes(file.size)} · {file.contentType}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={file.updatedAt}>{dateFormat.format(new Date(file.updatedAt))}</time>
                  </p>
                  <div className="mt-auto flex gap-1">
                    <Button type="button" variant="ghost" size="icon-sm" onClick={() => copy(file)} aria-label={`Copy public URL of ${file.name}`}>
                      <Copy aria-hidden="true" />
                    </Button>
                    <Button asChild variant="ghost" size="icon-sm">
                      <a href={file.url} target="_blank" rel="noopener noreferrer" aria-label={`Open ${file.name}`}>
                        <ExternalLink aria-hidden="true" />
                      </a>
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      className="text-destructive hover:text-destructive"
                      onClick={() => void askDelete(file)}
                      aria-label={`Delete ${file.name}`}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={confirming !== null}
        title="Delete File"
        description={`Delete ${confirming?.file.name ?? ''}? The file is removed from the ${BUCKET_LABELS[bucket].toLowerCase()} bucket. This cannot be undone.`}
        action="Delete"
        busy={deleting}
        busyLabel="Deleting..."
        confirmDisabled={confirming?.references === null}
        // The dialog stays open until the delete has answered, so a failure is seen next to the file.
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      >
        {confirming?.references === null && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Checking where the file is used…
          </p>
        )}
        {confirming?.referenceError && <p className="text-sm text-amber-400">{confirming.referenceError}</p>}
        {confirming?.references && confirming.references.length > 0 && (
          <div role="alert" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-200">
            <p className="font-medium">This file is still used by:</p>
            <ul className="mt-1 list-disc pl-5">
              {confirming.references.map((ref, i) => (
                <li key={`${ref.kind}-${ref.title}-${i}`}>
                  {ref.kind}: {ref.title}
                </li>
              ))}
            </ul>
            <p className="mt-1">Those pages will show a placeholder instead.</p>
          </div>
        )}
      </ConfirmDialog>
    </div>
  );
}
