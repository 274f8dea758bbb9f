import type { SearchType } from './types';

/** How the results page and the palette name each kind of result: the group heading, and one item's kind. */
export const SEARCH_TYPE_LABELS: Record<SearchType, { group: string; one: string }> = {
  research: { group: 'Research papers', one: 'Paper' },
  blog: { group: 'Blog posts', one: 'Blog post' },
  projects: { group: 'Projects', one: 'Project' },
  personal: { group: 'Personal posts', one: 'Personal post' },
  experience: { group: 'Experience', one: 'Experience' },
};

/** The address of a search: the query, and the type filter unless it is every type. */
export function searchHref(query: string, type: SearchType | 'all' = 'all'): string {
  const params = new URLSearchParams({ q: query });
  if (type !== 'all') params.set('type', type);
  return `/search?${params.toString()}`;
}
