import { FallbackImage, LARGEST_PAINT } from '@/components/site/fallback-image';
import type { BlogCardPost } from '@/lib/content/blog/types';

/** A blog card's cover image (spec section 2), rendered on the server for BlogCard; the first one on a page is fetched at once (its largest paint on a phone). */
export function BlogCardCover({ post, first = false }: { post: BlogCardPost; first?: boolean }) {
  return (
    <FallbackImage
      src={post.coverImage}
      alt=""
      fill
      {...(first ? LARGEST_PAINT : {})}
      sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw"
      className="object-cover transition-transform duration-500 motion-safe:group-hover:scale-[1.03]"
    />
  );
}
