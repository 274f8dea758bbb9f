'use client';

import { useCallback, useRef, useState, type ReactNode } from 'react';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';

export interface ConfirmOptions {
  /** The dialog's heading, what is about to happen ('Delete Blog Post', 'Revoke Admin Access'). */
  title: string;
  /** The confirm button's label, the action it takes ('Delete', 'Revoke'). */
  action: string;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  /** The question, in the editor's own words (the confirmation texts of docs/product.md §4). */
  description: ReactNode;
  /** The confirm button. The dialog stays open: the caller closes it (at once, or once the action has answered). */
  onConfirm: () => void;
  /** Cancel, Escape, or the caller's own close. */
  onCancel: () => void;
  /** While the action runs: both buttons disabled, the dialog cannot be closed, the confirm button says `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
  /** The confirm button disabled (what the dialog shows is still loading). */
  confirmDisabled?: boolean;
  /** More to say between the question and the buttons (the media library's list of pages using a file). */
  children?: ReactNode;
}

/**
 * The admin area's one confirmation dialog, for every delete (the item editors, Projects, the media
 * library) and the admin-role revoke: a heading naming what happens, the question, Cancel and a
 * destructive button named by its action. Focus moves into the dialog (onto Cancel, the safe choice),
 * Escape and Cancel answer no, and focus returns to the button that asked.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  action,
  onConfirm,
  onCancel,
  busy = false,
  busyLabel,
  confirmDisabled = false,
  children,
}: ConfirmDialogProps) {
  // What had focus when the dialog opened (the button that asked): focus goes back there when it closes.
  const returnFocusTo = useRef<Element | null>(null);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <AlertDialogContent
        onOpenAutoFocus={() => {
          returnFocusTo.current = document.activeElement;
        }}
        onCloseAutoFocus={(event) => {
          // Radix returns focus only to an AlertDialogTrigger; these dialogs are opened by code.
          event.preventDefault();
          const target = returnFocusTo.current;
          returnFocusTo.current = null;
          if (target instanceof HTMLElement && target.isConnected) target.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={busy || confirmDisabled}
            onClick={(event) => {
              // The caller closes the dialog: the media library keeps it open until the delete has answered.
              event.preventDefault();
              onConfirm();
            }}
          >
            {busy && busyLabel ? busyLabel : action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

type Asking = ConfirmOptions & { message: string };

/**
 * `window.confirm` as the admin area's dialog: `await confirm(message, { title, action })` opens
 * ConfirmDialog and answers true for the confirm button, false for Cancel or Escape. Render `dialog`
 * once in the component that asks.
 */
export function useConfirm(): { confirm: (message: string, options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  // The last question stays while the dialog closes, so its text does not change as it goes.
  const [asking, setAsking] = useState<Asking | null>(null);
  const [open, setOpen] = useState(false);
  const answer = useRef<((yes: boolean) => void) | null>(null);

  const close = useCallback((yes: boolean) => {
    const resolve = answer.current;
    answer.current = null;
    setOpen(false);
    resolve?.(yes);
  }, []);

  const confirm = useCallback((message: string, options: ConfirmOptions) => {
    // A question still open (asked twice before it rendered) is answered no.
    answer.current?.(false);
    setAsking({ ...options, message });
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      answer.current = resolve;
    });
  }, []);

  const dialog = (
    <ConfirmDialog
      open={open}
      title={asking?.title ?? ''}
      description={asking?.message ?? ''}
      action={asking?.action ?? ''}
      onConfirm={() => close(true)}
      onCancel={() => close(false)}
    />
  );
  return { confirm, dialog };
}
