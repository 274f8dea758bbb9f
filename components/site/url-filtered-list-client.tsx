'use client';

import type { ReactNode } from 'react';
import { Link } from '@/components/link';

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

/** The filter links' classes, made on the server (the Button look), so no class merging runs here. */
export interface FilterLinkClasses {
  active: string;
  inactive: string;
}

export interface UrlFilteredListProps {
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

interface ClientProps extends UrlFilteredListProps {
  linkClasses: FilterLinkClasses;
}

/** The browser half of UrlFilteredList (url-filtered-list.tsx): which items the address asks for. */
export function UrlFilteredListClient({ param, filters, navLabel, items, className, listClassName, itemClassName, empty, after, linkClasses }: ClientProps) {
  const requested = useUrlSearch().get(param);
  const selected = filters.find((filter) => filter.value !== null && filter.value === requested)?.value ?? null;
  const visible = selected === null ? items : items.filter((item) => item.value === selected);
  return (
    <div className={className}>
      {/* Filter buttons as links: the choice lives in the URL, so it survives a reload and can be shared.
          `scroll={false}`: changing a filter keeps the reader's place. */}
      <nav aria-label={navLabel}>
        <ul className="flex flex-wrap gap-2">
          {filters.map((filter) => {
            const active = filter.value === selected;
            return (
              <li key={filter.href}>
                <Link href={filter.href} scroll={false} aria-current={active ? 'true' : undefined} data-slot="button" className={active ? linkClasses.active : linkClasses.inactive}>
                  {filter.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
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
