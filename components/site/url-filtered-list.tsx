'use client';

import type { ReactNode } from 'react';

import { FilterNav } from './filter-nav';
import { useUrlSearch } from './use-url-search';

export interface UrlFilter {
  /** The query value (`?category=web`); the first filter is "all" and has none. */
  value: string | null;
  label: string;
  href: string;
}

export interface FilteredItem {
  key: string;
  /** The value the item matches. */
  value: string;
  node: ReactNode;
}

interface UrlFilteredListProps {
  /** The query parameter: `category`, `status`, `type`. */
  param: string;
  filters: readonly UrlFilter[];
  navLabel: string;
  items: readonly FilteredItem[];
  className?: string;
  listClassName?: string;
  itemClassName?: string;
  /** Shown when the filter leaves nothing. */
  empty: ReactNode;
  /** Rendered after a non-empty list. */
  after?: ReactNode;
}

/**
 * A list filtered by a query parameter, with its filter links (spec: the projects, research and personal
 * filters). The server renders every item (the page is cached whole, for any query string); the browser
 * shows those the address asks for. An unknown value is the unfiltered list, as before.
 */
export function UrlFilteredList({ param, filters, navLabel, items, className, listClassName, itemClassName, empty, after }: UrlFilteredListProps) {
  const requested = useUrlSearch().get(param);
  const selected = filters.find((filter) => filter.value !== null && filter.value === requested)?.value ?? null;
  const visible = selected === null ? items : items.filter((item) => item.value === selected);
  return (
    <div className={className}>
      <FilterNav label={navLabel} options={filters.map((filter) => ({ label: filter.label, href: filter.href, active: filter.value === selected }))} />
      {visible.length > 0 ? (
        <>
          <ul className={listClassName}>
            {visible.map((item) => (
              <li key={item.key} className={itemClassName}>
                {item.node}
              </li>
            ))}
          </ul>
          {after}
        </>
      ) : (
        empty
      )}
    </div>
  );
}
