/**
 * The admin routes that exist so far. A sidebar item or dashboard card for any other route shows as
 * disabled ('Coming soon') instead of leading to a 404; building an editor adds its route here.
 */
const READY_ROUTES: ReadonlySet<string> = new Set(['/admin', '/admin/about/edit', '/admin/experience/edit', '/admin/projects/edit', '/admin/research/edit', '/admin/blog/edit', '/admin/personal/edit', '/admin/settings', '/admin/users', '/admin/media']);

export function isAdminRouteReady(href: string): boolean {
  return READY_ROUTES.has(href);
}

/** The admin sidebar of docs/product.md §2, in its order. */
export const ADMIN_NAV = [
  { href: '/admin', label: 'Dashboard' },
  { href: '/admin/about/edit', label: 'About' },
  { href: '/admin/experience/edit', label: 'Experience' },
  { href: '/admin/projects/edit', label: 'Projects' },
  { href: '/admin/blog/edit', label: 'Blog' },
  { href: '/admin/personal/edit', label: 'Personal Posts' },
  { href: '/admin/research/edit', label: 'Research Papers' },
  { href: '/admin/settings', label: 'Settings' },
] as const;

/** Dashboard only on /admin itself; every other item also for the pages below it. */
export function isActiveAdminLink(href: string, pathname: string): boolean {
  if (href === '/admin') return pathname === '/admin' || pathname === '/admin/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
