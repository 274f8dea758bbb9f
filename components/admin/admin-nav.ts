import { ADMIN_EDITORS } from '@/lib/content/registry.mjs';

export interface AdminNavItem {
  readonly href: string;
  readonly label: string;
}

/** The content editors (lib/content/registry.mjs, `admin`), in the sidebar's order. */
const EDITORS: readonly AdminNavItem[] = ADMIN_EDITORS.map(({ admin }) => ({ href: admin.path, label: admin.label }));

/**
 * The admin routes that exist so far: the dashboard, every content editor of the registry, and the pages
 * that edit no content type. A sidebar item or dashboard card for any other route shows as disabled
 * ('Coming soon') instead of leading to a 404; building a page that is not a content editor adds its route here.
 */
const READY_ROUTES: ReadonlySet<string> = new Set(['/admin', ...EDITORS.map((item) => item.href), '/admin/settings', '/admin/users', '/admin/media']);

export function isAdminRouteReady(href: string): boolean {
  return READY_ROUTES.has(href);
}

/** The admin sidebar of docs/product.md §2, in its order: Dashboard, the content editors, Settings. */
export const ADMIN_NAV: readonly AdminNavItem[] = [{ href: '/admin', label: 'Dashboard' }, ...EDITORS, { href: '/admin/settings', label: 'Settings' }];

/** Dashboard only on /admin itself; every other item also for the pages below it. */
export function isActiveAdminLink(href: string, pathname: string): boolean {
  if (href === '/admin') return pathname === '/admin' || pathname === '/admin/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
