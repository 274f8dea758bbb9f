'use client';

import type { ReactNode } from 'react';
import { Loader2, Save } from 'lucide-react';

import { Button } from '@/components/ui/button';

/**
 * The sticky bar at the foot of an editor: what is unsaved, Cancel, and the save button, which says
 * 'Saving...' and is disabled while a save runs (docs/product.md §4). Without `onSave` the button submits
 * the surrounding form.
 */
export function SaveBar({
  saving,
  saveLabel,
  onCancel,
  onSave,
  status,
}: {
  saving: boolean;
  saveLabel: string;
  onCancel: () => void;
  onSave?: () => void;
  status?: ReactNode;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 border-t border-border bg-background/90 px-1 py-4 backdrop-blur">
      {status ? <p className="mr-auto text-sm text-muted-foreground">{status}</p> : null}
      <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type={onSave ? 'button' : 'submit'} onClick={onSave} disabled={saving}>
        {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
        {saving ? 'Saving...' : saveLabel}
      </Button>
    </div>
  );
}
