import { Suspense, type ReactNode } from 'react';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { Loader2 } from 'lucide-react';
import { Toaster } from 'sonner';

import { AdminFrame } from '@/components/admin/admin-frame';
import { ADMIN_TOASTER_ID } from '@/components/admin/toaster-id';
import { ADMIN_PATH_HEADER, isOpenAdminPath } from '@/lib/auth/constants';
import { requireAdmin } from '@/lib/auth/guard';

export const metadata: Metadata = {
  title: { template: '%s | Admin', default: 'Admin Dashboard' },
  robots: { index: false, follow: false, nocache: true, googleBot: { index: false, follow: false } },
};

export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <AdminFrame>
        <Suspense fallback={<AdminSpinner />}>
          <AdminGate>{children}</AdminGate>
        </Suspense>
      </AdminFrame>
      {/* Spec section 9: admin toasts top right, one at a time. */}
      <Toaster id={ADMIN_TOASTER_ID} theme="dark" position="top-right" duration={4000} visibleToasts={1} richColors closeButton />
    </>
  );
}

function AdminSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-label="Loading">
      <Loader2 className="size-8 animate-spin text-muted-foreground" aria-hidden />
    </div>
  );
}

/**
 * The role check of the admin area (the proxy has already required a session and a fresh stamp). It
 * runs when the layout renders, so every guarded page also calls requireAdmin() itself: a client-side
 * navigation re-renders the page, not this layout.
 */
async function AdminGate({ children }: { children: ReactNode }) {
  const path = (await headers()).get(ADMIN_PATH_HEADER) ?? '/admin';
  if (!isOpenAdminPath(path)) await requireAdmin();
  return <>{children}</>;
}
