import type { ProjectCategory } from './types';

export type CategoryFilter = ProjectCategory | 'all';

/** The filter buttons of /projects, in the order and words of docs/product.md §2. */
export const CATEGORY_FILTERS: readonly { value: CategoryFilter; label: string }[] = [
  { value: 'all', label: 'All Projects' },
  { value: 'academic', label: 'Academic' },
  { value: 'web', label: 'Web Development' },
  { value: 'mobile', label: 'Mobile' },
  { value: 'other', label: 'Other' },
];

export const CATEGORY_LABELS: Record<ProjectCategory, string> = {
  academic: 'Academic',
  web: 'Web Development',
  mobile: 'Mobile',
  other: 'Other',
};

/** The ?category= value; anything unknown (or repeated) shows every project rather than an error. */
export function parseCategory(param: string | string[] | undefined): CategoryFilter {
  const value = Array.isArray(param) ? param[0] : param;
  return CATEGORY_FILTERS.some((filter) => filter.value === value) ? (value as CategoryFilter) : 'all';
}

export function categoryHref(category: CategoryFilter): string {
  return category === 'all' ? '/projects' : `/projects?category=${category}`;
}
