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

/** The list as the error catalogue words its failures: the read refused by the database, or anything else. */
async function CurrentAdmins() {
  await requireAdmin();
  const read = await readAdmins();
  return 'failure' in read ? <AdminList admins={null} failure={read.failure} /> : <AdminList admins={read.admins} />;
}

async function readAdmins(): Promise<{ admins: AdminUser[] } | { failure: string }> {
  let db: Awaited<ReturnType<typeof getDb>>;
  try {
    db = await getDb();
  } catch (error) {
    console.error(UNEXPECTED, error);
    return { failure: UNEXPECTED };
  }
  try {
    return { admins: await listAdmins(db) };
  } catch (error) {
    console.error(LIST_FAILED, error);
    return { failure: LIST_FAILED };
  }
}

const LIST_FAILED = 'Failed to load admin users';
const UNEXPECTED = 'An unexpected error occurred';
