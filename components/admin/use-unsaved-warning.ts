'use client';

import { useEffect } from 'react';

export const LEAVE_WARNING = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Warns before the admin leaves a page with unsaved changes: the browser's own prompt for a reload, a
 * closed tab or a typed address, and a confirmation for a click on a link of the site (the App Router
 * has no way to block its own navigations). The draft in this browser is kept either way.
 */
export function useUnsavedWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin) return;
      if (to.pathname === window.location.pathname && to.search === window.location.search) return;
      if (!window.confirm(LEAVE_WARNING)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    // Capture: before Next's <Link> handler starts a client-side navigation.
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);
}

/** For buttons that navigate away (Cancel): true when there is nothing to lose or the admin agrees. */
export function confirmLeave(dirty: boolean): boolean {
  return !dirty || window.confirm(LEAVE_WARNING);
}
