import { ExternalLink } from '@/components/site/icons';
import type { ProfileKind } from '@/lib/content/about/types';
import { cn } from '@/lib/utils';

/** The kinds with a brand mark of their own in the stylesheet; any other link shows the external-link icon. */
const MARKED: ReadonlySet<ProfileKind> = new Set(['github', 'gitlab', 'linkedin', 'scholar', 'orcid', 'researchgate', 'mastodon', 'bluesky', 'x']);

/**
 * A decorative brand mark: the link around it carries the accessible name. The mark itself is in the
 * stylesheet (.brand-icon, .brand-{kind} in app/globals.css), drawn in the current text colour.
 */
export function BrandIcon({ kind, className }: { kind: ProfileKind; className?: string }) {
  if (!MARKED.has(kind)) return <ExternalLink aria-hidden="true" className={className} />;
  return <span aria-hidden="true" className={cn('brand-icon', `brand-${kind}`, className)} />;
}
