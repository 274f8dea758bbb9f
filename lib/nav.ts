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

/**
 * The sections whose links show only while they have content (the registry's `nav.whenEmpty: 'hidden'`: talks),
 * with their tables: a site that gives no talks shows no Talks link. lib/content/nav-sections.ts reads which
 * of them are empty.
 */
export const SECTIONS_SHOWN_WITH_CONTENT: readonly { href: string; table: string; tag: string }[] = CONTENT_TYPES.flatMap(({ route, nav, table, tag }) =>
  route && nav?.whenEmpty === 'hidden' ? [{ href: route.path, table, tag }] : [],
);

/** The links but those of `hidden`. */
export function shownLinks(links: readonly NavLink[], hidden: readonly string[]): readonly NavLink[] {
  return hidden.length === 0 ? links : links.filter((link) => !hidden.includes(link.href));
}

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
