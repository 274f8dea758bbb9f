'use client';

import type { ReactNode } from 'react';
import { useRouter } from 'next/navigation';

/** The button of GoBackButton (go-back-button.tsx): back in the history, or home when there is none. */
export function GoBackAction({ className, children }: { className: string; children: ReactNode }) {
  const router = useRouter();

  function goBack() {
    // A page opened directly (new tab, typed URL) has nothing to go back to inside the site.
    if (window.history.length > 1) {
      router.back();
    } else {
      router.push('/');
    }
  }

  return (
    <button type="button" data-slot="button" className={className} onClick={goBack}>
      {children}
    </button>
  );
}
