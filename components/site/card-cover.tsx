import { FallbackImage, LARGEST_PAINT } from '@/components/site/fallback-image';

/**
 * A card's cover image (projects, blog posts): it fills the card's frame and zooms a little while the card
 * is hovered. `first`: the first card's image is the page's largest paint on a phone, fetched at once.
 */
export function CardCover({ src, sizes, first = false }: { src: string | null | undefined; sizes: string; first?: boolean }) {
  return (
    <FallbackImage
      src={src}
      alt=""
      fill
      {...(first ? LARGEST_PAINT : {})}
      sizes={sizes}
      className="card-cover"
    />
  );
}
