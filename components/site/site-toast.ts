import type { toast as sonnerToast } from 'sonner';

/*
 * The site's toasts without sonner in every page's first load. Public pages raise a toast only when
 * something failed (a read, the storage check), so sonner and the site's <Toaster> (site-toaster.tsx)
 * load on demand: the first toast mounts the toaster and imports sonner, and both stay for the rest of
 * the visit. The admin area, which toasts all the time, imports sonner directly.
 */

type Toast = typeof sonnerToast;

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the site's toaster (bottom right) from now on (the first site toast does, e.g. the admin's sign-out). */
export function requestSiteToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function subscribeToSiteToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const isSiteToasterWanted = (): boolean => wanted;

/**
 * Raises toasts in the site's toaster: `show` gets sonner's `toast` once sonner has loaded. Toasts raised
 * before the toaster has mounted are shown when it mounts (sonner replays the active ones).
 */
export function withSiteToast(show: (toast: Toast) => void): void {
  requestSiteToaster();
  import('sonner').then(
    ({ toast }) => show(toast),
    (error: unknown) => console.error('The toasts could not be loaded', error),
  );
}
