import 'server-only';
import type { Queryable } from '@/lib/db/types';

export async function isAdmin(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ admin: boolean }>(
    `select exists (
       select 1 from public.user_roles ur join public.roles r on r.id = ur.role_id
       where ur.user_id = $1::uuid and r.name = 'admin'
     ) as admin`,
    [userId],
  );
  return rows[0]?.admin === true;
}
