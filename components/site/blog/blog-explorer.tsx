'use client';

import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Search, X } from '@/components/site/icons';

import { filterPosts } from '@/lib/content/blog/rules';
import type { BlogCardPost } from '@/lib/content/blog/types';

import { useUrlSearch } from '../use-url-search';
import { BlogCard } from './blog-card';

/**
 * Writing the URL on every keystroke would run into the browsers' limits on history updates (Chrome and
 * Safari throttle them); the list itself still filters at once.
 */
const URL_WRITE_DELAY_MS = 250;

/** The filter as a query string: ?q=…&tag=…, empty parts left out. */
function filterSearch(query: string, tag: string | null): string {
  const params = new URLSearchParams();
  if (query.trim()) params.set('q', query);
  if (tag) params.set('tag', tag);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The controls' classes (the Input and Button looks), made on the server: no class merging runs here. */
export interface BlogExplorerClasses {
  search: string;
  tagActive: string;
  tagInactive: string;
  clearFilters: string;
}

interface BlogExplorerProps {
  posts: BlogCardPost[];
  /**
   * The posts' tags in order (distinctTags), sorted on the server: the sort's collation, the first in a page,
   * cost the phone's first use of the browser's ICU data as the list hydrated (`npm run bench:hydration`).
   */
  tags: string[];
  /** Each post's cover image, rendered on the server, by post id. */
  covers: Record<string, ReactNode>;
  classes: BlogExplorerClasses;
}

/**
 * /blog's search and tag filter (docs/product.md §§2 and 5). The server sends the whole list once and the
 * filtering runs here, so results follow each keystroke. The filter is mirrored into the URL with the
 * native History API (which Next.js's router follows), so a reload or a shared link restores it without
 * a server round trip per change. The page is the same for every query string (cached whole): the filter
 * of the address is applied here, after hydration, and again when a navigation (a post's tag link, Back)
 * brings another one.
 */
export function BlogExplorer({ posts, tags, covers, classes }: BlogExplorerProps) {
  const url = useUrlSearch();
  const urlQuery = url.get('q') ?? '';
  const urlTag = url.get('tag')?.trim() || null;
  const [query, setQuery] = useState('');
  const [tag, setTag] = useState<string | null>(null);
  const visible = useMemo(() => filterPosts(posts, query, tag), [posts, query, tag]);
  const filtersRef = useRef<HTMLDivElement>(null);
  const searchId = useId();

  // What the URL says, written here or arrived with a navigation. An address that differs from the last
  // one seen (the first render's included: the server rendered the unfiltered list) is applied to the
  // filter; the explorer's own writes come back equal and change nothing.
  const written = useRef(filterSearch('', null));
  const seen = useRef(filterSearch('', null));
  const fromUrl = filterSearch(urlQuery, urlTag);
  useEffect(() => {
    if (fromUrl === seen.current) return;
    seen.current = fromUrl;
    if (fromUrl === written.current) return;
    written.current = fromUrl;
    setQuery(urlQuery);
    setTag(urlTag);
  }, [fromUrl, urlQuery, urlTag]);
  useEffect(() => {
    const search = filterSearch(query, tag);
    if (search === written.current) return;
    const timer = window.setTimeout(() => {
      written.current = search;
      // null state: Next.js then copies its own history entry data and moves its router to the new URL.
      window.history.replaceState(null, '', `${window.location.pathname}${search}`);
    }, URL_WRITE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query, tag]);

  function selectFromCard(selected: string) {
    setTag(selected);
    // The filter bar may be scrolled away; bring it back so the reader sees what changed.
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    filtersRef.current?.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
  }

  function clearFilters() {
    setQuery('');
    setTag(null);
  }

  return (
    <div className="flex flex-col gap-10">
      <div ref={filtersRef} className="flex scroll-mt-[calc(var(--header-height)+1rem)] flex-col gap-5">
        <div className="relative max-w-md">
          <label htmlFor={searchId} className="sr-only">
            Search articles
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <input
            id={searchId}
            type="search"
            inputMode="search"
            autoComplete="off"
            placeholder="Search articles..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            data-slot="input"
            className={classes.search}
          />
          {query ? (
            <button
              type="button"
              onClick={() => setQuery('')}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-sm p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring"
            >
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">Clear search</span>
            </button>
          ) : null}
        </div>
        <div role="group" aria-label="Filter by tag" className="flex flex-wrap gap-2">
          {[null, ...tags].map((option) => {
            const active = option === tag;
            return (
              <button
                key={option ?? ''}
                type="button"
                data-slot="button"
                aria-pressed={active}
                onClick={() => setTag(option)}
                className={active ? classes.tagActive : classes.tagInactive}
              >
                {option ?? 'All'}
              </button>
            );
          })}
        </div>
      </div>

      {/* Announces the outcome of each change; the grid itself is not a live region (too verbose). */}
      <p role="status" className="sr-only">
        {visible.length === 1 ? '1 article' : `${visible.length} articles`}
      </p>

      {visible.length > 0 ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {visible.map((post) => (
            <li key={post.id}>
              <BlogCard post={post} cover={covers[post.id]} onTagSelect={selectFromCard} activeTag={tag} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-border px-6 py-16 text-center">
          <p className="font-serif text-2xl font-semibold text-foreground">No articles found</p>
          <button type="button" data-slot="button" onClick={clearFilters} className={classes.clearFilters}>
            Clear Filters
          </button>
        </div>
      )}
    </div>
  );
}
