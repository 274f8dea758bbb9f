'use client';

import {
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
} from 'react';
import { Link } from '@/components/link';
import { usePathname } from 'next/navigation';

import { ADMIN_LINK, isActivePath, isAnyActive, PERSONAL_LINKS, PROFESSIONAL_LINKS, SEARCH_LINK, shownLinks, type NavLink } from '@/lib/nav';

import { openPaletteOnPlainClick, PaletteLauncher, preloadPalette } from './search/palette-launcher';

/*
 * The site header's interactive bar. Kept light on purpose, since every public page loads it: class
 * names and icons come ready-made from the server (site-header.tsx), and the 'Personal' menu is a small
 * menu of its own instead of Radix's dropdown (which brings a popper, focus scopes and scroll locking).
 */

/**
 * A class name for each state of an element. The shared looks are classes of app/globals.css (.nav-link,
 * .mobile-link, .btn …), whose `.on` marks the current section; the buttons' classes are written out
 * as Button's variants give them, so the browser needs no class merger.
 */
interface Looks {
  idle: string;
  active: string;
}

const adminButtonLooks = (size: string): Looks => ({ idle: `btn btn-outline ${size}`, active: `btn btn-default ${size}` });

const LOOKS = {
  desktopLink: { idle: 'nav-link', active: 'nav-link on' },
  personalTrigger: { idle: 'nav-link group', active: 'nav-link group on' },
  // Radix's popper placed the menu below its trigger (6px apart, start-aligned); here plain CSS does.
  personalMenu: 'menu-surface min-w-[8rem] origin-top-left overflow-y-auto outline-none absolute top-full left-0 mt-1.5 w-48',
  personalItem: { idle: 'menu-item cursor-pointer', active: 'menu-item cursor-pointer text-primary [&_.icon]:text-primary' },
  adminDesktop: adminButtonLooks('btn-sm'),
  adminMobile: adminButtonLooks('btn-md w-full'),
  toggle: 'btn btn-ghost size-9 md:hidden',
  searchDesktop: { idle: 'btn btn-ghost size-9', active: 'btn btn-secondary size-9' },
  mobileLink: { idle: 'mobile-link', active: 'mobile-link on' },
} satisfies Record<string, Looks | string>;

export interface HeaderIcons {
  menu: ReactNode;
  close: ReactNode;
  chevron: ReactNode;
  admin: ReactNode;
  search: ReactNode;
  /** By link: the 'Personal' menu's item icons. */
  personal: Record<string, ReactNode>;
}

interface BarProps {
  markActive: boolean;
  icons: HeaderIcons;
  /** The owner's mark and name, rendered on the server from the profile (components/site/owner-identity.tsx). */
  brand: ReactNode;
  /** The sections whose links are left out: those shown only with content, while they have none (lib/nav.ts). */
  hidden: readonly string[];
}

/** The header turns translucent once the page has scrolled more than this many pixels. */
const SCROLL_THRESHOLD_PX = 10;

function subscribeToScroll(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}
const getScrolled = () => window.scrollY > SCROLL_THRESHOLD_PX;
const getServerScrolled = () => false;

/** `null` while prerendering a route whose path is only known at request time: nothing is marked active. */
type Pathname = string | null;

const isActive = (pathname: Pathname, href: string) => pathname !== null && isActivePath(pathname, href);
const pick = (looks: Looks, active: boolean) => (active ? looks.active : looks.idle);

/** `waitForPath`: see SiteHeader (site-header.tsx), which renders this. */
export function HeaderBar({ waitForPath, ...props }: BarProps & { waitForPath: boolean }) {
  if (!waitForPath) return <BarForCurrentPath {...props} />;
  // With cacheComponents, usePathname suspends while prerendering routes with request-time params
  // (/blog/[slug]); the fallback is the same header with no active link, so the shell stays static.
  return (
    <Suspense fallback={<Bar {...props} pathname={null} markActive={false} />}>
      <BarForCurrentPath {...props} />
    </Suspense>
  );
}

function BarForCurrentPath(props: BarProps) {
  return <Bar {...props} pathname={usePathname()} />;
}

