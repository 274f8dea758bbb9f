import { CONTENT_TYPES, type NavGroup } from '@/lib/content/registry.mjs';

export type NavLink = {
  readonly href: string;
  readonly label: string;
};

/** A group's links: each content type's route with a link in it (lib/content/registry.mjs), in the registry's order. */
function sectionLinks(group: NavGroup): NavLink[] {
  return CONTENT_TYPES.flatMap(({ route, nav }) => (route && nav?.group === group ? [{ href: route.path, label: nav.label }] : []));
}

/** Header links shown directly, and the 'Professional' group of the mobile menu and footer: Home, then the sections. */
export const PROFESSIONAL_LINKS: readonly NavLink[] = [{ href: '/', label: 'Home' }, ...sectionLinks('professional')];

/** The header's 'Personal' dropdown, and the 'Personal' group of the mobile menu and footer. */
export const PERSONAL_LINKS: readonly NavLink[] = sectionLinks('personal');

export const ADMIN_LINK: NavLink = { href: '/admin', label: 'Admin' };

/** Site search: an icon button in the header, a link in the mobile menu. */
export const SEARCH_LINK: NavLink = { href: '/search', label: 'Search' };

function normalizePath(path: string): string {
  const withoutSuffix = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = withoutSuffix.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Whether `href` is the current section: '/' only on the home page itself, every other link on its
 * own path and anything below it. The match stops at a segment boundary, so '/blog' does not light
 * up on '/blogs'.
 */
export function isActivePath(pathname: string, href: string): boolean {
  const path = normalizePath(pathname);
  const target = normalizePath(href);
  if (target === '/') return path === '/';
  return path === target || path.startsWith(`${target}/`);
}

export function isAnyActive(pathname: string, links: readonly NavLink[]): boolean {
  return links.some((link) => isActivePath(pathname, link.href));
}
