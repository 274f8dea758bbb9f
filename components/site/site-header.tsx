import { ChevronDown, Coffee, LockKeyhole, Menu, NotebookPen, X } from 'lucide-react';

import { buttonVariants } from '@/components/ui/button';
import { menuItem, menuItemVariants, menuSurface } from '@/components/ui/menu-styles';
import { cn } from '@/lib/utils';
import { HeaderBar, type HeaderIcons, type HeaderLooks } from './header-bar';

/*
 * The header is interactive (scroll state, mobile menu, 'Personal' menu, active link), so its bar is a
 * client component (header-bar.tsx). Everything that needs no browser is made here, on the server: the
 * icons and every class name, merged with cn() (tailwind-merge) exactly as the components did before,
 * so the browser gets neither lucide-react nor tailwind-merge for the header.
 */

const headerBase =
  'fixed inset-x-0 top-0 z-50 border-b transition-[background-color,border-color,box-shadow,backdrop-filter] duration-300';
const mobilePanelBase = 'grid transition-[grid-template-rows,visibility] duration-300 ease-out md:hidden';

const desktopLinkBase =
  'relative inline-flex h-9 items-center gap-1 rounded-md px-2.5 text-sm font-medium transition-colors lg:px-3 ' +
  'after:pointer-events-none after:absolute after:inset-x-2.5 after:-bottom-0.5 after:h-0.5 after:rounded-full after:bg-primary after:opacity-0 after:transition-opacity lg:after:inset-x-3';
const desktopLinkIdle = 'text-muted-foreground hover:bg-accent/60 hover:text-foreground';
const desktopLinkActive = 'text-foreground after:opacity-100';
const personalTrigger = 'group data-[state=open]:bg-accent/60 data-[state=open]:text-foreground';

const mobileLinkBase = 'flex items-center rounded-md border-l-2 px-3 py-2.5 text-base font-medium transition-colors';

const adminButton = (active: boolean, size: 'sm' | undefined, className?: string) =>
  cn(buttonVariants({ variant: active ? 'default' : 'outline', size, className }));

const personalItem = (active: boolean) => cn(menuItem, menuItemVariants, cn('cursor-pointer', active && 'text-primary [&_svg]:text-primary'));

const LOOKS: HeaderLooks = {
  header: {
    translucent: cn(headerBase, 'border-border bg-background/80 shadow-lg shadow-black/20 backdrop-blur-md supports-[backdrop-filter]:bg-background/65'),
    clear: cn(headerBase, 'border-transparent bg-transparent'),
  },
  desktopLink: { idle: cn(desktopLinkBase, desktopLinkIdle), active: cn(desktopLinkBase, desktopLinkActive) },
  personalTrigger: {
    idle: cn(desktopLinkBase, personalTrigger, desktopLinkIdle),
    active: cn(desktopLinkBase, personalTrigger, desktopLinkActive),
  },
  // Radix's popper placed the menu below its trigger (6px apart, start-aligned); here plain CSS does.
  personalMenu: cn(menuSurface, 'min-w-[8rem] origin-top-left overflow-y-auto outline-none', 'absolute top-full left-0 mt-1.5 w-48'),
  personalItem: { idle: personalItem(false), active: personalItem(true) },
  adminDesktop: { idle: adminButton(false, 'sm'), active: adminButton(true, 'sm') },
  adminMobile: { idle: adminButton(false, undefined, 'w-full'), active: adminButton(true, undefined, 'w-full') },
  toggle: cn(buttonVariants({ variant: 'ghost', size: 'icon', className: 'md:hidden' })),
  mobilePanel: { open: cn(mobilePanelBase, 'visible grid-rows-[1fr]'), closed: cn(mobilePanelBase, 'invisible grid-rows-[0fr]') },
  mobileLink: {
    idle: cn(mobileLinkBase, 'border-transparent text-muted-foreground hover:bg-accent/60 hover:text-foreground'),
    active: cn(mobileLinkBase, 'border-primary bg-primary/10 text-foreground'),
  },
};

const ICONS: HeaderIcons = {
  menu: <Menu aria-hidden="true" className="size-5" />,
  close: <X aria-hidden="true" className="size-5" />,
  chevron: <ChevronDown aria-hidden="true" className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180" />,
  admin: <LockKeyhole aria-hidden="true" />,
  personal: { '/blog': <NotebookPen aria-hidden="true" />, '/personal': <Coffee aria-hidden="true" /> },
};

/**
 * `markActive={false}` is for the 404 page: a missing page belongs to no section, and that page is
 * prerendered once for every unknown path, so a path-dependent mark could not match on hydration.
 *
 * `waitForPath`: while `next build` prerenders the shell of a route whose params come with the request
 * (/blog/[slug]), usePathname suspends; the boundary's fallback is the same header with no active link.
 * Servers render every page with its path known, so there the header is rendered directly: inside a
 * boundary React could send it after the page, to be swapped in by script.
 */
export function SiteHeader({ markActive = true, waitForPath = false }: { markActive?: boolean; waitForPath?: boolean }) {
  return <HeaderBar markActive={markActive} waitForPath={waitForPath} looks={LOOKS} icons={ICONS} />;
}
