import { CardCover } from '@/components/site/card-cover';
import type { BlogCardPost } from '@/lib/content/blog/types';

/** A blog card's cover image (docs/product.md §2), rendered on the server for BlogCard; the first one on a page is fetched at once (its largest paint on a phone). */
export function BlogCardCover({ post, first = false }: { post: BlogCardPost; first?: boolean }) {
  return <CardCover src={post.coverImage} sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw" first={first} />;
}
