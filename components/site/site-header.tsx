'use client';

import { Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { ChevronDown, Coffee, LockKeyhole, Menu, NotebookPen, X, type LucideIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ADMIN_LINK, isActivePath, isAnyActive, PERSONAL_LINKS, PROFESSIONAL_LINKS, type NavLink } from '@/lib/nav';
import { SITE } from '@/lib/site';
import { cn } from '@/lib/utils';

/** The header turns translucent once the page has scrolled more than this many pixels. */
const SCROLL_THRESHOLD_PX = 10;

function subscribeToScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}
const getScrolled = () => window.scrollY > SCROLL_THRESHOLD_PX;
const getServerScrolled = () => false;

const PERSONAL_ICONS: Record<string, LucideIcon> = { '/blog': NotebookPen, '/personal': Coffee };

/** `null` while prerendering a route whose path is only known at request time: nothing is marked active. */
type Pathname = string | null;

const isActive = (pathname: Pathname, href: string) => pathname !== null && isActivePath(pathname, href);

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
  if (!waitForPath) return <HeaderForCurrentPath markActive={markActive} />;
  return (
    <Suspense fallback={<HeaderBar pathname={null} markActive={false} />}>
      <HeaderForCurrentPath markActive={markActive} />
    </Suspense>
  );
}

function HeaderForCurrentPath({ markActive }: { markActive: boolean }) {
  return <HeaderBar pathname={usePathname()} markActive={markActive} />;
}

function HeaderBar({ pathname: currentPath, markActive }: { pathname: Pathname; markActive: boolean }) {
  const pathname = markActive ? currentPath : null;
  const scrolled = useSyncExternalStore(subscribeToScroll, getScrolled, getServerScrolled);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPathname, setMenuPathname] = useState(currentPath);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // Close the mobile menu on every route change, including browser back/forward.
  if (menuPathname !== currentPath) {
    setMenuPathname(currentPath);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);
  const translucent = scrolled || menuOpen;

  return (
    <header
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-50 border-b transition-[background-color,border-color,box-shadow,backdrop-filter] duration-300',
        translucent
          ? 'border-border bg-background/80 shadow-lg shadow-black/20 backdrop-blur-md supports-[backdrop-filter]:bg-background/65'
          : 'border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-header max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" className="group flex items-center gap-2.5 rounded-md" onClick={closeMenu}>
          <span
            aria-hidden="true"
            className="grid size-9 place-items-center rounded-lg bg-primary/10 font-serif text-xl text-primary ring-1 ring-primary/30 transition-colors group-hover:bg-primary/20"
          >
            ∂
          </span>
          <span className="font-serif text-lg font-semibold tracking-tight md:max-lg:sr-only">{SITE.name}</span>
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {PROFESSIONAL_LINKS.map((link) => (
              <li key={link.href}>
                <DesktopLink link={link} pathname={pathname} />
              </li>
            ))}
            <li>
              <PersonalDropdown pathname={pathname} />
            </li>
            <li className="ml-2 border-l border-border pl-3">
              <AdminButton pathname={pathname} size="sm" />
            </li>
          </ul>
        </nav>

        <Button
          ref={toggleRef}
          type="button"
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-label="Toggle menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
        </Button>
      </div>

      <div
        id={menuId}
        className={cn(
          'grid transition-[grid-template-rows,visibility] duration-300 ease-out md:hidden',
          menuOpen ? 'visible grid-rows-[1fr]' : 'invisible grid-rows-[0fr]',
        )}
      >
        <div className="overflow-hidden">
          <nav
            aria-label="Main"
            className="max-h-[calc(100dvh-var(--header-height))] space-y-6 overflow-y-auto border-t border-border px-4 pt-5 pb-6 sm:px-6"
          >
            <MobileGroup heading="Professional" links={PROFESSIONAL_LINKS} pathname={pathname} onNavigate={closeMenu} />
            <MobileGroup heading="Personal" links={PERSONAL_LINKS} pathname={pathname} onNavigate={closeMenu} />
            <AdminButton pathname={pathname} className="w-full" onNavigate={closeMenu} />
          </nav>
        </div>
      </div>
    </header>
  );
}

const desktopLinkBase =
  'relative inline-flex h-9 items-center gap-1 rounded-md px-2.5 text-sm font-medium transition-colors lg:px-3 ' +
  'after:pointer-events-none after:absolute after:inset-x-2.5 after:-bottom-0.5 after:h-0.5 after:rounded-full after:bg-primary after:opacity-0 after:transition-opacity lg:after:inset-x-3';
const desktopLinkIdle = 'text-muted-foreground hover:bg-accent/60 hover:text-foreground';
const desktopLinkActive = 'text-foreground after:opacity-100';

function DesktopLink({ link, pathname }: { link: NavLink; pathname: Pathname }) {
  const active = isActive(pathname, link.href);
  return (
    <Link
      href={link.href}
      aria-current={active ? 'page' : undefined}
      className={cn(desktopLinkBase, active ? desktopLinkActive : desktopLinkIdle)}
    >
      {link.label}
    </Link>
  );
}

function PersonalDropdown({ pathname }: { pathname: Pathname }) {
  const active = pathname !== null && isAnyActive(pathname, PERSONAL_LINKS);
  return (
    // Not modal: a navigation menu should neither lock page scroll nor swallow the next click.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        data-active={active || undefined}
        className={cn(
          desktopLinkBase,
          'group data-[state=open]:bg-accent/60 data-[state=open]:text-foreground',
          active ? desktopLinkActive : desktopLinkIdle,
        )}
      >
        Personal
        <ChevronDown
          aria-hidden="true"
          className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-48">
        {PERSONAL_LINKS.map((link) => {
          const itemActive = isActive(pathname, link.href);
          const Icon = PERSONAL_ICONS[link.href];
          return (
            <DropdownMenuItem key={link.href} asChild>
              <Link
                href={link.href}
                aria-current={itemActive ? 'page' : undefined}
                className={cn('cursor-pointer', itemActive && 'text-primary [&_svg]:text-primary')}
              >
                {Icon ? <Icon aria-hidden="true" /> : null}
                {link.label}
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function AdminButton({
  pathname,
  size,
  className,
  onNavigate,
}: {
  pathname: Pathname;
  size?: 'sm' | 'default';
  className?: string;
  onNavigate?: () => void;
}) {
  const active = isActive(pathname, ADMIN_LINK.href);
  return (
    <Button asChild variant={active ? 'default' : 'outline'} size={size} className={className}>
      <Link href={ADMIN_LINK.href} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        <LockKeyhole aria-hidden="true" />
        {ADMIN_LINK.label}
      </Link>
    </Button>
  );
}

function MobileGroup({
  heading,
  links,
  pathname,
  onNavigate,
}: {
  heading: string;
  links: readonly NavLink[];
  pathname: Pathname;
  onNavigate: () => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="px-3 text-xs font-semibold tracking-[0.14em] text-muted-foreground uppercase">
        {heading}
      </h2>
      <ul className="mt-2 space-y-0.5">
        {links.map((link) => {
          const active = isActive(pathname, link.href);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                className={cn(
                  'flex items-center rounded-md border-l-2 px-3 py-2.5 text-base font-medium transition-colors',
                  active
                    ? 'border-primary bg-primary/10 text-foreground'
                    : 'border-transparent text-muted-foreground hover:bg-accent/60 hover:text-foreground',
                )}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
