import { Suspense } from 'react';
import type { Metadata } from 'next';

import { AdminUsers } from '@/components/admin/users/admin-users';
import { requireAdmin } from '@/lib/auth/guard';

export const metadata: Metadata = { title: 'Admin Users' };

export default function AdminUsersPage() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Admin Users</h1>
      <Suspense>
        <Guarded />
      </Suspense>
    </div>
  );
}

async function Guarded() {
  // The layout checked the role on the first load; a client-side navigation renders only this page.
  await requireAdmin();
  return <AdminUsers />;
}
