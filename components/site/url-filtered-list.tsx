import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

import { UrlFilteredListClient, type UrlFilteredListProps } from './url-filtered-list-client';

import type { UrlFilter } from './url-filtered-list-client';

export type { FilteredItem, UrlFilter } from './url-filtered-list-client';

/**
 * Filters for UrlFilteredList from a list whose first, catch-all value is 'all' (the projects' and papers'
 * filter lists): 'all' is the filter without a query value.
 */
export function withAllFilter<V extends string>(filters: readonly { value: V | 'all'; label: string }[], href: (value: V | 'all') => string): UrlFilter[] {
  return filters.map((filter) => ({ value: filter.value === 'all' ? null : filter.value, label: filter.label, href: href(filter.value) }));
}

/** The small, rounded Button look of filter links and buttons (also the blog's tag filter), active or not. */
export function filterLinkClasses(active: boolean): string {
  return cn(buttonVariants({ size: 'sm', variant: active ? 'default' : 'outline' }), 'rounded-full px-4');
}

/**
 * A list filtered by a query parameter, with its filter links (docs/product.md §2: the projects, research and personal
 * filters). The server renders every item (the page is cached whole, for any query string); the browser
 * shows those the address asks for. An unknown value is the unfiltered list, as before.
 */
export function UrlFilteredList(props: UrlFilteredListProps) {
  return <UrlFilteredListClient {...props} linkClasses={{ active: filterLinkClasses(true), inactive: filterLinkClasses(false) }} />;
}