function Bar({ pathname: currentPath, markActive, icons, brand, hidden }: BarProps & { pathname: Pathname }) {
  const pathname = markActive ? currentPath : null;
  const professional = shownLinks(PROFESSIONAL_LINKS, hidden);
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
    <header data-scrolled={scrolled} className={translucent ? 'site-header translucent' : 'site-header'}>
      <div className="site-column flex h-header items-center justify-between gap-4">
        <Link href="/" className="group flex min-w-0 items-center gap-2.5 rounded-md" onClick={closeMenu}>
          {brand}
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {professional.map((link) => {
              const active = isActive(pathname, link.href);
              return (
                <li key={link.href}>
                  <Link href={link.href} aria-current={active ? 'page' : undefined} className={pick(LOOKS.desktopLink, active)}>
                    {link.label}
                  </Link>
                </li>
              );
            })}
            <li className="relative">
              <PersonalMenu pathname={pathname} icons={icons} />
            </li>
            <li>
              <Link
                data-slot="button"
                href={SEARCH_LINK.href}
                aria-label={SEARCH_LINK.label}
                title={SEARCH_LINK.label}
                aria-current={isActive(pathname, SEARCH_LINK.href) ? 'page' : undefined}
                className={pick(LOOKS.searchDesktop, isActive(pathname, SEARCH_LINK.href))}
                onClick={(event) => openPaletteOnPlainClick(event)}
                onPointerEnter={preloadPalette}
                onFocus={preloadPalette}
              >
                {icons.search}
              </Link>
            </li>
            <li className="ml-2 border-l border-border pl-3">
              <AdminLink pathname={pathname} looks={LOOKS.adminDesktop} icon={icons.admin} />
            </li>
          </ul>
        </nav>

        <button
          ref={toggleRef}
          type="button"
          data-slot="button"
          className={LOOKS.toggle}
          aria-label="Toggle menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? icons.close : icons.menu}
        </button>
      </div>

      <div id={menuId} className={menuOpen ? 'mobile-panel open' : 'mobile-panel'}>
        {/* Clipped, not hidden: an overflow-hidden box is still a scroll container, which scrollIntoView (a link
            given focus, a test's click) scrolls while the panel grows, sliding the link from under the pointer. */}
        <div className="overflow-clip">
          <nav
            aria-label="Main"
            className="max-h-[calc(100dvh-var(--header-height))] space-y-6 overflow-y-auto border-t border-border px-4 pt-5 pb-6 sm:px-6"
          >
            <MobileGroup heading="Professional" links={professional} pathname={pathname} looks={LOOKS.mobileLink} onNavigate={closeMenu} />
            <MobileGroup heading="Personal" links={PERSONAL_LINKS} pathname={pathname} looks={LOOKS.mobileLink} onNavigate={closeMenu} />
            <MobileGroup
              heading="Find"
              links={[SEARCH_LINK]}
              pathname={pathname}
              looks={LOOKS.mobileLink}
              onNavigate={(event) => {
                closeMenu();
                openPaletteOnPlainClick(event, toggleRef.current);
              }}
            />
            <AdminLink pathname={pathname} looks={LOOKS.adminMobile} icon={icons.admin} onNavigate={closeMenu} />
          </nav>
        </div>
      </div>
      {/* Search from any public page: Ctrl-K, ⌘K, `/`, or the Search links above (search/palette-launcher.tsx). */}
      <PaletteLauncher icons={{ search: icons.search, close: icons.close }} />
    </header>
  );
}

function AdminLink({ pathname, looks, icon, onNavigate }: { pathname: Pathname; looks: Looks; icon: ReactNode; onNavigate?: () => void }) {
  const active = isActive(pathname, ADMIN_LINK.href);
  return (
    <Link data-slot="button" href={ADMIN_LINK.href} aria-current={active ? 'page' : undefined} onClick={onNavigate} className={pick(looks, active)}>
      {icon}
      {ADMIN_LINK.label}
    </Link>
  );
}

/** How long the closing animation (animate-menu-out, 100ms) may take before the menu is removed anyway. */
const CLOSE_FALLBACK_MS = 200;

/**
 * The desktop 'Personal' menu, with what Radix's non-modal dropdown gave it: the menu button and menu
 * roles, opening with a click (focus on the menu) or Enter, Space or ArrowDown (focus on the first item);
 * ArrowUp/ArrowDown, Home/End and the first letter move between items, and the pointer focuses the item
 * under it; Escape or choosing an item closes it and returns focus to the button; a click or focus
 * outside closes it; Tab stays in the menu. It fades out before it is removed.
 */
