import type { BlogCardPost, BlogPost } from './types';

/**
 * Pure blog rules shared by the server reads and the client-side filters of /blog (no database, no
 * React): the tag list, the search match (docs/product.md §5) and the related-posts rule (docs/product.md §§7, 9).
 */

/** The fields these rules look at; BlogPost has them all. */
interface Filterable {
  title: string;
  excerpt: string;
  tags: string[];
}

/** Every distinct tag, sorted alphabetically (docs/product.md §2: the tag filter buttons after All). */
export function distinctTags(posts: readonly Pick<Filterable, 'tags'>[]): string[] {
  const tags = new Set<string>();
  for (const post of posts) for (const tag of post.tags) if (tag.trim()) tags.add(tag);
  return [...tags].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b));
}

/** docs/product.md §5: the search matches title or excerpt, case-insensitive. An empty search matches all. */
export function matchesSearch(post: Pick<Filterable, 'title' | 'excerpt'>, query: string): boolean {
  // Empty first: lower-casing in a named locale loads the browser's ICU data, which /blog's first render need not.
  const trimmed = query.trim();
  if (!trimmed) return true;
  const needle = trimmed.toLocaleLowerCase('en');
  return post.title.toLocaleLowerCase('en').includes(needle) || post.excerpt.toLocaleLowerCase('en').includes(needle);
}

/** The search combined with the tag filter; a null tag is All. */
export function filterPosts<T extends Filterable>(posts: readonly T[], query: string, tag: string | null): T[] {
  return posts.filter((post) => matchesSearch(post, query) && (tag === null || post.tags.includes(tag)));
}

/** Other posts sharing at least one tag with `post`, in the given order, at most `limit`. */
export function relatedPosts<T extends { id: string; tags: string[] }>(
  post: { id: string; tags: readonly string[] },
  candidates: readonly T[],
  limit = 2,
): T[] {
  const own = new Set(post.tags);
  return candidates.filter((other) => other.id !== post.id && other.tags.some((tag) => own.has(tag))).slice(0, limit);
}

export function toBlogCardPost({ id, slug, title, excerpt, date, tags, coverImage }: BlogPost): BlogCardPost {
  return { id, slug, title, excerpt, date, tags, coverImage };
}

/** The list filtered by one tag (the detail page's tag links). */
export function tagHref(tag: string): string {
  return `/blog?tag=${encodeURIComponent(tag)}`;
}
