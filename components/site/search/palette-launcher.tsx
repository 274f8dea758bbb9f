'use client';

import { lazy, Suspense, useEffect, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';

/*
 * The search palette's launcher (issue 35), in every public page's first load, so it stays small: it
 * listens for Ctrl-K / ⌘K and `/`, and the header's Search links call openPaletteOnPlainClick. The palette
 * itself (command-palette.tsx, with cmdk) is a chunk of its own, imported on the first open (or when the
 * pointer or focus reaches a Search link, so it is usually there by the click) and kept mounted afterwards,
 * as the site's toaster is (site-toaster.tsx).
 */

const loadPalette = () => import('./command-palette');
const CommandPalette = lazy(() => loadPalette().then((module) => ({ default: module.CommandPalette })));

export interface PaletteIcons {
  search: ReactNode;
  close: ReactNode;
}

interface PaletteState {
  /** Whether it was ever opened: from then on the palette stays mounted (and keeps its last search). */
  wanted: boolean;
  open: boolean;
  /** Where focus goes back to when it closes. */
  returnTo: HTMLElement | null;
}

let state: PaletteState = { wanted: false, open: false, returnTo: null };
const CLOSED_ON_SERVER: PaletteState = state;
const listeners = new Set<() => void>();

function update(next: Partial<PaletteState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** `returnTo`: where focus goes when it closes, if not what has it now (a link about to be hidden). */
function openPalette(returnTo?: HTMLElement | null) {
  if (state.open) return;
  const focused = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  update({ wanted: true, open: true, returnTo: returnTo ?? focused });
}

function closePalette() {
  if (state.open) update({ open: false });
}

/** Starts loading the palette's chunk before it is needed (a Search link's pointer-enter or focus). */
export function preloadPalette() {
  void loadPalette().catch(() => undefined);
}

/**
 * For a link to /search: a plain click opens the palette instead; a click with a modifier (new tab,
 * new window) or another button follows the link, as does any click without script.
 */
export function openPaletteOnPlainClick(event: MouseEvent<HTMLAnchorElement>, returnTo?: HTMLElement | null) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  openPalette(returnTo);
}

/** Whether the key goes to a field the visitor is typing in, where `/` is a character and Ctrl-K may be the field's own. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

/** Ctrl-K or ⌘K (no Shift or Alt), or `/` with no modifier, outside any field. */
function opensPalette(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.altKey || isTyping(event.target)) return false;
  if (event.key === '/') return !event.ctrlKey && !event.metaKey;
  return event.key.toLowerCase() === 'k' && event.ctrlKey !== event.metaKey && !event.shiftKey;
}

/** Mounted once, by the header. Renders nothing until the palette is first opened. */
export function PaletteLauncher({ icons }: { icons: PaletteIcons }) {
  const { wanted, open, returnTo } = useSyncExternalStore(subscribe, () => state, () => CLOSED_ON_SERVER);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!opensPalette(event)) return;
      event.preventDefault();
      openPalette();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette open={open} returnTo={returnTo} onClose={closePalette} icons={icons} />
    </Suspense>
  );
}