function PersonalMenu({ pathname, icons }: { pathname: Pathname; icons: HeaderIcons }) {
  const [state, setState] = useState<'open' | 'closing' | 'closed'>('closed');
  const focusFirstItem = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const open = state === 'open';
  const active = pathname !== null && isAnyActive(pathname, PERSONAL_LINKS);

  const show = (withKeyboard: boolean) => {
    focusFirstItem.current = withKeyboard;
    setState('open');
  };
  const close = (returnFocus: boolean) => {
    setState((current) => (current === 'open' ? 'closing' : current));
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const content = contentRef.current;
    const first = content?.querySelector<HTMLElement>('[role="menuitem"]');
    (focusFirstItem.current && first ? first : content)?.focus({ preventScroll: true });
    const isOutside = (target: EventTarget | null) =>
      !(target instanceof Node && (contentRef.current?.contains(target) || triggerRef.current?.contains(target)));
    const onPointerDown = (event: PointerEvent) => {
      if (isOutside(event.target)) setState('closing');
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isOutside(event.target)) setState('closing');
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open]);

  useEffect(() => {
    if (state !== 'closing') return;
    const timer = window.setTimeout(() => setState('closed'), CLOSE_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  function onTriggerKeyDown(event: ReactKeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    if (open && event.key !== 'ArrowDown') close(false);
    else show(true);
  }

  function onMenuKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    const items = [...(contentRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const current = items.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key === 'Tab') {
      event.preventDefault();
      return;
    }
    if (event.key === 'ArrowDown') next = current < 0 ? items[0] : items[Math.min(current + 1, items.length - 1)];
    else if (event.key === 'ArrowUp') next = current < 0 ? items.at(-1) : items[Math.max(current - 1, 0)];
    else if (event.key === 'Home' || event.key === 'PageUp') next = items[0];
    else if (event.key === 'End' || event.key === 'PageDown') next = items.at(-1);
    else if (event.key.length === 1 && !event.ctrlKey && !event.altKey && !event.metaKey && event.key !== ' ') {
      // Type-ahead: the next item, after the focused one, whose label starts with the letter.
      const letter = event.key.toLowerCase();
      const ordered = [...items.slice(current + 1), ...items.slice(0, current + 1)];
      next = ordered.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter));
    } else return;
    event.preventDefault();
    next?.focus({ preventScroll: true });
  }

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        id={`${id}-trigger`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        data-state={open ? 'open' : 'closed'}
        data-active={active || undefined}
        data-slot="dropdown-menu-trigger"
        className={pick(LOOKS.personalTrigger, active)}
        onClick={() => (open ? close(false) : show(false))}
        onKeyDown={onTriggerKeyDown}
      >
        Personal
        {icons.chevron}
      </button>
      {state !== 'closed' ? (
        <div
          ref={contentRef}
          id={`${id}-menu`}
          role="menu"
          aria-orientation="vertical"
          aria-labelledby={`${id}-trigger`}
          tabIndex={-1}
          data-state={open ? 'open' : 'closed'}
          data-side="bottom"
          data-align="start"
          data-slot="dropdown-menu-content"
          className={LOOKS.personalMenu}
          onKeyDown={onMenuKeyDown}
          onPointerLeave={() => contentRef.current?.focus({ preventScroll: true })}
          onAnimationEnd={() => setState((current) => (current === 'closing' ? 'closed' : current))}
        >
          {PERSONAL_LINKS.map((link) => {
            const itemActive = isActive(pathname, link.href);
            return (
              <Link
                key={link.href}
                href={link.href}
                role="menuitem"
                tabIndex={-1}
                data-slot="dropdown-menu-item"
                data-variant="default"
                aria-current={itemActive ? 'page' : undefined}
                className={pick(LOOKS.personalItem, itemActive)}
                onPointerMove={(event) => {
                  if (document.activeElement !== event.currentTarget) event.currentTarget.focus({ preventScroll: true });
                }}
                onKeyDown={(event) => {
                  // A link follows Enter by itself; Space chooses the item too, as in a menu.
                  if (event.key !== ' ') return;
                  event.preventDefault();
                  event.currentTarget.click();
                }}
                onClick={() => close(true)}
              >
                {icons.personal[link.href]}
                {link.label}
              </Link>
            );
          })}
        </div>
      ) : null}
    </>
  );
}

function MobileGroup({
  heading,
  links,
  pathname,
  looks,
  onNavigate,
}: {
  heading: string;
  links: readonly NavLink[];
  pathname: Pathname;
  looks: Looks;
  onNavigate: (event: ReactMouseEvent<HTMLAnchorElement>) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="eyebrow px-3 text-muted-foreground">
        {heading}
      </h2>
      <ul className="mt-2 space-y-0.5">
        {links.map((link) => {
          const active = isActive(pathname, link.href);
          return (
            <li key={link.href}>
              <Link href={link.href} aria-current={active ? 'page' : undefined} onClick={onNavigate} className={pick(looks, active)}>
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
