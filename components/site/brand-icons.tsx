import { cn } from '@/lib/utils';
import type { SocialPlatform } from '@/lib/site';

/**
 * A decorative brand mark: the link around it carries the accessible name. The mark itself is in the
 * stylesheet (.brand-icon, .brand-{platform} in app/globals.css), drawn in the current text colour.
 */
export function BrandIcon({ platform, className }: { platform: SocialPlatform; className?: string }) {
  return <span aria-hidden="true" className={cn('brand-icon', `brand-${platform}`, className)} />;
}
