'use client';

import { Toaster } from 'sonner';

/** The site's sonner toaster, loaded only once a toast is raised (site-toaster.tsx). */
export default function SiteSonnerToaster() {
  return <Toaster theme="dark" position="bottom-right" duration={4000} visibleToasts={3} richColors closeButton />;
}
