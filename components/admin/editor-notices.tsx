'use client';

import { AlertCircle, History, RefreshCw } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { formatRelativeTime } from '@/lib/format';

/** 'Unsaved changes from 5 minutes ago were restored.' with a way to throw them away. */
export function RestoredDraftNotice({ savedAt, note, onDiscard }: { savedAt: string; note?: string; onDiscard: () => void }) {
  return (
    <div role="status" className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/10 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2">
        <History className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <span>
          Unsaved changes from {formatRelativeTime(savedAt)} were restored.
          {note ? ` ${note}` : null}
        </span>
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onDiscard}>
        <RefreshCw aria-hidden />
        Discard changes
      </Button>
    </div>
  );
}

/** The last save's failure, kept on the page (a toast goes away; the reason should not). */
export function SaveFailedNotice({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <span className="font-medium">{title}.</span> {message}
      </p>
    </div>
  );
}
