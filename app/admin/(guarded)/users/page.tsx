import { Suspense } from 'react';
import type { Metadata } from 'next';

import { AdminList, AdminListPlaceholders, AdminUsers } from '@/components/admin/users/admin-users';
import { listAdmins, type AdminUser } from '@/lib/auth/admin-role';
import { requireAdmin } from '@/lib/auth/guard';
import { getDb } from '@/lib/db/client';

export const metadata: Metadata = { title: 'Admin Users' };

export default function AdminUsersPage() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Admin Users</h1>
      <AdminUsers
        list={
          <Suspense fallback={<AdminListPlaceholders />}>
            <CurrentAdmins />
          </Suspense>
        }
      />
    </div>
  );
}

async function CurrentAdmins() {
  await requireAdmin();
  let admins: AdminUser[] | null;
  try {
    admins = await listAdmins(await getDb());
  } catch (error) {
    console.error('Failed to load admin users', error);
    admins = null;
  }
  return <AdminList admins={admins} />;
}
