'use client';

import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { usePathname, useRouter } from 'next/navigation';

import { Command, CommandGroup, CommandInput, CommandItem, CommandList } from '@/components/ui/command';
import { plural } from '@/lib/format';
import { SEARCH_TYPE_LABELS, searchHref } from '@/lib/search/labels';
import { normalizeQuery } from '@/lib/search/query';
import { SEARCH_TYPES, type ExcerptPart, type SearchHit, type SearchResult, type SearchType } from '@/lib/search/types';

import type { PaletteIcons } from './palette-launcher';

/*
 * The search palette (issue 35), loaded on its first open by palette-launcher.tsx. Results come as the
 * visitor types, from GET /api/search (app/api/search/route.ts): one request per pause in typing, and a
 * request still running when the query changes again is cancelled. The dialog is a small one of its own,
 * not Radix's (focus scopes, scroll locking and a popper would outweigh the palette): modal for assistive
 * technology, Tab kept inside, Escape or a click outside closes it, and focus goes back where it was.
 */

/** How long typing must pause before the query is sent. */
const DEBOUNCE_MS = 150;

const UNAVAILABLE = 'Search is not available right now.';

/** cmdk's value of the last item, which no result's `type:id` can equal. */
const SHOW_ALL = '*show-all';

type Answer = { query: string; result: SearchResult } | { query: string; message: string };

const hitValue = (hit: SearchHit) => `${hit.type}:${hit.id}`;

/** The hits in the results page's order of types, each type's best first. */
function groupByType(hits: SearchHit[]): { type: SearchType; hits: SearchHit[] }[] {
  return SEARCH_TYPES.map((type) => ({ type, hits: hits.filter((hit) => hit.type === type) })).filter((group) => group.hits.length > 0);
}


