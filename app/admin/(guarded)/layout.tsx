import { Suspense, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';

import { AdminFrame } from '@/components/admin/admin-frame';
import { requireAdmin } from '@/lib/auth/guard';

/**
 * Every page in this group needs an admin. The proxy has already required a session and a fresh stamp;
 * this layout checks the role. A client-side navigation between guarded pages re-renders the page but
 * not this layout, so each page calls requireAdmin() too: it is cached per request, so a page load
 * still checks the session and role once.
 */
export default function GuardedAdminLayout({ children }: { children: ReactNode }) {
  return (
    <AdminFrame>
      <Suspense fallback={<AdminSpinner />}>
        <AdminGate>{children}</AdminGate>
      </Suspense>
    </AdminFrame>
  );
}

function AdminSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-label="Loading">
      <Loader2 className="size-8 animate-spin text-muted-foreground" aria-hidden />
    </div>
  );
}

async function AdminGate({ children }: { children: ReactNode }) {
  await requireAdmin();
  return <>{children}</>;
}
