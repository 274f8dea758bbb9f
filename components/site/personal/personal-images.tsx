import { FallbackImage } from '@/components/site/fallback-image';
import { cn } from '@/lib/utils';

/**
 * A post's images as a grid. Each is a FallbackImage, so a broken URL shows /placeholder.svg instead of a
 * broken-image icon (docs/product.md §2).
 */
export function PersonalImages({ urls, title, limit, className }: { urls: string[]; title: string; limit?: number; className?: string }) {
  const shown = limit === undefined ? urls : urls.slice(0, limit);
  if (shown.length === 0) return null;
  return (
    <ul className={cn('grid gap-3', shown.length === 1 ? 'grid-cols-1' : 'grid-cols-2 sm:grid-cols-3', className)}>
      {shown.map((url, index) => (
        <li key={`${index}-${url}`} className="relative aspect-[4/3] overflow-hidden rounded-lg border border-border bg-muted">
          <FallbackImage
            src={url}
            alt={`${title}: image ${index + 1} of ${urls.length}`}
            fill
            sizes="(min-width: 768px) 280px, 50vw"
            className="object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
