import { ChevronDown, Coffee, LockKeyhole, Menu, NotebookPen, Search, X } from '@/components/site/icons';

import type { ReactNode } from 'react';

import { getEmptySections } from '@/lib/content/nav-sections';
import { readOr } from '@/lib/content/read';

import { ContentBoundary } from './content-boundary';
import { HeaderBar, type HeaderIcons } from './header-bar';
import { HeaderBrand, HeaderBrandSkeleton } from './owner-identity';

/*
 * The header is interactive (scroll state, mobile menu, 'Personal' menu, active link), so its bar is a
 * client component (header-bar.tsx). The icons (components/site/icons.tsx) are made here, on the server;
 * its looks are short classes of app/globals.css, written in the bar.
 */

const ICONS: HeaderIcons = {
  menu: <Menu aria-hidden="true" className="size-5" />,
  close: <X aria-hidden="true" className="size-5" />,
  chevron: <ChevronDown aria-hidden="true" className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180" />,
  admin: <LockKeyhole aria-hidden="true" />,
  search: <Search aria-hidden="true" className="size-4" />,
  personal: { '/blog': <NotebookPen aria-hidden="true" />, '/personal': <Coffee aria-hidden="true" /> },
};

/**
 * The brand (mark and name) is the owner's, from the profile: a hole of the prerendered shell, read per request.
 *
 * `markActive={false}` is for the 404 page: a missing page belongs to no section, and that page is
 * prerendered once for every unknown path, so a path-dependent mark could not match on hydration.
 *
 * `waitForPath`: while `next build` prerenders the shell of a route whose params come with the request
 * (/blog/[slug]), usePathname suspends; the boundary's fallback is the same header with no active link.
 * Servers render every page with its path known, so there the header is rendered directly: inside a
 * boundary React could send it after the page, to be swapped in by script.
 */
export function SiteHeader({ markActive = true, waitForPath = false }: { markActive?: boolean; waitForPath?: boolean }) {
  const brand = (
    <ContentBoundary fallback={<HeaderBrandSkeleton />}>
      <HeaderBrand />
    </ContentBoundary>
  );
  // The links of sections shown only with content (lib/nav.ts) are the database's to decide: in a build's shell,
  // every link.
  return (
    <ContentBoundary fallback={<HeaderBar markActive={markActive} waitForPath={waitForPath} icons={ICONS} brand={brand} hidden={[]} />}>
      <HeaderWithSections markActive={markActive} waitForPath={waitForPath} brand={brand} />
    </ContentBoundary>
  );
}

async function HeaderWithSections({ markActive, waitForPath, brand }: { markActive: boolean; waitForPath: boolean; brand: ReactNode }) {
  const hidden = await readOr('the sections without content', getEmptySections, []);
  return <HeaderBar markActive={markActive} waitForPath={waitForPath} icons={ICONS} brand={brand} hidden={hidden} />;
}