export function CommandPalette({ open, returnTo, onClose, icons }: { open: boolean; returnTo: HTMLElement | null; onClose: () => void; icons: PaletteIcons }) {
  const router = useRouter();
  const pathname = usePathname();
  const shownOn = useRef(pathname);
  const [input, setInput] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [selected, setSelected] = useState(SHOW_ALL);
  const dialogRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // As the server will search it: typing a space or a control character asks nothing new.
  const query = normalizeQuery(input).query;

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      let next: Answer;
      try {
        const response = await fetch(`/api/search?${new URLSearchParams({ q: query }).toString()}`, { signal: controller.signal, headers: { accept: 'application/json' } });
        const body = (await response.json().catch(() => null)) as (SearchResult & { error?: string }) | null;
        if ((response.status === 429 || response.status === 503) && typeof body?.error === 'string') next = { query, message: body.error };
        else if (!response.ok || !body || !Array.isArray(body.hits)) next = { query, message: UNAVAILABLE };
        else next = { query, result: body };
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('Search failed', error);
        next = { query, message: UNAVAILABLE };
      }
      if (controller.signal.aborted) return;
      setAnswer(next);
      // Each new answer selects its best hit, so Enter goes to it (and ArrowDown to the next one).
      const first = 'result' in next ? groupByType(next.result.hits)[0]?.hits[0] : undefined;
      setSelected(first ? hitValue(first) : SHOW_ALL);
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  // A new page (the browser's Back, a link followed by script) closes it, as it closes the header's menu.
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    onClose();
  }, [pathname, onClose]);

  // While open: the page behind does not scroll, focus cannot leave the dialog, and it returns on close.
  useEffect(() => {
    if (!open) return;
    const input = inputRef.current;
    input?.focus({ preventScroll: true });
    input?.select();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !dialogRef.current?.contains(event.target)) inputRef.current?.focus({ preventScroll: true });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      root.style.overflow = overflow;
      // Back where it was, unless that element has gone or is hidden (a closed menu's link).
      if (returnTo?.isConnected && returnTo.getClientRects().length > 0) returnTo.focus({ preventScroll: true });
    };
  }, [open, returnTo]);

  if (!open) return null;

  const go = (href: string) => {
    onClose();
    router.push(href);
  };

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    const toggle = event.key.toLowerCase() === 'k' && event.ctrlKey !== event.metaKey && !event.shiftKey && !event.altKey;
    if (event.key === 'Escape' || toggle) {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // Tab and Shift-Tab go round the dialog's own controls (the input and the close button).
    const controls = [...(dialogRef.current?.querySelectorAll<HTMLElement>('input, button') ?? [])];
    const at = controls.indexOf(document.activeElement as HTMLElement);
    const next = controls[(at + (event.shiftKey ? -1 : 1) + controls.length) % controls.length];
    event.preventDefault();
    next?.focus();
  }

  // What is shown belongs to the query typed, or to the one before while the new one is on its way.
  const shown = query ? answer : null;
  const result = shown && 'result' in shown ? shown.result : null;
  const groups = result ? groupByType(result.hits) : [];
  const total = result ? SEARCH_TYPES.reduce((sum, type) => sum + result.counts[type], 0) : 0;
  const status = !shown ? '' : 'message' in shown ? shown.message : total === 0 ? `No results for "${shown.query}".` : `${plural(total, 'result')} for "${shown.query}".`;

  return createPortal(
    <div className="fixed inset-0 z-50 flex justify-center sm:items-start sm:pt-[12vh]">
      <div aria-hidden="true" className="absolute inset-0 bg-black/60" onClick={onClose} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-label="Search"
        onKeyDown={onKeyDown}
        className="relative flex max-h-dvh w-full flex-col overflow-hidden border-b bg-popover text-popover-foreground shadow-2xl shadow-black/40 sm:max-h-[70vh] sm:max-w-xl sm:rounded-xl sm:border"
      >
        <Command label="Search the site" shouldFilter={false} loop vimBindings={false} value={selected} onValueChange={setSelected} className="min-h-0 flex-1">
          <CommandInput
            ref={inputRef}
            icon={icons.search}
            value={input}
            onValueChange={setInput}
            placeholder="Search papers, posts, projects…"
            autoComplete="off"
            enterKeyHint="go"
          >
            <button type="button" data-slot="button" aria-label="Close search" className="btn btn-ghost size-9 -mr-1.5" onClick={onClose}>
              {icons.close}
            </button>
          </CommandInput>
          <p role="status" className="px-3 py-2 text-xs text-muted-foreground empty:py-0">
            {status}
          </p>
          {query ? null : <p className="px-4 pt-4 pb-6 text-center text-sm text-muted-foreground">Type to search papers, talks, courses, blog posts, projects, personal posts and experience.</p>}
          {/* Hidden, not left out, while there is nothing to list: the input names it as what it controls. */}
          <CommandList hidden={!query} className="min-h-0 flex-1 pb-1">
            {groups.map((group) => (
              <CommandGroup key={group.type} heading={SEARCH_TYPE_LABELS[group.type].group}>
                {group.hits.map((hit) => (
                  <CommandItem key={hitValue(hit)} value={hitValue(hit)} onSelect={() => go(hit.href)}>
                    <span className="flex min-w-0 flex-col gap-0.5">
                      <span className="truncate font-medium">{hit.title}</span>
                      {hit.excerpt.length > 0 ? (
                        <span className="truncate text-xs text-muted-foreground">
                          <Excerpt parts={hit.excerpt} />
                        </span>
                      ) : null}
                    </span>
                  </CommandItem>
                ))}
              </CommandGroup>
            ))}
            {query ? (
              <div className="p-1">
                <CommandItem value={SHOW_ALL} onSelect={() => go(searchHref(query))} className="text-primary">
                  Show all results for &quot;{query}&quot;
                </CommandItem>
              </div>
            ) : null}
          </CommandList>
        </Command>
      </div>
    </div>,
    document.body,
  );
}

/** A passage with its matched words marked, as text: an excerpt is never HTML. */
function Excerpt({ parts }: { parts: ExcerptPart[] }) {
  return parts.map((part, index) =>
    part.match ? (
      <mark key={index} className="rounded-sm bg-primary/20 px-0.5 text-foreground">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}
