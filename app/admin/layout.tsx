import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { Toaster } from 'sonner';

import { ADMIN_TOASTER_ID } from '@/components/admin/toaster-id';

export const metadata: Metadata = {
  title: { template: '%s | Admin', default: 'Admin Dashboard' },
  robots: { index: false, follow: false, nocache: true, googleBot: { index: false, follow: false } },
};

/**
 * What every admin page shares, open or guarded: no indexing, and the admin toaster (top right, one
 * toast at a time). The role check lives in (guarded)/layout.tsx; (open) holds login, setup, Access
 * Denied and the auth route handlers.
 */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster id={ADMIN_TOASTER_ID} theme="dark" position="top-right" duration={4000} visibleToasts={1} richColors closeButton />
    </>
  );
}
