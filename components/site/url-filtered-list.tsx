import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';

import { UrlFilteredListClient, type UrlFilteredListProps } from './url-filtered-list-client';

export type { FilteredItem, UrlFilter } from './url-filtered-list-client';

/** The small, rounded Button look of the filter links, active or not. */
export function filterLinkClasses(active: boolean): string {
  return cn(buttonVariants({ size: 'sm', variant: active ? 'default' : 'outline' }), 'rounded-full px-4');
}

/**
 * A list filtered by a query parameter, with its filter links (spec: the projects, research and personal
 * filters). The server renders every item (the page is cached whole, for any query string); the browser
 * shows those the address asks for. An unknown value is the unfiltered list, as before.
 */
export function UrlFilteredList(props: UrlFilteredListProps) {
  return <UrlFilteredListClient {...props} linkClasses={{ active: filterLinkClasses(true), inactive: filterLinkClasses(false) }} />;
}
